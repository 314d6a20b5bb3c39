import Catalog
import Downloads
import Foundation
import OfflineDownloads
import Spin

/// Downloads `url` as a title's video through `FileDownloadSource.transfer`, consumed by the
/// real downloads spin (`DownloadsState`, `DownloadsFeedbacks` on a `Spin` with a
/// `ContinuousClock`), as the app does; returns the finished file's path and how many states
/// the spin went through.
enum SpinRun {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static func download(_ url: String, into directory: String) async throws -> (path: String, states: Int) {
        let clock = ContinuousClock()
        let source = FileDownloadSource(directory: directory)
        let feedbacks = DownloadsFeedbacks(source: source, clock: clock)
        let spin = Spin(initialState: DownloadsState(), clock: clock) {
            for feedback in feedbacks.all { feedback }
            DownloadsState.reducer
        }
        defer { spin.stop() }
        let title = Title(id: "benchmark", title: "Download Benchmark", year: 2025, genre: "", duration: 0,
                          introStart: 0, introEnd: 0, creditsStart: 0, media: TitleMedia(video: url))
        let states = spin.states
        spin.start()
        spin.emit(.downloadRequested(title))
        var count = 0
        for await state in states {
            count += 1
            switch state.downloads[title.id]?.status {
            case .finished(let video, _): return (video, count)
            case .failed(let message): throw Failed(description: message)
            default: continue
            }
        }
        throw Failed(description: "the spin stopped before the download finished")
    }
}
