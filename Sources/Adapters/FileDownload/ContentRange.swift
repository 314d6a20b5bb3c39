/// A `Content-Range` header: `bytes FIRST-LAST/TOTAL` (206) or `bytes */TOTAL` (416).
struct ContentRange: Equatable, Sendable {
    /// FIRST and LAST (inclusive), nil for `*`.
    var range: ClosedRange<Int64>?
    /// TOTAL, nil for `*`.
    var total: Int64?

    /// Nil when `header` is not a byte range HTTP allows.
    init?(_ header: String) {
        let text = header.trimmingPrefix(" ")
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst("bytes ".count)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        if halves[1] == "*" {
            total = nil
        } else {
            guard let total = Int64(halves[1]), total >= 0 else { return nil }
            self.total = total
        }
        if halves[0] == "*" {
            range = nil
        } else {
            let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]),
                  first >= 0, first <= last, total.map({ last < $0 }) ?? true
            else { return nil }
            range = first ... last
        }
        if range == nil, total == nil { return nil }
    }
}
