/// Splits the bytes of a catalog file into lines, chunk by chunk, the way `JSONLinesCatalog`
/// reads them: lines end in `\n` (a `\r` before it is dropped), the last line may have no end,
/// and a UTF-8 byte order mark at the start of the file is skipped. Line numbers are 1-based
/// and count blank lines too, so they match what an editor shows.
///
/// Feeding the file in chunks keeps memory bounded by the longest line, not the file, and a
/// line longer than `maxLineBytes` is refused as soon as it is (`tooLong` makes the error from
/// its number): a file with no newline (`/dev/zero`, a binary) would otherwise be read whole.
///
///     var splitter = CatalogLineSplitter()
///     try splitter.feed(chunk, tooLong: { tooLongError($0) }) { line, number in … }   // per chunk
///     try splitter.finish(tooLong: { tooLongError($0) }) { line, number in … }
package struct CatalogLineSplitter {
    /// The longest line a catalog may have, in bytes: 1 MB, thousands of times a title's line.
    package static let maxLineBytes = 1 << 20

    /// The number of the last line handed out.
    package private(set) var lineNumber = 0
    /// The start of a line whose end is in a later chunk.
    private var pending: [UInt8] = []

    package init() {}

    /// Hands out every line that ends in `chunk` (with what earlier chunks left pending).
    package mutating func feed<E: Error>(
        _ chunk: UnsafeBufferPointer<UInt8>,
        tooLong: (_ lineNumber: Int) -> E,
        _ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void
    ) throws(E) {
        var start = 0
        while start < chunk.count {
            guard let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                guard pending.count + (chunk.count - start) <= Self.maxLineBytes else { throw tooLong(lineNumber + 1) }
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
                return
            }
            guard pending.count + (newline - start) <= Self.maxLineBytes else { throw tooLong(lineNumber + 1) }
            if pending.isEmpty {
                try emit(UnsafeBufferPointer(rebasing: chunk[start ..< newline]), body)
            } else {
                pending.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start ..< newline]))
                var line = pending
                pending = []
                try line.withUnsafeBufferPointer { (line) throws(E) in try emit(line, body) }
                line.removeAll(keepingCapacity: true)
                pending = line
            }
            start = newline + 1
        }
    }

    /// Hands out the last line when the file does not end with a newline.
    /// (`pending` is within `maxLineBytes`: `feed` refused anything longer.)
    package mutating func finish<E: Error>(_ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void) throws(E) {
        guard !pending.isEmpty else { return }
        let line = pending
        pending = []
        try line.withUnsafeBufferPointer { (line) throws(E) in try emit(line, body) }
    }

    private mutating func emit<E: Error>(
        _ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(E) -> Void
    ) throws(E) {
        lineNumber += 1
        var start = 0
        var end = line.count
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // a byte order mark
        if end > start, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        try body(UnsafeBufferPointer(rebasing: line[start ..< end]), lineNumber)
    }
}
