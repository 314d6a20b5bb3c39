#if canImport(Glibc)
import Glibc
#endif

/// The path of the executable `name` as a shell would run it: `name` itself if it contains a
/// slash, else the first match in `$PATH`. nil if there is none (or it is not executable).
///
///     findExecutable("mpv")   // "/usr/bin/mpv"
func findExecutable(_ name: String) -> String? {
    if name.contains("/") {
        return access(name, X_OK) == 0 ? name : nil
    }
    guard !name.isEmpty, let path = getenv("PATH") else { return nil }
    for directory in String(cString: path).split(separator: ":", omittingEmptySubsequences: false) {
        let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
        var info = stat()
        if access(candidate, X_OK) == 0, stat(candidate, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            return candidate
        }
    }
    return nil
}
