/// The name of a title's folder: its name made safe for any file system, then a digest of
/// where its video comes from, so that two titles of the same name (or id) from two servers
/// never share a folder.
///
///     FolderName.make(title: "Amélie (2001)", source: "http://nas:8700/v1/titles/t1/video")
///     // "Am-lie-2001-3f09a1c2"
enum FolderName {
    /// The most characters kept of the title's name.
    static let nameLimit = 40

    static func make(title: String, source: String) -> String {
        "\(sanitized(title))-\(digest(source))"
    }

    /// `name` with every character outside `[A-Za-z0-9._-]` as `-`, runs of `-` as one, no
    /// leading `.` or `-` (no hidden folder, no option-like name), at most `nameLimit`
    /// characters; "title" when nothing is left.
    static func sanitized(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let kept = scalar.isASCII && (scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar)
                || scalar == "." || scalar == "_" || scalar == "-")
            let character = kept ? Character(scalar) : "-"
            if character == "-", result.last == "-" { continue }
            if result.isEmpty, character == "-" || character == "." { continue }
            result.append(character)
            if result.count == nameLimit { break }
        }
        while result.last == "-" || result.last == "." { result.removeLast() }
        return result.isEmpty ? "title" : result
    }

    /// FNV-1a (32 bits) of `text`'s UTF-8, as 8 lower-case hex digits: the same on every run
    /// and machine (unlike `Hasher`).
    static func digest(_ text: String) -> String {
        var hash: UInt32 = 0x811c_9dc5
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
