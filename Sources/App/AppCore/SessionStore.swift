import Downloads
import Spin
import SpinJournal
#if canImport(Glibc)
import Glibc
#endif

/// Where the app keeps its sessions: `$XDG_STATE_HOME/spindle` (by default
/// `~/.local/state/spindle`), one session per catalog under `sessions/` (`embedded`, or the
/// catalog file's name and a hash of its path), and `last-catalog`, the catalog of the last
/// session, which a plain `spindle` opens again if the file is still there.
///
///     let store = SessionStore(environment: ["HOME": "/home/me"])!   // /home/me/.local/state/spindle
///     let journal = store.journal(forCatalog: nil)                    // the embedded catalog's session
package struct SessionStore: Sendable {
    /// The store's root: `$XDG_STATE_HOME/spindle`, or what a test gives.
    package let directory: String

    /// A store rooted at `directory` (tests use a temporary one).
    ///
    ///     let store = SessionStore(directory: "/tmp/spindle-test")
    package init(directory: String) {
        self.directory = directory
    }

    /// The store in `SpindleHome.state`; nil when there is none.
    package init?(environment: [String: String]) {
        guard let directory = SpindleHome.state.directory(environment: environment) else { return nil }
        self.init(directory: directory)
    }

    /// The directory of the session on `catalog` (an absolute path; nil: the embedded catalog).
    package func sessionDirectory(forCatalog catalog: String?) -> String {
        directory + "/sessions/" + Self.key(forCatalog: catalog)
    }

    /// The journal of the session on `catalog`.
    package func journal(forCatalog catalog: String?) -> Journal<AppState, AppEvent> {
        Journal(directory: sessionDirectory(forCatalog: catalog))
    }

    /// The journal of the downloads made while browsing `catalog`. Apart from the session's, so
    /// that `--fresh` (which moves the session aside) forgets no stored title.
    /// It is opened at once: it is attached with the first download, not at the start, and a
    /// download started then killed must be found again.
    package func downloadsJournal(forCatalog catalog: String?) -> Journal<DownloadsState, DownloadsEvent> {
        Journal(directory: directory + "/downloads/" + Self.key(forCatalog: catalog), openingDelay: .zero)
    }

    /// The catalog of the last session: `.some(nil)` for the embedded one, nil if none is known.
    package func lastCatalog() -> String?? {
        guard let bytes = try? DurableFile.readAll(lastCatalogPath) else { return nil }
        let path = String(decoding: bytes, as: UTF8.self).trimmingSuffix("\n")
        return .some(path.isEmpty ? nil : path)
    }

    /// Remembers `catalog` (nil: the embedded one) as the last session's.
    /// Writes nothing when the file already says so (the usual start).
    package func rememberCatalog(_ catalog: String?) throws(JournalError) {
        let contents = Array(((catalog ?? "") + "\n").utf8)
        if let current = try? DurableFile.readAll(lastCatalogPath), current == contents { return }
        try DurableFile.makeDirectory(directory)
        try DurableFile.replace(lastCatalogPath, with: contents)
    }

    /// Moves the session on `catalog` aside (never deletes it): renamed with the time, as
    /// `sessions/<key>.aside-<UTC time>` (`-2`, `-3`… after it when that name is taken). Returns
    /// the new path, nil if there was nothing to move.
    ///
    /// - Parameter now: the time for the name, in seconds since 1970 (tests fix it).
    @discardableResult
    package func moveAside(catalog: String?, now: Int = Int(time(nil))) -> String? {
        Self.moveAside(sessionDirectory(forCatalog: catalog), now: now)
    }

    /// Moves the downloads' journal of `catalog` aside, as `moveAside(catalog:now:)` does the
    /// session: `downloads/<key>.aside-<UTC time>`.
    @discardableResult
    package func moveDownloadsAside(catalog: String?, now: Int = Int(time(nil))) -> String? {
        Self.moveAside(downloadsJournal(forCatalog: catalog).directory, now: now)
    }

    /// Renames the folder `from` to a name no other folder has: the name is claimed first with
    /// `mkdir` (which fails if it exists), then `rename` replaces that empty folder. A plain
    /// rename onto an existing empty aside would replace it, and onto a full one fail, leaving
    /// an unreadable session where the next start overwrites it.
    static func moveAside(_ from: String, now: Int) -> String? {
        var info = stat()
        guard lstat(from, &info) == 0 else { return nil }
        let base = from + ".aside-" + timestamp(now)
        for number in 1 ... 1_000 {
            let to = number == 1 ? base : "\(base)-\(number)"
            guard mkdir(to, 0o700) == 0 else {
                if errno == EEXIST { continue }
                return nil
            }
            if rename(from, to) == 0 { return to }
            rmdir(to)
            return nil
        }
        return nil
    }

    /// Claims the session on `catalog` for this process (an exclusive `flock` on
    /// `sessions/<key>.lock`, released when the process ends, however it ends). False when
    /// another process holds it: two apps appending to one journal would lose each other's events.
    ///
    ///     guard store.claim(catalog: nil) == .claimed else { return runWithoutSession() }
    package func claim(catalog: String?) -> SessionClaim {
        let path = sessionDirectory(forCatalog: catalog) + ".lock"
        do {
            try DurableFile.makeDirectory(directory + "/sessions")
        } catch {
            return .unavailable("\(error)")
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .unavailable("\(path): cannot be opened (\(String(cString: strerror(errno))))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return .busy
        }
        return .claimed   // the descriptor stays open, and the lock held, until the process ends
    }

    var lastCatalogPath: String { directory + "/last-catalog" }

    /// "embedded", or "<file name>-<hash of the absolute path>" (a readable, unique directory name).
    static func key(forCatalog catalog: String?) -> String {
        guard let catalog else { return "embedded" }
        let name = catalog.split(separator: "/").last.map(String.init) ?? "catalog"
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(40))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a
        for byte in catalog.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return "\(safe)-\(String(hash, radix: 16))"
    }

    /// "20261123T040512Z".
    static func timestamp(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

/// Whether this process may keep the session (see `SessionStore.claim(catalog:)`).
///
///     if case .busy = store.claim(catalog: nil) { print("another spindle is using this session") }
package enum SessionClaim: Equatable, Sendable {
    case claimed
    /// Another process holds the session.
    case busy
    /// The session cannot be kept here (why, with the path).
    case unavailable(String)
}
