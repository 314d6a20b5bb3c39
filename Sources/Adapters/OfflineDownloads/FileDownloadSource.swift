import Catalog
import Downloads
import FileDownload
import Foundation
import ServerWire

/// The `DownloadSource` of real files: each part of a title is fetched by a `FileDownloader`
/// (http://, https:// or file://) into the title's folder under `directory`, streamed to a
/// `.part` with a sidecar, renamed when whole, resumed with `Range` after a failure, a cancel or
/// a restart of the app (docs/downloads-files.md, "FileDownloadSource").
///
///     let source = FileDownloadSource(
///         directory: home + "/.local/share/spindle/downloads",
///         httpHeaders: ["http://nas:8700/": ["Authorization: Bearer \(token)"]]
///     )
///     for try await progress in source.transfer(.video, of: title) { print(progress) }
///
/// On disk: `<directory>/<name>-<digest of the video URL>/<title's name>.mkv` (and
/// `subtitles.srt`); the video's extension is its URL's, else its `Content-Type`'s.
/// Failures are `DownloadError`s of one line; a cancelled transfer keeps its `.part`.
package struct FileDownloadSource: DownloadSource {
    /// Where titles are stored (absolute).
    package let directory: String
    /// Extra header lines by URL prefix; the longest prefix a URL starts with wins.
    package let httpHeaders: [String: [String]]
    package let downloader: FileDownloader
    /// Which addresses may be fetched: a server's titles only from the server itself.
    package let policy: DownloadPolicy

    /// - Parameters:
    ///   - directory: where titles are stored (created on demand, with parents); a relative
    ///     path is taken from the current directory.
    ///   - httpHeaders: extra header lines ("Authorization: Bearer x") by URL prefix, as
    ///     `MPVOptions` matches them; never sent to another origin.
    ///   - policy: which addresses may be fetched; a title pointing elsewhere fails with the
    ///     policy's reason and nothing is fetched.
    package init(directory: String, httpHeaders: [String: [String]] = [:], policy: DownloadPolicy = .anyAddress,
                 downloader: FileDownloader = FileDownloader()) {
        self.directory = LocalFiles.absolute(directory)
        self.httpHeaders = httpHeaders
        self.policy = policy
        self.downloader = downloader
    }

    package func transfer(_ part: DownloadPart, of title: Title) -> AsyncThrowingStream<DownloadProgress, any Error> {
        let planned: Result<TransferPlan, DownloadError>
        do throws(DownloadError) {
            planned = .success(try plan(part, of: title))
        } catch {
            planned = .failure(error)
        }
        let downloader = downloader
        let folder = folder(for: title)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let plan = try planned.get()
                    // What the folder holds, for a lost journal to be rebuilt from; the download
                    // does not depend on it, so a failure to write it stops nothing.
                    if part == .video { try? TitleManifest.write(title, inFolder: folder) }
                    try await plan.run(with: downloader) { continuation.yield($0) }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish(throwing: CancellationError())
                } catch {
                    continuation.finish(throwing: Self.userError(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    package func deleteLocalCopy(of title: Title) async throws {
        // Waits for transfers of the title still letting go of their files (a cancel just before).
        let paths = DownloadPart.allCases.map { finalPath($0, of: title) }
        var held: [String] = []
        defer { for path in held { PathLocks.shared.release(path) } }
        for path in paths {
            guard await PathLocks.shared.acquire(path) else { throw CancellationError() }
            held.append(path)
        }
        try LocalFiles.removeFolder(folder(for: title))
    }

    /// The folder a title's files go to (absolute), stable for the same title from the same
    /// place: `<directory>/<name, made safe, at most 40 characters>-<8 hex digits of the
    /// FNV-1a of the video URL>`.
    package func folder(for title: Title) -> String {
        directory + "/" + FolderName.make(title: title.title, source: title.media?.video ?? "id:" + title.id)
    }

    /// The title's finished local files if both (video, and subtitles when the title has them)
    /// are there. The video is looked for where `storedVideoPaths` says.
    package func existingCopy(of title: Title) -> (video: String, subtitles: String?)? {
        guard let media = title.media, case .fetchable = MediaAddress(media.video),
              policy.refusal(media.video) == nil else { return nil }
        guard let video = storedVideoPaths(of: title).first(where: { LocalFiles.size(of: $0) != nil }) else { return nil }
        guard media.subtitles != nil else { return (video, nil) }
        let subtitles = finalPath(.subtitles, of: title)
        guard LocalFiles.size(of: subtitles) != nil else { return nil }
        return (video, subtitles)
    }

    /// The titles stored whole in `directory`, read from their folders' manifests
    /// (`TitleManifest`), in folder order: a folder counts only if its manifest's title maps to
    /// it, and the policy allows the title's media (another server's titles stay out).
    package func storedTitles() -> [(title: Title, copy: LocalCopy)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.sorted().compactMap { name in
            let folder = directory + "/" + name
            guard let title = TitleManifest.read(inFolder: folder), self.folder(for: title) == folder,
                  let copy = existingCopy(of: title) else { return nil }
            return (title, LocalCopy(video: copy.video, subtitles: copy.subtitles))
        }
    }

    /// The final path of `part` in the title's folder: the video under the title's name made
    /// safe (`VideoFileName`), the subtitles as `subtitles`; each with its URL's extension when
    /// it has a short plain one (`.srt` for subtitles without). A video whose URL has none
    /// takes its `Content-Type`'s once downloaded (`TransferPlan`).
    func finalPath(_ part: DownloadPart, of title: Title) -> String {
        let name: String
        switch part {
        case .video:
            name = VideoFileName.make(title: title.title, address: title.media?.video ?? "")
        case .subtitles:
            name = "subtitles" + (title.media?.subtitles.flatMap(MediaAddress.pathExtension) ?? ".srt")
        }
        return folder(for: title) + "/" + name
    }

    /// Where a stored video of `title` may be, in the order they are looked for: its final path;
    /// when its URL has no extension, that path with the extension a `Content-Type` gave it;
    /// `video` with the URL's extension, the name videos were stored under before they took
    /// their title's (such a download still plays).
    func storedVideoPaths(of title: Title) -> [String] {
        let path = finalPath(.video, of: title)
        let urlExtension = title.media.flatMap { MediaAddress.pathExtension(of: $0.video) }
        var paths = [path]
        if urlExtension == nil { paths += VideoFileName.typeExtensions.map { path + $0 } }
        let older = folder(for: title) + "/" + VideoFileName.fallback + (urlExtension ?? "")
        if !paths.contains(older) { paths.append(older) }
        return paths
    }

    /// What to fetch for `part`, or why it cannot be.
    func plan(_ part: DownloadPart, of title: Title) throws(DownloadError) -> TransferPlan {
        guard let media = title.media else { throw DownloadError("this title has no media to download") }
        let address: String
        switch part {
        case .video:
            address = media.video
        case .subtitles:
            guard let subtitles = media.subtitles else { throw DownloadError("this title has no subtitles") }
            address = subtitles
        }
        if let refusal = policy.refusal(address) { throw DownloadError(TextCleaning.clean(refusal, limit: 400)) }
        let url = try MediaAddress(address).url()
        guard part == .video else {
            return TransferPlan(url: url, headers: HeaderLines(httpHeaders).fields(for: url), finalPath: finalPath(part, of: title))
        }
        let stored = storedVideoPaths(of: title)
        return TransferPlan(url: url, headers: HeaderLines(httpHeaders).fields(for: url), finalPath: stored[0],
                            storedElsewhere: Array(stored.dropFirst()),
                            takesTypeExtension: MediaAddress.pathExtension(of: address) == nil)
    }

    /// Any failure as a `DownloadError` of one line: a `FileDownloadError`'s own words.
    static func userError(_ error: any Error) -> DownloadError {
        let message = switch error {
        case let error as DownloadError: error.message
        case let error as FileDownloadError: error.description
        default: String(describing: error)
        }
        return DownloadError(TextCleaning.clean(message, limit: 400))
    }
}
