import Browser
import Downloads
import Catalog
import SpindleUI
import Terminal

/// The catalog list: a header (the search and the loading state), the column headings, the
/// visible rows with a scrollbar, a loading or empty row after them, and the footer: the query
/// line while searching, the error if a page failed, else the key hints; the position
/// ("187 / 250+") at its right. Only the visible rows are drawn, however many are loaded.
enum ListScreenView {
    static func render(_ state: AppState, in area: Rect, preferences: AppPreferences, on canvas: any Canvas, tick: Int) {
        let list = state.list, theme = preferences.theme
        let (header, rest) = area.splitTop(rows: 1)
        var (headings, listAndFooter) = rest.splitTop(rows: 1)
        var (body, footer) = listAndFooter.splitBottom(rows: 1)
        renderHeader(list, scan: state.scan, server: state.server, in: header, theme: theme, on: canvas, tick: tick)
        if let grid = state.gridLayout, list.columns == grid.columns {
            PosterGridView.render(state, grid: grid, in: body, preferences: preferences, on: canvas)
            if list.items.isEmpty || list.visibleRange.upperBound == list.items.count && list.isLoading {
                let last = list.items.isEmpty ? 0 : (list.gridRow(of: list.items.count - 1) - list.gridRow(of: list.scrollOffset) + 1) * grid.cardRows
                if last < body.rows {
                    renderStatusRow(list, scan: state.scan, in: body.singleRow(last), theme: theme, on: canvas, tick: tick)
                }
            }
            renderFooter(state, in: footer, preferences: preferences, on: canvas)
            return
        }

        // Home's rows leave room at their right for the selected row's thumbnail.
        if let picture = state.homePicture {
            let rows = picture.column - Layout.homePictureGap - body.column
            HomePictureView.render(state, in: picture, preferences: preferences, on: canvas)
            body.columns = rows
            headings.columns = rows
        }
        let viewport = viewport(of: list, height: body.rows)
        let view = ListView(items: VisibleTitles(list, viewport: viewport), viewport: viewport,
                            hasMore: list.hasMore, styles: theme.list)
        let rowWidth = view.hasScrollbar(in: body) ? body.columns - 1 : body.columns
        var table = Layout.table
        table.styles.heading = theme.headings
        let layout = Layout.tableLayout(width: rowWidth)
        table.renderHeading(in: headings, layout: layout, on: canvas)
        // The query's words, split once per frame rather than once per row.
        let queryWords = list.query.split(whereSeparator: \.isWhitespace).map(String.init)
        // What a row's drawing reads: a row whose inputs did not change is kept, not drawn again.
        let context = RowIdentity(queryWords)
        let positions = state.positions
        let watched = state.watched
        let downloads = state.downloads
        let drawn = view.render(in: body, on: canvas, identity: { row in
            RowInputs(row.item, context: context, position: positions.isEmpty ? nil : positions[row.item.id],
                      isWatched: !watched.isEmpty && watched.contains(row.item.id),
                      download: downloads.isEmpty ? nil : downloads[row.item.id])
        }) { row, canvas in
            let markColumns = downloads.isEmpty ? 0 : DownloadMark.reservedColumns(downloads[row.item.id], in: row.rect, layout: layout)
            renderRow(row.item, queryWords: queryWords, isSelected: row.isSelected, in: row.rect, layout: layout, style: row.style,
                      theme: theme, reserving: markColumns, on: canvas)
            ContinueWatchingMark.render(state.positions[row.item.id], watched: state.watched.contains(row.item.id), of: row.item,
                                        in: row.rect, layout: layout,
                                        style: row.style, on: canvas)
            if !downloads.isEmpty {
                DownloadMark.render(downloads[row.item.id], in: row.rect, layout: layout, style: row.style,
                                    theme: theme, on: canvas)
            }
        }
        if drawn < body.rows {
            renderStatusRow(list, scan: state.scan, in: body.singleRow(drawn), theme: theme, on: canvas, tick: tick)
        }
        renderFooter(state, in: footer, preferences: preferences, on: canvas)
    }

    /// Everything a list row's drawing reads besides its place: the title's shown fields, the
    /// search's words, the continue-watching mark and the download mark. A row whose inputs are
    /// the same as last frame is kept, so a field `renderRow` or the marks start to read must be
    /// added here. (Only the shown fields are hashed: the whole `Title` costs twice as much.)
    struct RowInputs: Hashable {
        var name: String
        var year: Int
        var genre: String
        var duration: Int
        var knowsDuration: Bool?
        var isBroken: Bool
        var isGroup: Bool
        var progress: GroupProgress?
        var context: RowIdentity
        var position: Int?
        var isWatched: Bool
        var download: DownloadSummary?

        init(_ title: Title, context: RowIdentity, position: Int?, isWatched: Bool, download: DownloadSummary?) {
            name = title.title
            year = title.year
            genre = title.genre
            duration = title.duration
            knowsDuration = title.media?.knowsDuration
            isBroken = title.media?.problem != nil
            isGroup = title.group != nil
            progress = title.group?.progress
            self.context = context
            self.position = position
            self.isWatched = isWatched
            self.download = download
        }

        // The texts are compared and hashed by their bytes: String's own hash normalizes
        // (Unicode canonical equivalence) and costs several times more, every row, every frame.
        // Bytes are stricter: two spellings of one text only cost a redraw.
        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name.utf8.elementsEqual(rhs.name.utf8) && lhs.genre.utf8.elementsEqual(rhs.genre.utf8)
                && lhs.year == rhs.year && lhs.duration == rhs.duration && lhs.knowsDuration == rhs.knowsDuration
                && lhs.isBroken == rhs.isBroken && lhs.isGroup == rhs.isGroup && lhs.progress == rhs.progress && lhs.context == rhs.context && lhs.position == rhs.position
                && lhs.isWatched == rhs.isWatched && lhs.download == rhs.download
        }

        func hash(into hasher: inout Hasher) {
            Self.combineBytes(of: name, into: &hasher)
            Self.combineBytes(of: genre, into: &hasher)
            hasher.combine(year)
            hasher.combine(duration)
            hasher.combine(knowsDuration)
            hasher.combine(isBroken)
            hasher.combine(isGroup)
            hasher.combine(progress)
            hasher.combine(context)
            hasher.combine(position)
            hasher.combine(isWatched)
            hasher.combine(download)
        }

        private static func combineBytes(of text: String, into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The list widget's state, from the domain's selection and scroll, in positions of the whole
    /// list (a list entered from its end starts at `firstIndex`), which the scrollbar shows.
    static func viewport(of list: ListState, height: Int) -> ListViewport {
        ListViewport(count: list.knownCount ?? list.loadedEnd, height: height, selection: list.firstIndex + list.selection,
                     offset: list.firstIndex + list.scrollOffset)
    }

    /// " Spindle  “query”" at the left (" Spindle · nas:8700  “query”" on a server); how much is
    /// loaded at the right ("1,250 loaded, more…", "⠋ 250 loaded", "4,978 titles": counts grouped
    /// as the footer's position is).
    static func renderHeader(_ list: ListState, scan: ScanStatus? = nil, server: String? = nil, in area: Rect, theme: Theme,
                             on canvas: any Canvas, tick: Int) {
        // The titles up to the last loaded (a list that let go of its first pages counts them too),
        // or the whole list's count where it is known.
        let count = list.knownCount
        let loaded = count.map { Formatting.count($0, "title", "titles") } ?? Formatting.count(list.loadedEnd) + " loaded"
        var status: String
        if list.hasFailed {
            status = loaded + ", stopped"
        } else if list.isLoading {
            status = loaded + " \(Theme.spinner.frame(forTick: tick)) loading"
        } else if count == nil {
            status = loaded + ", more…"
        } else {
            status = loaded
        }
        if let scan = scan?.summary { status = scan + "  ·  " + status }
        // The view (Shows › Night Harbor › Season 2) while it shows; the search when there is one.
        let name = server.map { " Spindle · " + $0 } ?? " Spindle"
        let left = !list.query.isEmpty ? name + "  “\(list.query)”" : viewLabel(of: list).map { name + "  " + $0 } ?? name
        StatusLine(left: left, right: status + " ", style: theme.header, gap: 2).render(in: area, on: canvas)
    }

    /// What the header says of the view: "Shows › Night Harbor", "Films · by year · Drama ·
    /// 1990s"; nil for the whole list by title.
    static func viewLabel(of list: ListState) -> String? {
        var parts: [String] = []
        let isOrdered = list.isOrderable && (list.order != .title || !list.filter.isEmpty)
        if list.scope != .all || isOrdered { parts.append(list.scope.label) }
        if isOrdered {
            if list.order != .title { parts.append(list.order.label) }
            if !list.filter.isEmpty { parts.append(list.filter.label) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// One row: each cell where its column starts (the gaps keep the highlight under them),
    /// the letters the search matched in the title highlighted. The title leaves the last
    /// `reserved` columns of its cell to a mark (a download's), and ends with "…" when cut.
    static func renderRow(_ title: Title, queryWords: [String], isSelected: Bool, in rect: Rect, layout: TableLayout, style: Style,
                          theme: Theme, reserving reserved: Int = 0, on canvas: any Canvas) {
        let table = Layout.table
        let titleWidth = max(min(layout.widths[0], rect.columns - layout.starts[0]) - reserved, 0)
        if reserved > 0 {
            // By display column: a wide character that would straddle the mark is left out.
            canvas.put(title.title, row: rect.row, column: rect.column + layout.starts[0], style: style, width: titleWidth)
        } else {
            table.renderCell(title.title, column: 0, in: rect, layout: layout, style: style, on: canvas)
        }
        if !queryWords.isEmpty {
            renderMatches(of: queryWords, in: title.title, at: rect.column + layout.starts[0], row: rect.row,
                          width: titleWidth, style: isSelected ? theme.selectedMatch : theme.match, on: canvas)
        }
        if layout.shows(1) { table.renderCell(Formatting.year(title.year), column: 1, in: rect, layout: layout, style: style, on: canvas) }
        if layout.shows(2) {
            table.renderCell(title.genre, column: 2, in: rect, layout: layout, style: style, on: canvas)
        } else if title.media?.problem != nil, rect.columns > 2 {
            // Too narrow for the genre that says "unreadable": a mark at the row's end says it.
            canvas.put("!", row: rect.row, column: rect.column + rect.columns - 1, style: style, width: 1)
        }
        if layout.shows(3) {
            table.renderCell(Formatting.length(of: title), column: 3, in: rect, layout: layout, style: style, on: canvas)
        }
    }

    /// Draws the matched parts of `text` again in `style`, over the text already drawn at
    /// `column` in `width` columns (never over the "…" of a cut text). Each word of the query is
    /// marked wherever it occurs: a library's search finds titles word by word ("amelie montr"
    /// finds "Amélie à Montréal").
    static func renderMatches(of words: [String], in text: String, at column: Int, row: Int, width: Int, style: Style,
                              on canvas: any Canvas) {
        let room = DisplayText.width(text) > width ? width - 1 : width
        guard room > 0 else { return }
        for word in words {
            SearchMatches.forEach(of: word, in: text) { range in
                let start = DisplayText.width(text[..<range.lowerBound])
                guard start < room else { return }
                canvas.put(text[range], row: row, column: column + start, style: style, width: room - start, ellipsis: false)
            }
        }
    }

    /// After the last loaded row: loading, nothing listed yet while the library's scan runs, or
    /// nothing matched (a failure shows in the footer).
    static func renderStatusRow(_ list: ListState, scan: ScanStatus? = nil, in area: Rect, theme: Theme, on canvas: any Canvas,
                                tick: Int) {
        if list.hasFailed { return }
        if list.isLoading {
            canvas.put(" \(Theme.spinner.frame(forTick: tick)) Loading…", row: area.row, column: area.column,
                       style: theme.notice, width: area.columns)
        } else if list.isEmptyResult, list.query.isEmpty, let scan, !scan.isFinished {
            canvas.put(" \(Theme.spinner.frame(forTick: tick)) Scanning the library's folders: titles show as they are stored.",
                       row: area.row, column: area.column, style: theme.notice, width: area.columns)
        } else if list.isEmptyResult {
            let text = list.query.isEmpty ? " The catalog is empty." : " Nothing matched “\(list.query)”. Esc clears the search."
            canvas.put(text, row: area.row, column: area.column, style: theme.notice, width: area.columns)
        }
    }

    /// The query line, the error, or the key hints; the position at the right.
    static func renderFooter(_ state: AppState, in area: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let list = state.list, theme = preferences.theme
        if let notice = state.downloadNotice, !list.isSearchOpen {
            canvas.fill(area, with: " ", style: theme.footer)
            canvas.put(" " + notice, row: area.row, column: area.column, style: theme.label, width: area.columns)
            return
        }
        if let error = list.lastError, !list.isSearchOpen {
            // Shown once, here: always visible, however full the list is.
            canvas.fill(area, with: " ", style: theme.error)
            canvas.put(" could not load: \(error) - r to retry", row: area.row, column: area.column, style: theme.error,
                       width: area.columns)
            return
        }
        let position = PositionText(list.items.isEmpty ? 0 : list.firstIndex + list.selection + 1, of: list.knownCount ?? list.loadedEnd,
                                    isTotalKnown: list.knownCount != nil).text + " "
        let positionWidth = DisplayText.width(position)
        if list.isSearchOpen {
            // The count narrows as you type: worth its room unless the line gets too short.
            let showsPosition = area.columns >= positionWidth + 24
            let (input, right) = area.splitRight(columns: showsPosition ? positionWidth : 0)
            state.searchInput.render(in: input, on: canvas)
            if showsPosition { StatusLine(left: "", right: position, style: theme.footer).render(in: right, on: canvas) }
            return
        }
        // The hints come first; the position shows when it fits beside them.
        let hints = preferences.keys.hints(for: state, width: area.columns - 1)
        let showsPosition = 1 + hints.width + 2 + positionWidth <= area.columns
        StatusLine(left: " " + hints.text, right: showsPosition ? position : "", style: theme.footer).render(in: area, on: canvas)
    }
}
