import Catalog
import Downloads

/// The app's side of the downloads: it asks the downloads spin through `downloadRequests`
/// (forwarded by a feedback) and learns what happened from the gear (`.download`), into
/// `downloads`, never reading the downloads spin's state.
extension AppReducer {
    static func reduceDownloads(_ state: inout AppState, _ event: AppEvent) {
        switch event {
        case .download(let news):
            state.downloads.apply(news)
            if case .changed(let summary) = news, let notice = summary.notice {
                state.downloadNotice = "\(summary.title.title): \(notice.message)"
                // Read: the downloads spin may show it again on the next refusal.
                state.downloadRequests.append(.noticeDismissed(summary.id))
            }
            clampDownloadsSelection(&state)
        case .downloadRequested:
            if let screen = state.downloadsScreen, state.player == nil {
                guard let row = selectedDownload(screen, in: state) else { return }
                if row.status.isRetryable {
                    state.downloadRequests.append(.retryRequested(row.id))
                } else {
                    state.downloadRequests.append(.downloadRequested(row.title, parts: parts(of: row.title)))
                }
                return
            }
            guard let title = titleOnScreen(state) else { return }
            if let summary = state.downloads[title.id], summary.status.isRetryable {
                state.downloadRequests.append(.retryRequested(title.id))
            } else {
                state.downloadRequests.append(.downloadRequested(title, parts: parts(of: title)))
            }
        case .downloadCancelRequested:
            // The player's title when one plays (even opened from the downloads screen).
            let row = state.player == nil ? state.downloadsScreen.flatMap { selectedDownload($0, in: state) } : nil
            let id = row?.id ?? titleOnScreen(state)?.id
            guard let id, state.downloads[id]?.status.isActive == true else { return }
            state.downloadRequests.append(.cancelRequested(id))
        case .downloadsToggled:
            state.downloadsScreen = state.downloadsScreen == nil ? DownloadsScreenState() : nil
        case .downloadsMoved(let rows):
            moveDownloadsSelection(by: rows, in: &state)
        case .downloadsMovedHalfPage(let down):
            let rows = max(1, Layout.downloadsRows(for: state.size) / 2)
            moveDownloadsSelection(by: down ? rows : -rows, in: &state)
        case .downloadRemoveRequested:
            guard let screen = state.downloadsScreen, let row = selectedDownload(screen, in: state) else { return }
            state.downloadRequests.append(.removeRequested(row.id))
        case .downloadPlayRequested:
            guard let screen = state.downloadsScreen, let row = selectedDownload(screen, in: state) else { return }
            guard row.localCopy != nil else {
                state.downloadNotice = "\(row.title.title): not stored yet; it plays from here once downloaded"
                return
            }
            if let position = state.positions[row.id] {
                state.resumeOffer = ResumeOffer(title: row.title, position: position)
            } else {
                openPlayer(row.title, in: &state)
            }
        default:
            break
        }
    }

    /// The title `d` and `c` are about: the player's, else the details', else the selected row's.
    static func titleOnScreen(_ state: AppState) -> Title? {
        state.player?.title ?? state.list.detail ?? state.list.selectedTitle
    }

    /// The parts to fetch: the title's own, or, for a title with no media (the embedded
    /// catalog's, fetched by the simulated source), a video and its subtitles.
    static func parts(of title: Title) -> [DownloadPart]? {
        title.media == nil ? DownloadPart.allCases : nil
    }

    static func selectedDownload(_ screen: DownloadsScreenState, in state: AppState) -> DownloadSummary? {
        let order = state.downloads.order
        guard order.indices.contains(screen.selection) else { return nil }
        return state.downloads[order[screen.selection]]
    }

    static func moveDownloadsSelection(by rows: Int, in state: inout AppState) {
        guard var screen = state.downloadsScreen else { return }
        screen.selection = min(max(screen.selection + rows, 0), max(state.downloads.order.count - 1, 0))
        state.downloadsScreen = screen
    }

    static func clampDownloadsSelection(_ state: inout AppState) {
        guard var screen = state.downloadsScreen else { return }
        screen.selection = min(screen.selection, max(state.downloads.order.count - 1, 0))
        state.downloadsScreen = screen
    }

    /// `title` as the player should open it: from its local copy once downloaded (a title with
    /// media only: the embedded catalog's titles play simulated either way).
    static func playable(_ title: Title, in state: AppState) -> Title {
        guard var media = title.media, let copy = state.downloads[title.id]?.localCopy else { return title }
        media.video = copy.video
        if let subtitles = copy.subtitles { media.subtitles = subtitles }
        var local = title
        local.media = media
        return local
    }
}
