import Browser
import Catalog

/// `n` / `N` after `/word` Enter, as in vi and less: the next / previous title that matches the
/// kept search. The list already holds only what the search found, titles and genres alike, so
/// a match here is a row whose *title* shows the search (its letters underlined; any word of
/// it), and rows found by their genre alone are skipped.
///
/// `n` wraps to the first match once the whole result is loaded; while more may come, with no
/// match below, it goes to the last loaded row, which loads the next page, and the next `n`
/// looks there. At the result's end with its start let go of (a long result keeps a window of
/// it), the wrap goes to the real first row, as Home does. `N` is the same the other way: the
/// first loaded row while earlier titles may come, else the last match, the real last row
/// (End) when the result goes on past what is loaded.
///
///     SearchJump.target(in: list, forward: true)   // .to(7): the next row whose title matches
enum SearchJump {
    /// Where the selection goes, or nil: no search kept, no title that matches, or nothing to
    /// do until a page comes.
    static func target(in list: ListState, forward: Bool) -> SelectionMove? {
        let words = list.query.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty, !list.items.isEmpty else { return nil }
        let titles = list.titles(in: 0..<list.items.count)
        let selection = list.selection
        func matches(_ index: Int) -> Bool { isMatch(titles[index].title, words) }
        func move(to index: Int?) -> SelectionMove? { index.flatMap { $0 == selection ? nil : .to($0) } }
        if forward {
            if let next = (selection + 1 ..< titles.count).first(where: matches) { return .to(next) }
            if list.hasMore { return move(to: titles.count - 1) }
            if list.hasEarlier { return .home }
            return move(to: (0 ... selection).first(where: matches))
        }
        if let previous = (0 ..< selection).reversed().first(where: matches) { return .to(previous) }
        if list.hasEarlier { return move(to: 0) }
        if list.hasMore { return .end }
        return move(to: (selection ..< titles.count).reversed().first(where: matches))
    }

    /// Whether `title` shows any of the search's words (as the rows underline them).
    static func isMatch(_ title: String, _ words: [String]) -> Bool {
        words.contains { word in
            var found = false
            SearchMatches.forEach(of: word, in: title) { _ in found = true }
            return found
        }
    }
}
