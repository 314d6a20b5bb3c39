import Catalog
import JSON
@testable import MPV
import Testing

@Suite("Decoding mpv's messages")
struct MPVMessageTests {
    private func message(_ text: String) -> MPVMessage? {
        MPVMessage(line: Array(text.utf8))
    }

    @Test("a reply carries its request id, error and data")
    func reply() {
        #expect(message(#"{"data":12.023000,"request_id":7,"error":"success"}"#)
            == .reply(MPVReply(requestID: 7, error: "success", data: .number("12.023"))))
        #expect(message(#"{"request_id":8,"error":"property unavailable"}"#)
            == .reply(MPVReply(requestID: 8, error: "property unavailable", data: .null)))
    }

    @Test("a property change carries the property, its observation id and its value")
    func propertyChange() {
        #expect(message(#"{"event":"property-change","id":3,"name":"pause","data":true}"#)
            == .event(MPVEvent(name: "property-change", propertyName: "pause", observationID: 3, data: .bool(true))))
        #expect(message(#"{"event":"property-change","id":1,"name":"time-pos"}"#)
            == .event(MPVEvent(name: "property-change", propertyName: "time-pos", observationID: 1, data: .null)))
    }

    @Test("end-file carries its reason and mpv's error")
    func endFile() {
        #expect(message(#"{"event":"end-file","reason":"error","playlist_entry_id":1,"file_error":"loading failed"}"#)
            == .event(MPVEvent(name: "end-file", reason: "error", fileError: "loading failed")))
    }

    @Test("nested data: the chapter list")
    func chapterList() throws {
        let decoded = message(#"{"data":[{"title":"Intro","time":0.000000},{"title":"Main \"one\"","time":3.5}],"request_id":2,"error":"success"}"#)
        guard case .reply(let reply) = decoded else { Issue.record("not a reply: \(String(describing: decoded))"); return }
        let chapters = try #require(reply.data.array)
        #expect(chapters.map { $0["title"]?.string } == ["Intro", #"Main "one""#])
        #expect(chapters.map { $0["time"]?.double } == [0, 3.5])
    }

    @Test("lines that are not messages are ignored, not fatal", arguments: [
        "", "garbage", "{", "[1,2]", "42", #"{"neither":"reply nor event"}"#, "\u{FF}\u{FE}",
    ])
    func garbage(line: String) {
        #expect(message(line) == nil)
    }

    @Test("events and replies interleaved in one chunk come out in order")
    func interleaved() {
        var framer = LineFramer()
        let chunk = """
        {"event":"seek"}
        {"request_id":4,"error":"success"}
        not json
        {"event":"playback-restart"}

        """
        let messages = framer.append(Array(chunk.utf8)).compactMap { MPVMessage(line: $0) }
        #expect(messages == [
            .event(MPVEvent(name: "seek")),
            .reply(MPVReply(requestID: 4, error: "success", data: .null)),
            .event(MPVEvent(name: "playback-restart")),
        ])
    }
}

@Suite("What is sent to mpv comes back the same")
struct MPVRoundTripTests {
    @Test("what is escaped decodes back to the same string")
    func roundTrip() throws {
        let path = "a\"b\\c\nd\re\u{0}f\u{1F}g/h ü 中 🎬"
        let line = #"{"data":"# + JSONValue.string(path).jsonText + #","request_id":1,"error":"success"}"#
        let decoded = MPVMessage(line: Array(line.utf8))
        #expect(decoded == .reply(MPVReply(requestID: 1, error: "success", data: .string(path))))
    }
}
