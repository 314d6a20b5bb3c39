import Browser
import Catalog

/// `n` / `N` after `/word` Enter, as in vi and less: the next / previous title that matches the
/// kept search. The list already holds only what the search found, titles and genres alike, so
/// a match here is a row whose *title* shows the search (its letters underlined; any word of
/// it), and rows found by their genre alone are skipped.
///
/// `n` wraps to the first match once the whole result is loaded; while more may come, with no
/// match below, it goes to the last loaded row, which loads the next page, and the next `n`
/// looks there. `N` wraps to the last loaded match.
///
///     SearchJump.target(in: list, forward: true)   // 7: the next row whose title matches
enum SearchJump {
    /// The row to select, or nil: no search kept, or no title that matches.
    static func target(in list: ListState, forward: Bool) -> Int? {
        let words = list.query.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty, !list.items.isEmpty else { return nil }
        let titles = list.titles(in: 0..<list.items.count)
        let selection = list.selection
        func matches(_ index: Int) -> Bool { isMatch(titles[index].title, words) }
        if forward {
            if let next = (selection + 1 ..< titles.count).first(where: matches) { return next }
            if list.hasMore { return titles.count - 1 == selection ? nil : titles.count - 1 }
            return (0 ... selection).first(where: matches).flatMap { $0 == selection ? nil : $0 }
        }
        if let previous = (0 ..< selection).reversed().first(where: matches) { return previous }
        return (selection ..< titles.count).reversed().first(where: matches).flatMap { $0 == selection ? nil : $0 }
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
