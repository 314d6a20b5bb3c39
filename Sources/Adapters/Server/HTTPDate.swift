#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A time as HTTP writes it (RFC 9110 §5.6.7, IMF-fixdate), for `Last-Modified`.
///
///     HTTPDate.string(secondsSince1970: 0)   // "Thu, 01 Jan 1970 00:00:00 GMT"
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return "\(days[Int(parts.tm_wday)]), \(two(Int(parts.tm_mday))) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(Int(parts.tm_hour))):\(two(Int(parts.tm_min))):\(two(Int(parts.tm_sec))) GMT"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
