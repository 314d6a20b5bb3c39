@testable import MPV
import Testing

@Suite("Escaping what is sent to mpv")
struct JSONValueTests {
    @Test("a command is one line of JSON")
    func command() {
        let command: [JSONValue] = ["loadfile", "/srv/clip.mkv", "replace", "start=12"]
        #expect(command.jsonText == #"["loadfile","/srv/clip.mkv","replace","start=12"]"#)
        #expect(([.number(6), .number(1.5), .bool(true), .null] as [JSONValue]).jsonText == "[6,1.5,true,null]")
    }

    @Test("quotes, backslashes, newlines and control characters are escaped; unicode goes out as UTF-8")
    func escaping() {
        let path = "/srv/\"quoted\" \\ back\nnew\tline\u{1}\u{7F} été 🎬"
        let text = JSONValue.string(path).jsonText
        #expect(text == #""/srv/\"quoted\" \\ back\nnew\tline\u0001"# + "\u{7F} été 🎬\"")
        #expect(!text.contains("\n"))
    }

    @Test("what is escaped decodes back to the same string")
    func roundTrip() throws {
        let path = "a\"b\\c\nd\re\u{0}f\u{1F}g/h ü 中 🎬"
        let line = #"{"data":"# + JSONValue.string(path).jsonText + #","request_id":1,"error":"success"}"#
        let decoded = MPVMessage(line: Array(line.utf8))
        #expect(decoded == .reply(MPVReply(requestID: 1, error: "success", data: .string(path))))
    }
}
