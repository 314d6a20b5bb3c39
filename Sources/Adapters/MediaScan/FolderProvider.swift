import Catalog
#if canImport(Glibc)
import Glibc
#endif
import SearchText

/// The media files of one folder (not its sub-folders) as a catalog, named from their file
/// names (`FileNameParser`: no ffprobe, the player learns the rest from the media), in natural
/// order: what `spindle FILE` browses around the file it plays. Up next stays within a show,
/// as in a library: the next episode of the same show, nothing after a film.
///
///     let provider = FolderProvider(folder: "/media/Night Harbor/Season 1")
///     provider.titles.firstIndex { $0.id == "/media/Night Harbor/Season 1/S01E02.mkv" }
package struct FolderProvider: PageProvider {
    package let titles: [Title]
    private let shows: [String?]

    /// A single title played by URL: nothing around it.
    package init(url: String) {
        let name = url.split(separator: "/").last.map { String($0.prefix { $0 != "?" && $0 != "#" }) } ?? url
        let parsed = FileNameParser.parse(PercentDecoding.string(name))
        titles = [Self.title(id: url, parsed: parsed, video: url)]
        shows = [parsed.show]
    }

    package init(folder: String) {
        var entries: [(title: Title, show: String?, key: String)] = []
        if let directory = opendir(folder) {
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                }
                guard let name, !name.hasPrefix("."), MediaFolderWalker.isMediaName(name) else { continue }
                let path = MediaFolderWalker.joined(folder, name)
                var info = stat()
                guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let parsed = FileNameParser.parse(path: path)
                entries.append((Self.title(id: path, parsed: parsed, video: path), parsed.show, Self.sortKey(parsed)))
            }
        }
        entries.sort { $0.key < $1.key || ($0.key == $1.key && $0.title.id < $1.title.id) }
        titles = entries.map(\.title)
        shows = entries.map(\.show)
    }

    package var upNextIsTheListsNext: Bool { false }

    package func page(_ request: PageRequest) async throws -> Page {
        let query = SearchKey(request.query)
        let matching = request.query.isEmpty ? titles : titles.filter { SearchKey($0.title).contains(query) }
        if let page = try EndPaging.page(request.cursor, count: matching.count, pageSize: request.pageSize, title: { matching[$0] }) {
            return page
        }
        guard case .offset(let start) = request.cursor, start >= 0 else { throw CatalogError.unknownCursor(request.cursor) }
        return EndPaging.forwardPage(from: start, count: matching.count, pageSize: request.pageSize, counts: request.counts) {
            matching[$0]
        }
    }

    package func title(after titleID: String, query: String) async throws -> Title? {
        guard let index = titles.firstIndex(where: { $0.id == titleID }), index + 1 < titles.count,
              let show = shows[index], shows[index + 1].map({ SearchKey($0) == SearchKey(show) }) == true
        else { return nil }
        return titles[index + 1]
    }

    private static func title(id: String, parsed: ParsedName, video: String) -> Title {
        var display = parsed.title.isEmpty ? id.split(separator: "/").last.map(String.init) ?? id : parsed.title
        if let show = parsed.show {
            var code = parsed.season.map { "S" + NaturalOrder.padded($0, 2) } ?? ""
            if let episode = parsed.episode { code += "E" + NaturalOrder.padded(episode, 2) }
            display = [show, code].filter { !$0.isEmpty }.joined(separator: " ") + (parsed.title.isEmpty ? "" : " · " + parsed.title)
        }
        return Title(id: id, title: display, year: parsed.year ?? 0, genre: "", duration: 0, introStart: 0, introEnd: 0,
                     creditsStart: 0, media: TitleMedia(video: video, knowsDuration: false, knowsIntro: false, knowsCredits: false))
    }

    /// Natural order: a show's episodes by season and episode, films by title.
    private static func sortKey(_ parsed: ParsedName) -> String {
        NaturalOrder.key(parsed.show ?? parsed.title) + "\u{1}" + NaturalOrder.padded(parsed.season ?? 0, 6)
            + NaturalOrder.padded(parsed.episode ?? 0, 6) + NaturalOrder.padded(parsed.year ?? 0, 4)
    }
}
