import Foundation

/// FNV-1a (64 bits) of bytes, to compare a downloaded file with its source (for tests).
package enum Checksum {
    package static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Of the file at `path` (nil when it cannot be read).
    package static func of(file path: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return of(data)
    }

    /// Of `size` bytes of `content`.
    package static func of(_ content: ServedContent) -> UInt64 {
        of(content.slice(from: 0, count: Int(content.size)))
    }

    /// True when the file at `path` holds exactly `content`, read in chunks (for large files).
    package static func file(_ path: String, holds content: ServedContent) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        var offset: Int64 = 0
        while true {
            let data: Data
            do { data = try handle.read(upToCount: 1 << 20) ?? Data() } catch { return false }
            if data.isEmpty { return offset == content.size }   // nil or empty: the end
            guard offset + Int64(data.count) <= content.size,
                  data.withUnsafeBytes({ content.matches($0, at: offset) })
            else { return false }
            offset += Int64(data.count)
        }
    }
}
