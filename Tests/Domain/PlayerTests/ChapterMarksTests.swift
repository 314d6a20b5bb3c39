import Testing
import Catalog
@testable import Player

@Suite("Intro and credits from chapter names")
struct ChapterMarksTests {
    static let cases: [(names: [String], intro: Range<Int>?, credits: Int?)] = [
        (["Intro", "Main", "Credits"], 0 ..< 30, 60),
        (["Prologue", "Opening", "Part A", "Ending"], 30 ..< 60, 90),
        (["OP", "A", "B", "ED"], 0 ..< 30, 90),
        (["Introduction", "Story", "End Credits", "Post-credits scene"], 0 ..< 30, 60),
        (["Chapter 1", "Chapter 2", "Chapter 3"], nil, nil),
        (["Cold open", "Intro End", "Main", "Outro"], nil, 90),
        (["INTRO", "main", "CREDITS"], 0 ..< 30, 60),
        (["Opening Credits", "Film", "Closing"], 0 ..< 30, nil),
        (["Stop", "Top", "Edit"], nil, nil),  // OP and ED as parts of words do not count
        (["Credits", "Intro", "Main"], nil, 0),  // credits before any intro: no intro after them
    ]

    @Test("names people and tools use", arguments: cases.indices)
    func names(_ index: Int) {
        let (names, intro, credits) = Self.cases[index]
        let chapters = names.enumerated().map { Chapter(title: $0.element, start: Double($0.offset * 30)) }
        let marks = ChapterMarks(chapters: chapters, duration: 120)
        #expect(marks.intro == intro, "\(names)")
        #expect(marks.creditsStart == credits, "\(names)")
    }

    @Test("an intro that is the last chapter runs to the end; fractions round to the nearest second; order is by start")
    func edges() {
        let last = ChapterMarks(chapters: [Chapter(title: "Main", start: 0), Chapter(title: "Intro", start: 100.7)], duration: 120)
        #expect(last.intro == 101 ..< 120)
        let offByMilliseconds = ChapterMarks(chapters: [Chapter(title: "Intro", start: -0.003), Chapter(title: "Main", start: 2.997),
                                                        Chapter(title: "Credits", start: 8.997)], duration: 12)
        #expect(offByMilliseconds.intro == 0 ..< 3 && offByMilliseconds.creditsStart == 9)
        let unordered = ChapterMarks(chapters: [Chapter(title: "Credits", start: 90.2), Chapter(title: "Intro", start: 5.9),
                                                Chapter(title: "Main", start: 20.5)], duration: 120)
        #expect(unordered.intro == 6 ..< 21)
        #expect(unordered.creditsStart == 90)
    }

    @Test("with neither catalog marks nor chapters, a title has no intro and no credits")
    func neither() {
        var title = Title.clip
        title = title.merged(with: MediaInfo(duration: 7.2))
        #expect(title.duration == 7)
        #expect(title.introStart == 0 && title.introEnd == 0)
        #expect(title.creditsStart == 7)
        #expect(Title.clip.merged(with: MediaInfo(duration: 0.3)).duration == 1)
        #expect(Title.film.merged(with: .clip) == .film)  // no media: nothing to take
    }
}
