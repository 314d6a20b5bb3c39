import Foundation
import TestSupport

/// A real full disk for tests: a 1 MB tmpfs mounted on a folder (root only).
///
///     @Test(.enabled(if: TinyDisk.isAvailable, "needs root to mount a tmpfs")) func full() throws {
///         try #require(TinyDisk.mount(at: folder))
///         defer { TinyDisk.unmount(folder) }
package enum TinyDisk {
    /// Whether a tmpfs can be mounted here: this process is root, and a trial mount (on a
    /// folder of its own, unmounted at once) works. For a test's `.enabled(if:)` trait, so that
    /// elsewhere the test is reported as skipped, not passed.
    package static let isAvailable: Bool = {
        guard getuid() == 0 else { return false }
        guard let folder = try? TempFolder.make(prefix: "spindle-tinydisk") else { return false }
        defer { rmdir(folder) }
        guard mount(at: folder) else { return false }
        unmount(folder)
        return true
    }()

    /// Mounts a 1 MB tmpfs at `path`; false where that cannot be done (not root).
    package static func mount(at path: String) -> Bool {
        getuid() == 0 && run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", path]) == 0
    }

    package static func unmount(_ path: String) {
        run("/bin/umount", [path])
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        (try? TestProcess.run([tool] + arguments)) ?? -1
    }
}
