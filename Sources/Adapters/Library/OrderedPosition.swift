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

    var token: String {
        Self.prefix + order.rawValue + "." + String(value.bitPattern, radix: 16) + "." + String(id) + "." + Data(sortKey.utf8).base64EncodedString()
    }

    init(order: ListOrder, value: Double, sortKey: String, id: Int64) {
        (self.order, self.value, self.sortKey, self.id) = (order, value, sortKey, id)
    }

    init?(token: String) {
        guard token.hasPrefix(Self.prefix) else { return nil }
        let parts = token.dropFirst(Self.prefix.count).split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let order = ListOrder(rawValue: String(parts[0])), let bits = UInt64(parts[1], radix: 16),
              case let value = Double(bitPattern: bits), value.isFinite, let id = Int64(parts[2]),
              let data = Data(base64Encoded: String(parts[3])), let sortKey = String(validating: data, as: UTF8.self)
        else { return nil }
        self.init(order: order, value: value, sortKey: sortKey, id: id)
    }
}
