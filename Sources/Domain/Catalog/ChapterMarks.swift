/// Finds the intro and the end credits among a media's chapters, by name, the way Jellyfin's
/// Intro Skipper and mpv's chapterskip script do: a chapter named Intro, Introduction, OP or
/// Opening is the intro; Credits, Credit, ED, Ending or Outro are the credits. Case does not
/// matter and the word may stand among others ("Opening Theme", "End Credits"), but not before
/// "End" ("Intro End" marks where the intro stops, it is not the intro).
///
///     ChapterMarks(chapters: [.init(title: "Intro", start: 0), .init(title: "Main", start: 90)], duration: 1500)
///     // intro: 0 ..< 90, creditsStart: nil
package struct ChapterMarks: Equatable, Sendable {
    /// Whole seconds, rounded to the nearest (containers put chapters a few milliseconds off:
    /// 2.997 for 3); nil when no chapter is the intro.
    package var intro: Range<Int>?
    /// Whole seconds; nil when no chapter is the credits.
    package var creditsStart: Int?

    package static let introWords: Set<String> = ["intro", "introduction", "op", "opening"]
    package static let creditsWords: Set<String> = ["credits", "credit", "ed", "ending", "outro"]

    package init(chapters: [Chapter], duration: Int) {
        let ordered = chapters.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
        var intro: Range<Int>?
        var creditsStart: Int?
        for (index, chapter) in ordered.enumerated() {
            let start = min(max(0, Int(chapter.start.rounded())), duration)
            if intro == nil, creditsStart == nil, Self.names(chapter.title, oneOf: Self.introWords) {
                let end = index + 1 < ordered.count ? Int(ordered[index + 1].start.rounded()) : duration
                let clampedEnd = min(max(start, end), duration)
                if clampedEnd > start { intro = start ..< clampedEnd }
            } else if creditsStart == nil, Self.names(chapter.title, oneOf: Self.creditsWords),
                      start >= (intro?.upperBound ?? 0) {
                creditsStart = start
            }
        }
        self.intro = intro
        self.creditsStart = creditsStart
    }

    /// Whether one of the name's words is in `words` and is not followed by "end".
    static func names(_ name: String, oneOf words: Set<String>) -> Bool {
        let parts = name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        for (index, part) in parts.enumerated() where words.contains(part) {
            if index + 1 < parts.count, parts[index + 1] == "end" { continue }
            return true
        }
        return false
    }
}

