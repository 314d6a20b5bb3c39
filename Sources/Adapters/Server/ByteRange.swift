/// What a request's `Range` header asks of a file of `size` bytes (RFC 9110 §14): one range of
/// bytes, or the whole file (no header, or one the server ignores: several ranges, another
/// unit, a malformed one), or nothing it can give (416).
///
///     ByteRange(header: "bytes=0-99", size: 1000)   // .part(0...99)
///     ByteRange(header: "bytes=-100", size: 1000)   // .part(900...999)
///     ByteRange(header: "bytes=2000-", size: 1000)  // .unsatisfiable
enum ByteRange: Equatable {
    case whole
    case part(ClosedRange<Int64>)
    case unsatisfiable

    init(header: String?, size: Int64) {
        guard let header else { self = .whole; return }
        let trimmed = header.drop { $0 == " " }
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { self = .whole; return }
        let spec = trimmed.dropFirst("bytes=".count).filter { $0 != " " }
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { self = .whole; return }
        let first = bounds[0].isEmpty ? nil : Self.number(bounds[0])
        let last = bounds[1].isEmpty ? nil : Self.number(bounds[1])
        if !bounds[0].isEmpty && first == nil || !bounds[1].isEmpty && last == nil {
            self = .whole
            return
        }
        switch (first, last) {
        case let (first?, last?):
            guard first <= last else { self = .whole; return }
            self = first < size ? .part(first ... min(last, size - 1)) : .unsatisfiable
        case let (first?, nil):
            self = first < size ? .part(first ... size - 1) : .unsatisfiable
        case let (nil, suffix?):
            self = suffix > 0 && size > 0 ? .part(max(0, size - suffix) ... size - 1) : .unsatisfiable
        case (nil, nil):
            self = .whole
        }
    }

    /// Digits only (no sign), within `Int64`.
    private static func number(_ text: Substring) -> Int64? {
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int64(text)
    }
}
