import Catalog
import Foundation

/// The place of a row in an order other than the library's (`LibraryProvider+Order`):
/// `L2.<order>.<value's bits in hex>.<id>.<sort key in base64>`.
struct OrderedPosition: Equatable, Sendable {
    var order: ListOrder
    var value: Double
    var sortKey: String
    var id: Int64

    private static let prefix = "L2."

    var token: String { Self.prefix + body }

    /// What a token holds after its prefix: `<order>.<value's bits in hex>.<id>.<sort key in base64>`.
    var body: String {
        order.rawValue + "." + String(value.bitPattern, radix: 16) + "." + PagePosition(sortKey: sortKey, id: id).body
    }

    init(order: ListOrder, value: Double, sortKey: String, id: Int64) {
        (self.order, self.value, self.sortKey, self.id) = (order, value, sortKey, id)
    }

    init?(token: String) {
        guard token.hasPrefix(Self.prefix) else { return nil }
        self.init(body: token.dropFirst(Self.prefix.count))
    }

    init?(body: Substring) {
        // The order, the value, then a `PagePosition`'s body (`<id>.<sort key in base64>`).
        let parts = body.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let order = ListOrder(rawValue: String(parts[0])), let bits = UInt64(parts[1], radix: 16),
              case let value = Double(bitPattern: bits), value.isFinite, let place = PagePosition(body: parts[2])
        else { return nil }
        self.init(order: order, value: value, sortKey: place.sortKey, id: place.id)
    }
}

/// The cursors of a view in an order (`LibraryProvider+Order`): the start, an `OrderedPosition`
/// token (the page after it), `L2.end.<order>` (the view's last page) and
/// `L2.before.<order>.<value's bits in hex>.<id>.<sort key in base64>` (the page before that
/// row). A cursor of another order, or anything else, is refused with `CatalogError.unknownCursor`.
extension Keyset<OrderedPosition> {
    private static let endPrefix = "L2.end."
    private static let beforePrefix = "L2.before."

    init(_ cursor: PageCursor, order: ListOrder) throws(CatalogError) {
        switch cursor {
        case .offset(0):
            self = .after(nil)
        case .token(let token) where token.hasPrefix(Self.endPrefix):
            guard token.dropFirst(Self.endPrefix.count) == order.rawValue else { throw .unknownCursor(cursor) }
            self = .before(nil)
        case .token(let token):
            let before = token.hasPrefix(Self.beforePrefix)
            guard let place = before ? OrderedPosition(body: token.dropFirst(Self.beforePrefix.count)) : OrderedPosition(token: token),
                  place.order == order else { throw .unknownCursor(cursor) }
            self = before ? .before(place) : .after(place)
        case .offset:
            throw .unknownCursor(cursor)
        }
    }

    func cursor(order: ListOrder) -> PageCursor {
        switch self {
        case .after(nil): .start
        case .after(let place?): .token(place.token)
        case .before(nil): .token(Self.endPrefix + order.rawValue)
        case .before(let place?): .token(Self.beforePrefix + place.body)
        }
    }
}
