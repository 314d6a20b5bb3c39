import Foundation
import Testing
@testable import Catalog

@Suite("A page of titles as one block")
struct TitleBlockTests {
    /// A title with every field drawn at random: text with control characters, quotes, escapes
    /// and characters of four bytes; numbers at both ends of `Int`; each kind of media and group.
    static func title(_ random: inout SeededRandom) -> Title {
        func text() -> String {
            let pieces = ["", "a", "Amélie", "\u{1B}[2J", "\n\t\"\\", "🎬", ":", ";", "~", "1;2;", "\u{0}", "東京"]
            return (0 ..< random.int(in: 0 ... 4)).map { _ in random.pick(pieces) }.joined()
        }
        func number() -> Int {
            random.pick([0, 1, -1, 59, 2_001, Int.max, Int.min, Int(truncatingIfNeeded: random.next())])
        }
        var media: TitleMedia?
        if random.chance(0.6) {
            media = TitleMedia(video: text(), subtitles: random.chance(0.5) ? text() : nil, knowsDuration: random.chance(0.5),
                               knowsIntro: random.chance(0.5), knowsCredits: random.chance(0.5),
                               problem: random.chance(0.3) ? text() : nil)
        }
        let progress = random.chance(0.5) ? GroupProgress(watched: random.int(in: 0 ... 9), inProgress: random.int(in: 0 ... 9)) : nil
        let group: TitleGroup? = switch random.int(in: 0 ... 2) {
        case 0: nil
        case 1: .show(text(), seasons: number(), episodes: number(), progress: progress)
        default: .season(show: text(), number(), episodes: number(), progress: progress)
        }
        return Title(id: text(), title: text(), year: number(), genre: text(), duration: number(), introStart: number(),
                     introEnd: number(), creditsStart: number(), media: media, group: group)
    }

    @Test("2,000 random pages come back equal, through the block and through JSON", arguments: 0 ..< 4)
    func roundTrip(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for _ in 0 ..< 500 {
            let titles = (0 ..< random.int(in: 0 ... 12)).map { _ in Self.title(&random) }
            #expect(try TitleBlock.decode(TitleBlock.encode(titles)) == titles)
            let page = Page(items: titles, next: random.chance(0.5) ? .offset(titles.count) : nil, total: random.chance(0.5) ? 7 : nil)
            #expect(try JSONDecoder().decode(Page.self, from: JSONEncoder().encode(page)) == page)
        }
    }

    @Test("the block writes every stored field of a title, its media, its group and the group's progress")
    func everyField() {
        // A field added to one of these types must be added to the block too, or a resumed
        // session loses it: these counts are the fields `TitleBlock` writes.
        let media = TitleMedia(video: "v", subtitles: "s", problem: "p")
        let progress = GroupProgress(watched: 1, inProgress: 2)
        let title = Title(id: "i", title: "t", year: 1, genre: "g", duration: 2, introStart: 3, introEnd: 4, creditsStart: 5,
                          media: media, group: .show("s", seasons: 1, episodes: 2, progress: progress))
        #expect(Mirror(reflecting: title).children.count == 10)
        #expect(Mirror(reflecting: media).children.count == 6)
        #expect(Mirror(reflecting: progress).children.count == 2)
        for group in [TitleGroup.show("s", seasons: 1, episodes: 2, progress: progress), .season(show: "s", 1, episodes: 2, progress: progress)] {
            let payload = Mirror(reflecting: group).children.first?.value
            #expect(payload.map { Mirror(reflecting: $0).children.count } == 4, "\(group)")
        }
    }

    @Test("a page's titles are one JSON string, and the text in them stays inside it")
    func oneString() throws {
        let title = Title(id: "t1", title: "\u{1B}]0;owned\u{7}\"}", year: 2001, genre: "Drama", duration: 60, introStart: 0,
                          introEnd: 0, creditsStart: 50)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Page(items: [title], next: nil))) as? [String: Any]
        let items = try #require(json?["items"] as? String)
        #expect(items.hasPrefix("1;1;2:t1"))
        #expect(try TitleBlock.decode(items) == [title])
    }

    @Test("a page written by earlier versions, its titles as objects, is read")
    func earlierForm() throws {
        let objects = #"[{"id":"a","title":"A","year":2001,"genre":"Drama","duration":60,"intro_start":1,"intro_end":2,"credits_start":50}]"#
        let page = try JSONDecoder().decode(Page.self, from: Data(#"{"items":\#(objects),"next":{"offset":{"_0":1}}}"#.utf8))
        #expect(page.items.map(\.id) == ["a"] && page.next == .offset(1))
    }

    @Test("every cut of a block is refused with the byte it stopped at, never read as fewer titles")
    func everyCut() throws {
        var random = SeededRandom(seed: 7)
        let titles = (0 ..< 5).map { _ in Self.title(&random) }
        let bytes = Array(TitleBlock.encode(titles).utf8)
        for end in 0 ..< bytes.count {
            #expect(throws: TitleBlock.Unreadable.self) { try TitleBlock.decode(String(decoding: bytes[..<end], as: UTF8.self)) }
        }
        #expect(throws: TitleBlock.Unreadable.self) { try TitleBlock.decode(String(decoding: bytes + [UInt8(ascii: "~")], as: UTF8.self)) }
    }

    @Test("changed bytes give titles or one error, never a crash; counts and lengths past the end are refused")
    func changedBytes() throws {
        var random = SeededRandom(seed: 11)
        let bytes = Array(TitleBlock.encode((0 ..< 4).map { _ in Self.title(&random) }).utf8)
        var refused = 0
        for _ in 0 ..< 5_000 {
            var changed = bytes
            for _ in 0 ..< random.int(in: 1 ... 3) {
                changed[random.int(in: 0 ... changed.count - 1)] = random.pick(Array("0123456789:;-~tfmsep\u{0}".utf8) + [0xFF])
            }
            do { _ = try TitleBlock.decode(String(decoding: changed, as: UTF8.self)) } catch { refused += 1 }
        }
        #expect(refused > 1_000)
        for hostile in ["2;0;", "1;99999999999;", "1;1;99999999999999999999:", "1;1;9223372036854775807:x", "1;1;-;",
                        "1;-1;", "1;1;1:a1:b18446744073709551616;"] {
            #expect(throws: TitleBlock.Unreadable.self, "\(hostile)") { try TitleBlock.decode(hostile) }
        }
        #expect(try TitleBlock.decode("1;0;") == [])
    }
}
