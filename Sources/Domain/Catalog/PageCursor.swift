/// Where a page starts: an offset for catalogs that can count, or an opaque token handed out by
/// catalogs that cannot (the previous page's `next`).
///
/// Clients never build cursors except `.start`; they pass back what the last `Page` returned.
package enum PageCursor: Equatable, Hashable, Sendable, Codable {
    /// The position of the first title to consider, in the catalog's own order.
    case offset(Int)
    /// A value the provider gave out and alone understands.
    case token(String)

    /// The first page. Every provider accepts it, including token-based ones.
    package static let start = PageCursor.offset(0)
}
