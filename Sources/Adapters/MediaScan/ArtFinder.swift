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

    /// The picture of the media file at `path`, made at `width` x `height` from the first source
    /// that gives one.
    package func picture(forMedia path: String, duration: Double?, width: Int, height: Int) async -> Result {
        await picture(from: Self.sources(forMedia: path, duration: duration), width: width, height: height)
    }

    /// The picture made from the first of `sources` that gives one.
    package func picture(from sources: [ArtSource], width: Int, height: Int) async -> Result {
        var problems: [String] = []
        for source in sources {
            if Task.isCancelled { break }
            if let pixels = cache?.pixels(for: source, width: width, height: height) {
                return Result(pixels: pixels, source: source, problems: problems)
            }
            do {
                let pixels = try await maker.make(source, width: width, height: height)
                try? cache?.store(pixels, for: source)
                return Result(pixels: pixels, source: source, problems: problems)
            } catch is CancellationError {
                break
            } catch {
                // No cover inside is the common case, not a problem worth a line.
                if case .embedded = source { continue }
                problems.append("\(error)")
            }
        }
        return Result(pixels: nil, source: nil, problems: problems)
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
