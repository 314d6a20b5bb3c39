extension DownloadsState {
    /// Applies a part's report to a running download; reports for anything else are ignored.
    mutating func apply(_ report: DownloadProgress, of part: DownloadPart, to id: String, at time: Duration) {
        guard var download = downloads[id], download.status == .running else { return }
        let percentBefore = download.percent
        var partProgress = download.progress[part] ?? PartProgress()
        // Bytes that arrived in this transfer: what a resume finds on disk is not.
        var arrived = 0
        switch report {
        case .size(let total):
            partProgress.total = total.map { max(0, $0) }
        case .resumed(let bytes):
            partProgress.received = max(0, bytes)
        case .received(let bytes):
            // Fewer than before: the part started over (a kept count, a source that does not
            // resume), and all of it arrived in this transfer.
            let bytes = max(0, bytes)
            arrived = bytes >= partProgress.received ? bytes - partProgress.received : bytes
            partProgress.received = bytes
        case .finished(let localPath):
            let size = partProgress.total ?? partProgress.received
            arrived = max(0, size - partProgress.received)
            partProgress.received = size
            partProgress.total = size
            partProgress.localPath = localPath
        }
        download.progress[part] = partProgress
        download.addSample(at: time, arrived: arrived, window: Self.speedWindow)
        if download.parts.allSatisfy({ download.progress[$0]?.isFinished == true }) {
            let video = download.progress[.video]?.localPath ?? partProgress.localPath ?? ""
            let subtitles = download.progress[.subtitles]?.localPath
            download.status = .finished(localVideo: video, localSubtitles: subtitles)
            download.samples = []
            lastChange = .finished(id: id, localVideo: video, localSubtitles: subtitles)
        } else if download.percent != percentBefore {
            lastChange = .progress(id: id, fraction: download.fraction)
        }
        downloads[id] = download
    }

    /// Marks a running download failed (a part failed: the whole download did). Its progress
    /// stays: the bytes are kept in the `.part` files, and the next attempt continues from them.
    mutating func fail(_ id: String, message: String) {
        guard var download = downloads[id], download.status == .running else { return }
        download.status = .failed(message)
        download.samples = []
        downloads[id] = download
        lastChange = .failed(id: id, message: message)
    }
}
