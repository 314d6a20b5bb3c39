#if canImport(Glibc)
import Glibc
#endif

/// How `MPVEngine` runs mpv.
///
///     MPVEngine(options: MPVOptions())                                          // mpv from $PATH
///     MPVEngine(options: MPVOptions(video: .none, extraArguments: ["--ao=null"]))
package struct MPVOptions: Sendable {
    /// Where the picture goes.
    package enum Video: Sendable {
        /// A window when there is a display ($DISPLAY or $WAYLAND_DISPLAY), else sound only.
        case auto
        /// Always a window (mpv's own choice of video output).
        case window
        /// Sound only (`--vid=no`): for a terminal without a display.
        case none
    }

    /// The mpv to run: a name looked up in $PATH, or a path.
    package var executable: String
    package var video: Video
    /// Added last to mpv's command line, so they win over Spindle's own (`--mpv-args`).
    package var extraArguments: [String]
    /// How long mpv may take to answer a command, or to move while playing, before Spindle
    /// takes it for hung, reports it stopped and kills it.
    package var replyTimeout: Duration
    /// Whether there is a display to show a window on (for `.auto`): by default, whether
    /// $DISPLAY or $WAYLAND_DISPLAY is set (and not empty) when the options are made.
    package var hasDisplay: Bool
    /// HTTP headers for media whose URL starts with the key (a server's origin, with its final
    /// "/"): `["http://nas:8700/": ["Authorization: Bearer …"]]`. They are given to mpv over its
    /// IPC connection, never on its command line, where any user could read them (`ps`); and
    /// only for that server's URLs.
    package var httpHeaders: [String: [String]]

    package init(
        executable: String = "mpv", video: Video = .auto, extraArguments: [String] = [],
        replyTimeout: Duration = .seconds(5), httpHeaders: [String: [String]] = [:], hasDisplay: Bool? = nil
    ) {
        self.hasDisplay = hasDisplay ?? Self.displayIsSet
        self.executable = executable
        self.video = video
        self.extraArguments = extraArguments
        self.replyTimeout = replyTimeout
        self.httpHeaders = httpHeaders
    }

    /// The headers for `video`: those of the longest key it starts with.
    func headers(for video: String) -> [String] {
        httpHeaders.filter { video.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value ?? []
    }

    /// mpv's command line after the executable, for a session that shows `mediaTitle`. The IPC
    /// connection is fd 3 (`MPVProcess`); mpv starts idle and paused, loads nothing and reads
    /// neither the terminal nor its own key bindings: Spindle drives it.
    func arguments(mediaTitle: String) -> [String] {
        var arguments = [
            "--input-ipc-client=fd://3",
            "--idle=yes", "--keep-open=yes", "--no-terminal", "--input-default-bindings=no",
            "--force-media-title=\(mediaTitle)", "--pause",
            // No sound device (a server, a container): play on silently rather than refuse the
            // file, which mpv does when it has neither a picture nor sound to give.
            "--audio-fallback-to-null=yes",
        ]
        if !showsWindow { arguments.append("--vid=no") }
        return arguments + extraArguments
    }

    var showsWindow: Bool {
        switch video {
        case .window: true
        case .none: false
        case .auto: hasDisplay
        }
    }

    /// Whether the user is to be told that a picture does not show: `.auto` found no display.
    /// (`.none` is the user's own choice, and says nothing.)
    var isSoundOnlyForWantOfDisplay: Bool { video == .auto && !hasDisplay }

    /// What the player says, once, when `.auto` plays a video as sound only.
    package static let soundOnlyNotice = "no display: sound only"

    private static var displayIsSet: Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { name in
            guard let value = getenv(name) else { return false }
            return value.pointee != 0
        }
    }
}
