import Catalog
import TextFormat

/// Times, sizes and counts as people read them.
package enum Formatting {
    /// A year, or nothing when it is not known (0).
    static func year(_ year: Int) -> String {
        year > 0 ? String(year) : ""
    }

    /// "1h 52m", "52m", "45s" (under a minute).
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(max(seconds, 0))s" }
        let minutes = (seconds + 30) / 60
        return minutes >= 60 ? "\(minutes / 60)h \(String(format2: minutes % 60))m" : "\(minutes)m"
    }

    /// "1:05:09", "5:09".
    /// A speed in percent as the HUD shows it: "1x", "1.5x", "0.55x".
    static func speed(_ percent: Int) -> String {
        let whole = percent / 100, rest = percent % 100
        if rest == 0 { return "\(whole)x" }
        let fraction = rest % 10 == 0 ? String(rest / 10) : String(format2: rest)
        return "\(whole).\(fraction)x"
    }

    /// A subtitle delay in milliseconds, to the tenth of a second: "+0.3 s", "-1.2 s".
    static func subtitleDelay(_ milliseconds: Int) -> String {
        let tenths = (abs(milliseconds) + 50) / 100
        return (milliseconds < 0 ? "-" : "+") + "\(tenths / 10).\(tenths % 10) s"
    }

    static func clock(_ seconds: Int) -> String {
        let seconds = max(seconds, 0)
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return hours > 0
            ? "\(hours):\(String(format2: minutes)):\(String(format2: rest))"
            : "\(minutes):\(String(format2: rest))"
    }

    /// A title's length for the list and the details: blank when the media will tell (a title
    /// with a video whose catalog line left the duration out).
    /// A title's length ("1h 42m"); a show's or a season's episodes ("6 ep"); nothing for a
    /// length not known yet.
    static func length(of title: Title) -> String {
        if let group = title.group { return progress(of: group) }
        return title.media?.knowsDuration == false ? "" : duration(title.duration)
    }

}

extension Formatting {
    /// What a show's or a season's row says of its episodes, in the length column (7 wide):
    /// "6 ep" when none was touched, "2 / 6" when some were watched ("◐ 2 / 6" with one left
    /// part way), "✓ 6 / 6" when all were; tighter ("◐ 12/100") when that does not fit.
    static func progress(of group: TitleGroup) -> String {
        let episodes = group.episodes
        guard let progress = group.progress, progress.watched > 0 || progress.inProgress > 0 else {
            return "\(count(episodes)) ep"
        }
        let symbol = group.isWatched ? "✓ " : progress.inProgress > 0 ? "◐ " : ""
        let watched = min(progress.watched, episodes)
        for text in ["\(watched) / \(episodes)", "\(watched)/\(episodes)"] where symbol.count + text.count <= 7 {
            return symbol + text
        }
        let text = "\(watched)/\(episodes)"
        return text.count <= 7 ? text : group.isWatched ? "✓ all" : "\(watched * 100 / max(episodes, 1))%"
    }
}

extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}

extension Formatting {
    /// A count as Spindle shows every count, on every screen and line: digits grouped by three
    /// with a comma ("5,000"), as the footer's position (`PositionText`) does.
    ///
    ///     Formatting.count(5000)   // "5,000"
    package static func count(_ value: Int) -> String {
        CountText.grouped(value)
    }

    /// A count and its noun: "1 title", "5,000 titles".
    ///
    ///     Formatting.count(2, "file", "files")   // "2 files"
    package static func count(_ value: Int, _ one: String, _ many: String) -> String {
        CountText.of(value, one, many)
    }
}
