#if canImport(Glibc)
import Glibc
#endif

/// The path of the executable `name` as a shell would find it, for mpv and ffprobe alike.
///
/// The rule: a `name` that holds a slash is taken as it is; any other is looked for in each
/// folder of `$PATH` in turn (an empty entry meaning the current folder), and the first match
/// wins. A match is a *regular file* this process may execute (`access(X_OK)`, then `stat`): a
/// folder, a device or a socket of that name is passed over even when its x bit is set, since
/// `posix_spawn` could not run it. nil if there is none, if `name` is empty or `$PATH` unset.
///
///     executablePath("ffprobe")   // "/usr/bin/ffprobe"
package func executablePath(_ name: String) -> String? {
    func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return access(path, X_OK) == 0 && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
    if name.contains("/") { return isExecutableFile(name) ? name : nil }
    guard !name.isEmpty, let search = getenv("PATH") else { return nil }
    for folder in String(cString: search).split(separator: ":", omittingEmptySubsequences: false) {
        let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + name
        if isExecutableFile(candidate) { return candidate }
    }
    return nil
}

/// The executable `name` in the folder of this program (links resolved), if it is there and
/// can run: where `make build` and `make install` put `spindle-full` and `spindle-probe`.
///
///     executableBesideThisProgram("spindle-full")   // "/usr/local/bin/spindle-full"
package func executableBesideThisProgram(_ name: String) -> String? {
    guard let me = realpath("/proc/self/exe", nil) else { return nil }
    defer { free(me) }
    let path = String(cString: me)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return executablePath(path[..<slash] + "/" + name)
}
