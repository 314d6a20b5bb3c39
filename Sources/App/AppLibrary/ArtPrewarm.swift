import AppCore
import Library
import MediaScan

/// The grid's posters, made after a scan for the scanned folders' videos that have none kept
/// yet, `atOnce` at a time, in the background: browsing the grid later reads them from the
/// cache instead of waiting for ffmpeg. A picture file that is broken or hostile (a poster that
/// is no image, a symlink to a device) is one line of the scan's report; its card shows the
/// frame, or the title's initials.
struct ArtPrewarm: Sendable {
    let database: LibraryDatabase
    let finder: ArtFinder
    /// How many pictures are made at once: two ffmpeg processes keep a 2-core machine usable.
    static let atOnce = 2
    /// How many problems the report keeps, one line each.
    static let problemLines = 20

    /// Makes the missing posters of the videos under `roots`; `progress` gets the counts as
    /// they change. Stops early when its task is cancelled.
    func run(roots: [String], progress: @escaping @Sendable (PictureProgress) -> Void) async -> PictureProgress {
        let files = (try? await database.videoFiles(under: roots)) ?? []
        let size = ArtKind.poster.cardPixels
        var outcome = PictureProgress(total: files.count)
        progress(outcome)
        await withTaskGroup(of: [String]?.self) { group in
            var next = 0
            func start() {
                guard next < files.count else { return }
                let file = files[next]
                next += 1
                group.addTask {
                    let sources = ArtFinder.sources(forMedia: file.path, duration: file.duration)
                    if let cache = finder.cache, sources.contains(where: { cache.has($0, width: size.width, height: size.height) }) {
                        return []
                    }
                    if Task.isCancelled { return nil }
                    let result = await finder.picture(from: sources, width: size.width, height: size.height)
                    return Task.isCancelled ? nil : result.imageProblems
                }
            }
            for _ in 0..<Self.atOnce { start() }
            while let problems = await group.next() {
                guard let problems else { continue }
                outcome.done += 1
                if !problems.isEmpty {
                    outcome.failed += 1
                    if outcome.lines.count < Self.problemLines { outcome.lines += problems.prefix(Self.problemLines - outcome.lines.count) }
                }
                progress(outcome)
                if !Task.isCancelled { start() }
            }
        }
        return outcome
    }
}
