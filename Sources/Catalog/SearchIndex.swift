/// A list of titles with their search keys folded once, so that searching costs a byte scan.
///
/// A title matches a query when the folded query occurs in its folded title or genre.
///
///     let index = SearchIndex(EmbeddedCatalog.titles)
///     let query = SearchKey("amelie")
///     let hits = index.titles.indices.filter { index.matches(at: $0, query) }
public struct SearchIndex: Sendable {
    public let titles: [Title]
    private let keys: [SearchKey]

    public init(_ titles: [Title]) {
        self.titles = titles
        // A separator that no folded query can bridge, so "drama" does not match "…dra" + "ma…".
        keys = titles.map { SearchKey($0.title + "\u{0}" + $0.genre) }
    }

    public var count: Int { titles.count }

    public func matches(at index: Int, _ query: SearchKey) -> Bool {
        keys[index].contains(query)
    }
}
