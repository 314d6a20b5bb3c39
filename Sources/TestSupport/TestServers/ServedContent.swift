import NIOCore

/// The bytes a `FileServer` serves: given ones, or a pattern generated on the fly for any size
/// (never held whole in memory: a block of a prime length, repeated, so that a misplaced
/// offset shows).
///
///     let content = ServedContent.pattern(size: 1 << 30)
///     var chunk = [UInt8](repeating: 0, count: 4); content.copy(from: 10, into: &chunk)
package struct ServedContent: Sendable {
    /// Its size in bytes.
    package let size: Int64
    private let bytes: [UInt8]
    private let repeating: Bool

    /// These bytes exactly.
    package static func bytes(_ bytes: [UInt8]) -> ServedContent {
        ServedContent(size: Int64(bytes.count), bytes: bytes, repeating: false)
    }

    /// `size` bytes of a pseudo-random block of 65,521 bytes (a prime) repeated.
    package static func pattern(size: Int64, seed: UInt64 = 0x5EED) -> ServedContent {
        var state = seed | 1
        var block = [UInt8](repeating: 0, count: patternPeriod * 2)
        for index in 0 ..< patternPeriod {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            block[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        for index in 0 ..< patternPeriod { block[patternPeriod + index] = block[index] }
        return ServedContent(size: size, bytes: block, repeating: true)
    }

    /// The longest chunk `copy` gives at once for a pattern.
    package static let patternPeriod = 65_521

    /// Random bytes (for tests of a few MB).
    package static func random(size: Int) -> ServedContent {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: size)
        var index = 0
        while index < size {
            var word = generator.next()
            for _ in 0 ..< 8 where index < size {
                bytes[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        return .bytes(bytes)
    }

    /// The bytes at `offset ..< offset + count` (`count` at most `patternPeriod` for a pattern).
    package func slice(from offset: Int64, count: Int) -> ArraySlice<UInt8> {
        if repeating {
            let start = Int(offset % Int64(Self.patternPeriod))
            return bytes[start ..< start + min(count, Self.patternPeriod)]
        }
        return bytes[Int(offset) ..< Int(offset) + count]
    }

    /// Writes `count` bytes from `offset` to `buffer`.
    func write(from offset: Int64, count: Int, into buffer: inout ByteBuffer) {
        var done = 0
        while done < count {
            let piece = slice(from: offset + Int64(done), count: min(count - done, Self.patternPeriod))
            buffer.writeBytes(piece)
            done += piece.count
        }
    }

    /// True when `bytes` are this content's bytes from `offset` on.
    package func matches(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let piece = slice(from: offset + Int64(done), count: min(bytes.count - done, Self.patternPeriod))
            let same = piece.withUnsafeBytes { expected in
                UnsafeRawBufferPointer(rebasing: bytes[done ..< done + expected.count]).elementsEqual(expected)
            }
            guard same else { return false }
            done += piece.count
        }
        return true
    }
}
