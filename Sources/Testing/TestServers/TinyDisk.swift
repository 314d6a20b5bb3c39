import Foundation

/// A real full disk for tests: a 1 MB tmpfs mounted on a folder (root only).
///
///     guard TinyDisk.mount(at: folder) else { return }   // skipped where it cannot be mounted
///     defer { TinyDisk.unmount(folder) }
public enum TinyDisk {
    /// Mounts a 1 MB tmpfs at `path`; false where that cannot be done (not root).
    public static func mount(at path: String) -> Bool {
        getuid() == 0 && run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", path]) == 0
    }

    public static func unmount(_ path: String) {
        run("/bin/umount", [path])
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
