import Browser
import Catalog
import SpindleUI

/// The loaded titles a frame draws, indexed by their position in the whole list: the list
/// widget reads these and nothing else (its viewport counts the whole list, for the scrollbar).
///
/// The list's own storage (`ChunkedList`) is a package type of the Browser module: read from
/// another module, generic over its elements, each read costs about 2,000 instructions of
/// generic look-ups. `ListState.titles(in:)` copies the visible ones out inside Browser, and
/// this type lives here, so the widget's code is specialized for it: a row read is an array read.
///
///     ListView(items: VisibleTitles(list, viewport: viewport), viewport: viewport)
struct VisibleTitles: RandomAccessCollection {
    private let titles: [Title]
    let startIndex: Int

    /// The titles on the rows of `viewport` (positions of the whole list, `ListScreenView.viewport`)
    /// that are loaded: from the viewport's offset, or from the first loaded title if the
    /// offset is before it (a list entered from its end with less than a screen loaded), for
    /// as many rows as the viewport has.
    init(_ list: ListState, viewport: ListViewport) {
        let start = Swift.min(Swift.max(viewport.offset, list.firstIndex), list.loadedEnd)
        let end = Swift.min(list.loadedEnd, start + viewport.height)
        titles = list.titles(in: start - list.firstIndex ..< end - list.firstIndex)
        startIndex = start
    }

    var endIndex: Int { startIndex + titles.count }

    subscript(index: Int) -> Title { titles[index - startIndex] }
}
