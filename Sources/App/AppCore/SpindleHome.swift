#if canImport(Glibc)
import Glibc
#endif

/// Spindle's folders under the XDG base directories, the one rule for all of them: the
/// variable's value when it is an absolute path (a relative one is invalid and ignored, as the
/// XDG spec says), else its default under an absolute `$HOME`, with `spindle` appended; nil
/// when neither is usable.
///
/// | home     | variable          | default                | keeps                          |
/// | -------- | ----------------- | ---------------------- | ------------------------------ |
/// | `state`  | `XDG_STATE_HOME`  | `~/.local/state`       | the sessions                   |
/// | `data`   | `XDG_DATA_HOME`   | `~/.local/share`       | the library, the downloads     |
/// | `config` | `XDG_CONFIG_HOME` | `~/.config`            | the server's token             |
///
/// Each folder is private (0700): the app makes it so, and narrows one that is wider at start.
///
///     SpindleHome.data.directory(environment: ["HOME": "/home/me"])   // "/home/me/.local/share/spindle"
package enum SpindleHome: Sendable, CaseIterable {
    case state, data, config

    /// The environment variable that names this home.
    package var variable: String {
        switch self {
        case .state: "XDG_STATE_HOME"
        case .data: "XDG_DATA_HOME"
        case .config: "XDG_CONFIG_HOME"
        }
    }

    /// Where this home is under `$HOME` when the variable does not say.
    package var defaultUnderHome: String {
        switch self {
        case .state: "/.local/state"
        case .data: "/.local/share"
        case .config: "/.config"
        }
    }

    /// Spindle's folder in this home (see the type's rule).
    package func directory(environment: [String: String]) -> String? {
        if let base = environment[variable], base.hasPrefix("/") { return base + "/spindle" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + defaultUnderHome + "/spindle" }
        return nil
    }

    /// The server's token file: `token` in Spindle's config folder; nil when there is no
    /// config home.
    package static func tokenFile(environment: [String: String]) -> String? {
        config.directory(environment: environment).map { $0 + "/token" }
    }

    /// The secret the server makes its clients' account with (`LibraryServer.account(of:key:)`):
    /// `account-key` beside the token file, kept by the same rules; nil when there is no config home.
    package static func accountKeyFile(environment: [String: String]) -> String? {
        config.directory(environment: environment).map { $0 + "/account-key" }
    }

    /// Narrows each of Spindle's folders that exists and is wider than 0700 to 0700: they hold
    /// the library, the sessions and the token. Returns one line for each that cannot be.
    ///
    ///     for warning in SpindleHome.narrowFolders(environment: environment) { printError(warning) }
    package static func narrowFolders(environment: [String: String]) -> [String] {
        allCases.compactMap { home -> String? in
            guard let folder = home.directory(environment: environment) else { return nil }
            var info = stat()
            guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & 0o077 != 0 else { return nil }
            guard chmod(folder, 0o700) != 0 else { return nil }
            return "spindle: warning: \(folder) stays open to others (mode \(String(info.st_mode & 0o777, radix: 8))): "
                + "it cannot be made 0700 (\(String(cString: strerror(errno))))"
        }
    }
}
