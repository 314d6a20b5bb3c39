import Foundation
import Testing
import Catalog
import CatalogFile

@Suite("Catalog titles that play for real (video, subtitles)")
struct CatalogMediaTests {
    static func load(_ lines: [String], file: String = "/srv/films/catalog.jsonl") throws -> [Title] {
        try JSONLinesCatalog(data: Data(lines.joined(separator: "\n").utf8), file: file).titles
    }

    @Test("with a video, duration, intro and credits may be left to the media; relative paths follow the file")
    func optionalFacts() throws {
        let titles = try Self.load([
            #"{"id":"a","title":"Clip","year":2024,"genre":"","video":"clips/a.mkv","subtitles":"clips/a.srt"}"#,
            #"{"id":"b","title":"Film","year":2024,"genre":"","video":"https://example.org/b.mp4","duration":60,"credits_start":50}"#,
            #"{"id":"c","title":"Plain","year":2024,"genre":"","duration":60,"intro_start":0,"intro_end":0,"credits_start":60}"#,
        ])
        let a = try #require(titles[0].media)
        #expect(a.video == "/srv/films/clips/a.mkv")
        #expect(a.subtitles == "/srv/films/clips/a.srt")
        #expect(!a.knowsDuration && !a.knowsIntro && !a.knowsCredits)
        let b = try #require(titles[1].media)
        #expect(b.video == "https://example.org/b.mp4")
        #expect(b.knowsDuration && !b.knowsIntro && b.knowsCredits)
        #expect(titles[1].duration == 60 && titles[1].creditsStart == 50)
        #expect(titles[2].media == nil)
    }

    @Test("bad video fields are errors with the line")
    func errors() {
        func problem(_ line: String) -> String? {
            do {
                _ = try Self.load([line], file: "c.jsonl")
                return nil
            } catch { return String(describing: error) }
        }
        #expect(problem(#"{"id":"a","title":"T","year":2024,"genre":"","video":""}"#) == #"c.jsonl:1: field "video" must not be empty"#)
        #expect(problem(#"{"id":"a","title":"T","year":2024,"genre":"","video":5}"#)
                == #"c.jsonl:1: field "video" must be a string (a path or a URL), got 5"#)
        #expect(problem(#"{"id":"a","title":"T","year":2024,"genre":"","subtitles":"a.srt","duration":5,"intro_start":0,"intro_end":0,"credits_start":5}"#)
                == #"c.jsonl:1: missing field "video""#)
        #expect(problem(#"{"id":"a","title":"T","year":2024,"genre":"","video":"a.mkv","duration":0}"#)
                == #"c.jsonl:1: field "duration" must be greater than 0, got 0"#)
        #expect(problem(#"{"id":"a","title":"T","year":2024,"genre":"","video":"a.mkv","intro_start":4}"#)
                == #"c.jsonl:1: missing field "intro_end""#)
        // Without a video, every fact is still required.
        #expect(problem(#"{"id":"a","title":"T","year":2024,"genre":""}"#) == #"c.jsonl:1: missing field "duration""#)
    }

    @Test("written and read again, a title with media keeps what it left to the media")
    func roundTrip() throws {
        let titles = try Self.load([
            #"{"id":"a","title":"Clip","year":2024,"genre":"","video":"/m/a.mkv","subtitles":"/m/a.srt"}"#,
            #"{"id":"b","title":"Film","year":2024,"genre":"","video":"/m/b.mkv","duration":60}"#,
        ])
        let again = try JSONLinesCatalog(data: JSONLinesCatalog.encode(titles), file: "/m/x.jsonl").titles
        #expect(again == titles)
    }
}
