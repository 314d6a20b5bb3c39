import Catalog

extension DownloadsState {
    /// Promotes queued downloads, in request order, while fewer than `maxConcurrent` run. A
    /// title whose old copy is still being deleted waits for the deletion.
    mutating func schedule() {
        var running = downloads.values.count { $0.status == .running }
        for id in order where running < maxConcurrent {
            guard var download = downloads[id], download.status == .queued, removals[id] == nil else { continue }
            download.status = .running
            download.attempt += 1
            download.prepareNextAttempt()
            downloads[id] = download
            running += 1
        }
    }

    mutating func request(_ title: Title, parts: [DownloadPart]?) {
        if let existing = downloads[title.id] {
            if existing.status.isActive {
                notices[title.id] = .alreadyDownloading
                lastChange = .noticed(id: title.id)
                return
            }
            if case .finished = existing.status {
                notices[title.id] = .alreadyDownloaded
                lastChange = .noticed(id: title.id)
                return
            }
        }
        var download = Download(title: title, parts: parts ?? DownloadPart.parts(of: title))
        if let earlier = downloads[title.id] {
            // Failed, cancelled or interrupted: the same parts keep how far they got.
            download.attempt = earlier.attempt
            if download.parts == earlier.parts { download.progress = earlier.progress }
            download.prepareNextAttempt()
        }
        downloads[title.id] = download
        moveToBack(title.id)
        notices[title.id] = nil
        lastChange = .queued(id: title.id)
    }

    mutating func cancel(_ id: String) {
        guard var download = downloads[id], download.status.isActive else { return }
        download.status = .cancelled
        download.samples = []
        downloads[id] = download
        notices[id] = nil
        lastChange = .cancelled(id: id)
    }

    mutating func retry(_ id: String) {
        guard var download = downloads[id], download.status.isRetryable else { return }
        download.status = .queued
        download.prepareNextAttempt()
        downloads[id] = download
        moveToBack(id)
        notices[id] = nil
        lastChange = .queued(id: id)
    }

    mutating func remove(_ id: String) {
        guard let download = downloads.removeValue(forKey: id) else { return }
        order.removeAll { $0 == id }
        notices[id] = nil
        removals[id] = download.title
        lastChange = .removed(id: id)
    }

    mutating func localCopyDeleted(_ id: String, failure: String?) {
        guard removals.removeValue(forKey: id) != nil else { return }
        if let failure {
            notices[id] = .removalFailed(failure)
            lastChange = .noticed(id: id)
        }
    }

    mutating func localCopyLost(_ id: String) {
        guard var download = downloads[id], case .finished = download.status else { return }
        let message = "the local copy is gone; d downloads it again"
        download.status = .failed(message)
        downloads[id] = download
        lastChange = .failed(id: id, message: message)
    }

    /// Adds a finished download for a stored title no download knows of; a known title is
    /// left as it is (its journal's word wins).
    mutating func localCopyFound(_ title: Title, _ copy: LocalCopy) {
        guard downloads[title.id] == nil, removals[title.id] == nil else { return }
        var download = Download(title: title, parts: DownloadPart.parts(of: title))
        download.status = .finished(localVideo: copy.video, localSubtitles: copy.subtitles)
        for part in download.parts {
            download.progress[part] = PartProgress(localPath: part == .video ? copy.video : copy.subtitles)
        }
        downloads[title.id] = download
        order.append(title.id)
        lastChange = .finished(id: title.id, localVideo: copy.video, localSubtitles: copy.subtitles)
    }

    private mutating func moveToBack(_ id: String) {
        order.removeAll { $0 == id }
        order.append(id)
    }
}
