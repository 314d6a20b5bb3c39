import Synchronization

/// A list of titles with their search keys folded once, so that searching costs a byte scan.
///
/// A title matches a query when the folded query occurs in its folded title or genre. The keys
/// are folded the first time a non-empty query is matched, not when the index is made: a list
/// that nobody searches (the first frame of the app) never pays for folding 5,000 titles.
///
///     let index = SearchIndex(EmbeddedCatalog.titles)
///     let query = SearchKey("amelie")
///     let hits = index.titles.indices.filter { index.matches(at: $0, query) }
public struct SearchIndex: Sendable {
    public let titles: [Title]
    private let keys: FoldedKeys

    public init(_ titles: [Title]) {
        self.titles = titles
        keys = FoldedKeys(titles)
    }

    public var count: Int { titles.count }

    /// Whether the title at `index` matches `query` (the empty query matches everything).
    public func matches(at index: Int, _ query: SearchKey) -> Bool {
        query.bytes.isEmpty || keys.all[index].contains(query)
    }

    /// The folded keys of all titles, in order (folded on first use, once, whoever asks first).
    public var foldedKeys: [SearchKey] { keys.all }
}

/// The titles' search keys, folded on first use.
private final class FoldedKeys: Sendable {
    private let titles: [Title]
    private let folded = Mutex<[SearchKey]?>(nil)

    init(_ titles: [Title]) {
        self.titles = titles
    }

    var all: [SearchKey] {
        folded.withLock { folded in
            if let folded { return folded }
            // A separator that no folded query can bridge, so "drama" does not match "…dra" + "ma…".
            let keys = titles.map { SearchKey($0.title + "\u{0}" + $0.genre) }
            folded = keys
            return keys
        }
    }
}
