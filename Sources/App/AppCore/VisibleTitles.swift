import Browser
import Catalog

/// The loaded titles as the list widget reads them: all of them count (for the scrollbar and the
/// scrolling), but only the visible ones are copied out, once per frame.
///
/// The list's own storage (`ChunkedList`) is a package type of the Browser module: read from
/// another module, generic over its elements, each read costs about 2,000 instructions of
/// generic look-ups. `ListState.titles(in:)` copies the visible ones out inside Browser, and
/// this type lives here, so the widget's code is specialized for it: a row read is an array read.
///
///     ListView(items: VisibleTitles(list, range: viewport.visibleRange), viewport: viewport)
struct VisibleTitles: RandomAccessCollection {
    private let titles: [Title]
    private let first: Int
    let endIndex: Int

    /// `range` in positions of the whole list (`ListScreenView.viewport`), from `list.firstIndex`.
    init(_ list: ListState, range: Range<Int>) {
        titles = list.titles(in: range.lowerBound - list.firstIndex ..< range.upperBound - list.firstIndex)
        first = range.lowerBound
        endIndex = list.loadedEnd
    }

    var startIndex: Int { 0 }

    /// Only the visible titles can be read.
    subscript(index: Int) -> Title { titles[index - first] }
}
