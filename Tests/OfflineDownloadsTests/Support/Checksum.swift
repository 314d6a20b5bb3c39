import FileDownloadTesting
import Foundation

/// FNV-1a (64 bits) of bytes, to compare a downloaded file with its source.
enum Checksum {
    static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Of the file at `path` (nil when it cannot be read).
    static func of(file path: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return of(data)
    }

    /// Of the whole of `content` (a few MB at most).
    static func of(_ content: ServedContent) -> UInt64 {
        of(content.slice(from: 0, count: Int(content.size)))
    }
}
