import SearchText
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
package struct SearchIndex: Sendable {
    private let source: TitleSource
    private let keys: FoldedKeys
    package let count: Int

    package init(_ titles: [Title]) {
        source = TitleSource(titles)
        count = titles.count
        keys = FoldedKeys(source)
    }

    /// An index of `count` titles made by `title(at:)` when asked for: a page makes only its own
    /// titles, and the whole list is made (once) only for the first search. The embedded catalog
    /// is such a list: its first frame does not wait for 5,000 titles to be made.
    ///
    ///     SearchIndex(count: EmbeddedCatalog.defaultCount, title: EmbeddedCatalog.title(at:))
    package init(count: Int, title: @escaping @Sendable (Int) -> Title) {
        source = TitleSource(count: max(0, count), title: title)
        self.count = max(0, count)
        keys = FoldedKeys(source)
    }

    /// The title at `index` (0 ..< count).
    package func title(at index: Int) -> Title { source.title(at: index) }

    /// All the titles, in order (made on first use for a generated index).
    package var titles: [Title] { source.all }

    /// Whether the title at `index` matches `query` (the empty query matches everything).
    package func matches(at index: Int, _ query: SearchKey) -> Bool {
        query.bytes.isEmpty || keys.all[index].contains(query)
    }

    /// The folded keys of all titles, in order (folded on first use, once, whoever asks first).
    package var foldedKeys: [SearchKey] { keys.all }
}

/// The titles themselves: a list, or a generator whose list is made on first use.
private final class TitleSource: Sendable {
    private let list: [Title]?
    private let generate: (@Sendable (Int) -> Title)?
    private let count: Int
    private let made = Mutex<[Title]?>(nil)

    init(_ titles: [Title]) {
        list = titles
        generate = nil
        count = titles.count
    }

    init(count: Int, title: @escaping @Sendable (Int) -> Title) {
        list = nil
        generate = title
        self.count = count
    }

    func title(at index: Int) -> Title {
        if let list { return list[index] }
        if let made = made.withLock({ $0 }) { return made[index] }
        return generate!(index)
    }

    var all: [Title] {
        if let list { return list }
        return made.withLock { made in
            if let made { return made }
            let titles = (0 ..< count).map(generate!)
            made = titles
            return titles
        }
    }
}

/// The titles' search keys, folded on first use.
private final class FoldedKeys: Sendable {
    private let source: TitleSource
    private let folded = Mutex<[SearchKey]?>(nil)

    init(_ source: TitleSource) {
        self.source = source
    }

    var all: [SearchKey] {
        folded.withLock { folded in
            if let folded { return folded }
            // A separator that no folded query can bridge, so "drama" does not match "…dra" + "ma…".
            let keys = source.all.map { SearchKey($0.title + "\u{0}" + $0.genre) }
            folded = keys
            return keys
        }
    }
}
