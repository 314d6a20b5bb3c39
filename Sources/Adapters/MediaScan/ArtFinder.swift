#if canImport(Glibc)
import Glibc
#endif

/// Finds and makes a title's picture the way media servers do: art beside the file first (see
/// `ArtNames`), then the cover inside the file, then a frame about a tenth of the way in; each
/// made once and kept in an `ArtCache`.
///
///     let finder = ArtFinder(maker: ArtMaker(), cache: ArtCache(folder: artFolder))
///     let result = await finder.picture(forMedia: "/films/Heat (1995)/Heat (1995).mkv", duration: 10_200,
///                                       width: 160, height: 240)
///     result.pixels     // the poster.jpg beside it, scaled
///     result.problems   // ["poster.jpg: Invalid data found when processing input"] when one failed
///
/// A source that fails is a line in `problems` and the next one is tried: a broken poster gives
/// way to the cover, then to a frame. Nothing here runs on the key path: it is an effect's work.
package struct ArtFinder: Sendable {
    package var maker: ArtMaker
    package var cache: ArtCache?
    /// The most names read from one folder (a folder of 100,000 files is read no further).
    package static let maximumListing = 10_000

    package init(maker: ArtMaker = ArtMaker(), cache: ArtCache?) {
        self.maker = maker
        self.cache = cache
    }

    /// What was made, and what failed on the way.
    package struct Result: Sendable {
        package var pixels: ArtPixels?
        package var source: ArtSource?
        package var problems: [String]
        /// The problems of picture files (a broken `poster.jpg`), which a scan's report lists:
        /// a frame that could not be taken is the media file's problem, told by its probe.
        package var imageProblems: [String] = []
    }

    /// The sources to try for the media file at `path`, in order.
    package static func sources(forMedia path: String, duration: Double?) -> [ArtSource] {
        let folder = Self.folder(of: path)
        let names = listing(of: folder)
        let isOwnFolder = names.filter { MediaNames.isMedia($0) }.count <= 1
        var sources: [ArtSource] = []
        if let poster = ArtNames.poster(forFile: path, in: names, folderIsItsOwn: isOwnFolder) {
            sources.append(.image(folder + "/" + poster))
        }
        sources.append(.embedded(path))
        sources.append(.frame(path, seconds: (duration ?? 0) / 10))
        return sources
    }

    /// The sources to try for the thumbnail (16:9) of the media file at `path`, in order: a
    /// `-thumb` picture beside it, a backdrop in a folder of its own, a frame, then its poster
    /// (fitted, for a file with no picture to take a frame of).
    package static func thumbnailSources(forMedia path: String, duration: Double?) -> [ArtSource] {
        let folder = Self.folder(of: path)
        let names = listing(of: folder)
        var sources: [ArtSource] = []
        if let thumb = ArtNames.first(of: [ArtNames.stem(of: path) + "-thumb"], in: names) {
            sources.append(.image(folder + "/" + thumb))
        }
        if names.filter({ MediaNames.isMedia($0) }).count <= 1, let backdrop = ArtNames.backdrop(in: names) {
            sources.append(.image(folder + "/" + backdrop))
        }
        sources.append(.frame(path, seconds: (duration ?? 0) / 10))
        if let poster = ArtNames.poster(forFile: path, in: names, folderIsItsOwn: names.filter({ MediaNames.isMedia($0) }).count <= 1) {
            sources.append(.image(folder + "/" + poster))
        }
        return sources
    }

    /// The sources to try for the poster of `show` (its season `season`, when given), from the
    /// path of one of its episodes: the season's poster (`season02-poster.jpg` in the show's
    /// folder, or the poster inside `Season 2/`), the show's poster, then a frame of the episode.
    /// The show's folder is the episode's, or the one above a season folder; a folder that is
    /// not named for the show (a folder of many shows' files) gives no poster.
    package static func groupSources(show: String, season: Int?, episode path: String, duration: Double?) -> [ArtSource] {
        let episodeFolder = folder(of: path)
        let isSeasonFolder = isSeasonFolderName(name(of: episodeFolder))
        let showFolder = isSeasonFolder ? folder(of: episodeFolder) : episodeFolder
        var sources: [ArtSource] = []
        let showKey = folded(show)
        if !showKey.isEmpty, folded(name(of: showFolder)).contains(showKey) {
            let showNames = listing(of: showFolder)
            if let season, let found = ArtNames.seasonPoster(season: season, showNames: showNames,
                                                            seasonNames: isSeasonFolder ? listing(of: episodeFolder) : []) {
                sources.append(.image((found.inShowFolder ? showFolder : episodeFolder) + "/" + found.name))
            }
            if let poster = ArtNames.showPoster(in: showNames) { sources.append(.image(showFolder + "/" + poster)) }
        }
        sources.append(.frame(path, seconds: (duration ?? 0) / 10))
        return sources
    }

    /// "Season 2", "season02", "S02", "Series 3", "Specials".
    static func isSeasonFolderName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered == "specials" { return true }
        for prefix in ["season", "series", "s"] where lowered.hasPrefix(prefix) {
            let rest = lowered.dropFirst(prefix.count).drop(while: { $0 == " " || $0 == "_" || $0 == "." })
            if !rest.isEmpty, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber) { return true }
        }
        return false
    }

    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Letters and digits only, lowercased: "Night.Harbor" and "Night Harbor" are one name.
    static func folded(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The picture of the media file at `path`, made at `width` x `height` from the first source
    /// that gives one.
    package func picture(forMedia path: String, duration: Double?, width: Int, height: Int) async -> Result {
        await picture(from: Self.sources(forMedia: path, duration: duration), width: width, height: height)
    }

    /// The picture made from the first of `sources` that gives one.
    package func picture(from sources: [ArtSource], width: Int, height: Int) async -> Result {
        var problems: [String] = []
        var imageProblems: [String] = []
        for source in sources {
            if Task.isCancelled { break }
            if let pixels = cache?.pixels(for: source, width: width, height: height) {
                return Result(pixels: pixels, source: source, problems: problems, imageProblems: imageProblems)
            }
            do {
                let pixels = try await maker.make(source, width: width, height: height)
                try? cache?.store(pixels, for: source)
                return Result(pixels: pixels, source: source, problems: problems, imageProblems: imageProblems)
            } catch is CancellationError {
                break
            } catch {
                // No cover inside is the common case, not a problem worth a line.
                if case .embedded = source { continue }
                problems.append("\(error)")
                if case .image = source { imageProblems.append("\(error)") }
            }
        }
        return Result(pixels: nil, source: nil, problems: problems, imageProblems: imageProblems)
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The names in `folder`, at most `maximumListing` of them; none when it cannot be read.
    static func listing(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < maximumListing, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}

/// Which names in a folder are media files (the walk's own list), for telling a film's own
/// folder from a folder of many (where the folder's poster is not any one file's).
enum MediaNames {
    static func isMedia(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return MediaFolderWalker.mediaExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
