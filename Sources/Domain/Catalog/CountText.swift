/// A count as every message of Spindle writes it: its digits grouped by thousands with a comma
/// ("5,000"), with its noun in the singular for one. The app's views, the server's log, the
/// downloads' errors and the library's labels all say counts this way.
///
///     CountText.grouped(1048576)                    // "1,048,576"
///     CountText.of(12, "request", "requests")       // "12 requests"
package enum CountText {
    package static func grouped<Number: BinaryInteger>(_ value: Number) -> String {
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
    package static func of<Number: BinaryInteger>(_ value: Number, _ one: String, _ many: String) -> String {
        grouped(value) + " " + (value == 1 ? one : many)
    }
}
