#if canImport(Glibc)
import Glibc
#endif

/// The path of the executable `name` as a shell would find it: `name` itself when it holds a
/// slash, else the first executable file of that name in a folder of `$PATH`; nil if none.
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
