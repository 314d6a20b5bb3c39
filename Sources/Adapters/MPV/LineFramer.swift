/// Cuts the bytes read from mpv's socket, which come in chunks of any size, into lines.
///
///     var framer = LineFramer()
///     framer.append(Array("{\"event\":\"idle\"}\n{\"ev".utf8))   // one line
///     framer.append(Array("ent\":\"seek\"}\n".utf8))              // the next
///
/// A line longer than `maximumLength` (no newline within that many bytes) is dropped whole,
/// up to and including its newline, so a broken peer cannot make the buffer grow without end.
struct LineFramer {
    /// 1 MiB: mpv's longest messages (a long chapter or track list) are a few KiB.
    static let defaultMaximumLength = 1 << 20

    let maximumLength: Int
    private var pending: [UInt8] = []
    /// Inside an over-long line: bytes are dropped until its newline.
    private var isDiscarding = false

    init(maximumLength: Int = LineFramer.defaultMaximumLength) {
        self.maximumLength = maximumLength
    }

    /// The lines completed by `chunk`, without their newline.
    mutating func append(_ chunk: some Collection<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var rest = chunk[...]
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            if isDiscarding {
                isDiscarding = false
            } else if pending.count + rest.distance(from: rest.startIndex, to: newline) <= maximumLength {
                pending.append(contentsOf: rest[..<newline])
                lines.append(pending)
            }
            pending.removeAll(keepingCapacity: true)
            rest = rest[rest.index(after: newline)...]
        }
        if !isDiscarding {
            pending.append(contentsOf: rest)
            if pending.count > maximumLength {
                pending.removeAll()
                isDiscarding = true
            }
        }
        return lines
    }
}
