import Catalog
import Foundation

/// A row's place in the library's order, `(sort_key, id)`, which a page token carries: the
/// next page starts after it. Tokens are opaque to clients; one that does not decode is refused
/// with `CatalogError.unknownCursor`.
struct PagePosition: Equatable, Sendable {
    var sortKey: String
    var id: Int64

    private static let prefix = "L1."

    /// Whether this place comes before `other` in the library's order: SQLite's, the sort keys'
    /// bytes compared (not Swift's comparison of strings, which holds canonically equivalent
    /// ones equal), then the ids.
    func precedes(_ other: PagePosition) -> Bool {
        if sortKey.utf8.elementsEqual(other.sortKey.utf8) { return id < other.id }
        return sortKey.utf8.lexicographicallyPrecedes(other.sortKey.utf8)
    }

    /// `L1.<id>.<sort key in base64>`.
    var token: String { Self.prefix + body }

    /// `<id>.<sort key in base64>`: what a token holds after its prefix.
    var body: String {
        String(id) + "." + Data(sortKey.utf8).base64EncodedString()
    }

    init(sortKey: String, id: Int64) {
        self.sortKey = sortKey
        self.id = id
    }

    init?(token: String) {
        guard token.hasPrefix(Self.prefix) else { return nil }
        self.init(body: token.dropFirst(Self.prefix.count))
    }

    init?(body: Substring) {
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let id = Int64(parts[0]),
              let data = Data(base64Encoded: String(parts[1])),
              let sortKey = String(validating: data, as: UTF8.self)
        else { return nil }
        self.init(sortKey: sortKey, id: id)
    }

    /// The position a cursor stands for: nil for the start.
    static func after(_ cursor: PageCursor) throws(CatalogError) -> PagePosition? {
        switch cursor {
        case .offset(0): return nil
        case .token(let token):
            guard let position = PagePosition(token: token) else { throw .unknownCursor(cursor) }
            return position
        case .offset: throw .unknownCursor(cursor)
        }
    }
}

/// The cursors of a list read by `(sort_key, id)` (the whole library, films, a season, a
/// folder): the start, a `PagePosition` token (the page after it), `L1.end` (the list's last
/// page) and `L1.before.<id>.<sort key in base64>` (the page before that row). Anything else
/// is refused with `CatalogError.unknownCursor`.
extension Keyset<PagePosition> {
    private static let end = "L1.end"
    private static let beforePrefix = "L1.before."

    init(_ cursor: PageCursor) throws(CatalogError) {
        if case .token(let token) = cursor {
            if token == Self.end {
                self = .before(nil)
                return
            }
            if token.hasPrefix(Self.beforePrefix) {
                guard let place = PagePosition(body: token.dropFirst(Self.beforePrefix.count)) else { throw .unknownCursor(cursor) }
                self = .before(place)
                return
            }
        }
        self = .after(try PagePosition.after(cursor))
    }

    var cursor: PageCursor {
        switch self {
        case .after(nil): .start
        case .after(let place?): .token(place.token)
        case .before(nil): .token(Self.end)
        case .before(let place?): .token(Self.beforePrefix + place.body)
        }
    }
}
