import AppCore
import Browser
import Catalog
import MediaScan
import MPV
import Player
import Spin
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// `spindle FILE` and `spindle URL`: one media file (or a URL to one) played at once under the
/// HUD, the list around it being its folder's media files (up next from them, within a show);
/// Esc goes to that list. Nothing is added to the library and no session is kept.
extension Browse {
    /// The catalog around the title asked for and its id, when the command line names one
    /// media file or a URL to one; nil otherwise (folders, a server, the embedded catalog).
    func oneTitle() -> (provider: FolderProvider, titleID: String)? {
        guard folders.count == 1, !library, catalog == nil, server == nil, let argument = folders.first else { return nil }
        if Self.isServerAddress(argument) {
            let path = argument.split(separator: "?", maxSplits: 1).first.map(String.init) ?? argument
            guard let name = path.split(separator: "#").first?.split(separator: "/").last,
                  path.split(separator: "/").count > 2, MediaFolderWalker.isMediaName(name) else { return nil }
            return (FolderProvider(url: argument), argument)
        }
        var info = stat()
        guard stat(argument, &info) == 0, info.st_mode & S_IFMT == S_IFREG, MediaFolderWalker.isMediaName(argument) else {
            return nil
        }
        let path = absolutePath(argument)
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (FolderProvider(folder: folder.isEmpty ? "/" : folder), path)
    }

    /// Plays the title until the user quits; returns what to tell afterwards.
    func playOneTitle(_ provider: FolderProvider, titleID: String, on screen: TerminalScreen, effects: EffectThread,
                      preferences: AppPreferences) -> [String] {
        var state = AppState(list: ListState(pageSize: max(pageSize, provider.titles.count)), size: screen.size)
        AppReducer.reduce(&state, .resized(screen.size))
        if let request = state.list.pageToLoad {
            AppReducer.reduce(&state, .list(.pageLoaded(Page(items: provider.titles, next: nil), for: request)))
        }
        if let index = provider.titles.firstIndex(where: { $0.id == titleID }) {
            AppReducer.reduce(&state, .list(.selectionMoved(.by(index))))
        }
        AppReducer.reduce(&state, .playerOpened)
        let mpv = MPVEngine(options: MPVOptions(video: video.mpv, extraArguments: mpvArguments, httpHeaders: [:]))
        let app = SpindleApp(screen: screen, provider: provider, pageSize: state.list.pageSize, effects: effects,
                             engine: MediaRouter(real: mpv), initialState: state, preferences: preferences)
        app.run()
        mpv.closeAll()
        return []
    }
}
