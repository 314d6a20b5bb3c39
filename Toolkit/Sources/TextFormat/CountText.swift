/// A count as an app's messages write it: its digits grouped by thousands with a comma
/// ("5,000"), with its noun in the singular for one, and a size in bytes in decimal units. The
/// toolkit's widgets (`PositionText`) and the Spindle app say every count and size this way.
///
///     CountText.grouped(1048576)                    // "1,048,576"
///     CountText.of(12, "request", "requests")       // "12 requests"
///     CountText.bytes(8_123_456)                    // "8.1 MB"
public enum CountText {
    public static func grouped<Number: BinaryInteger>(_ value: Number) -> String {
        let digits = String(value.magnitude)
        var result = ""
        result.reserveCapacity(digits.utf8.count + digits.utf8.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A count and its noun: "1 title", "5,000 titles".
    public static func of<Number: BinaryInteger>(_ value: Number, _ one: String, _ many: String) -> String {
        grouped(value) + " " + (value == 1 ? one : many)
    }

    /// A size in decimal units, one decimal under 10: "512 B", "40 kB", "8.1 MB", "1.2 GB".
    public static func bytes<Number: BinaryInteger>(_ count: Number) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(max(Int64(clamping: count), 0))
        var unit = 0
        while value >= 999.5, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 || value >= 9.95 { return "\(Int(value.rounded())) \(units[unit])" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
