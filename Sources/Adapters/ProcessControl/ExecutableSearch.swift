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
