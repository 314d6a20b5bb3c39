import Catalog
import Foundation

/// A row's place in the library's order, `(sort_key, id)`, which a page token carries: the
/// next page starts after it. Tokens are opaque to clients; one that does not decode is refused
/// with `CatalogError.unknownCursor`.
struct PagePosition: Equatable, Sendable {
    var sortKey: String
    var id: Int64

    private static let prefix = "L1."

    /// `L1.<id>.<sort key in base64>`.
    var token: String {
        Self.prefix + String(id) + "." + Data(sortKey.utf8).base64EncodedString()
    }

    init(sortKey: String, id: Int64) {
        self.sortKey = sortKey
        self.id = id
    }

    init?(token: String) {
        guard token.hasPrefix(Self.prefix) else { return nil }
        let parts = token.dropFirst(Self.prefix.count).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
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
