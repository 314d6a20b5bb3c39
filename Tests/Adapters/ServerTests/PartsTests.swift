import Hummingbird
import HummingbirdCore
import ServerWire
import Testing
@testable import Server

@Suite struct PartsTests {
    @Test func publicIDs() {
        #expect(PublicID.string(42) == "t42")
        #expect(PublicID.rowID("t42") == 42)
        #expect(PublicID.rowID("t9223372036854775807") == Int64.max)
        for garbage in ["", "t", "t0", "t01", "t-1", "t+1", "42", "T42", "t4 2", "t9223372036854775808", "t99999999999999999999", "../t1"] {
            #expect(PublicID.rowID(garbage) == nil, "\(garbage)")
        }
    }

    @Test func byteRanges() {
        #expect(ByteRange(header: nil, size: 10) == .whole)
        #expect(ByteRange(header: "bytes=0-0", size: 10) == .part(0 ... 0))
        #expect(ByteRange(header: "bytes=2-", size: 10) == .part(2 ... 9))
        #expect(ByteRange(header: "bytes=-3", size: 10) == .part(7 ... 9))
        #expect(ByteRange(header: "bytes=8-100", size: 10) == .part(8 ... 9))
        #expect(ByteRange(header: "bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-0", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-5", size: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=5-1", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=0-1,3-4", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=-", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=+1-2", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=99999999999999999999-", size: 10) == .whole)
    }

    @Test func queryStrings() {
        let query = URI("/v1/titles?q=am%C3%A9lie+x&limit=5&limit=6&flag&bad=%zz%4").formParameters
        #expect(query.get("q") == "amélie x")
        #expect(query.get("limit") == "5")
        #expect(query.get("flag") == "")
        #expect(query.get("bad") == "%zz%4")
        #expect(query.get("none") == nil)
        #expect(PercentEncoding.encode("L1.3.Zm9v+/= é") == "L1.3.Zm9v%2B%2F%3D%20%C3%A9")
        #expect(URI("/v1/titles").formParameters.get("q") == nil)
        let uri = URI("/v1/titles/a%2Bb+c/next?q=x+y%2Bz")
        #expect(uri.path == "/v1/titles/a%2Bb+c/next")
        #expect(uri.formParameters.get("q") == "x y+z")
        #expect(URI("/v1/titles?q=a%2Bb").formParameters.get("q") == "a+b")
    }

    @Test func contentTypes() {
        let expected = [
            "a.mkv": "video/x-matroska", "a.MP4": "video/mp4", "a.m4v": "video/mp4", "a.webm": "video/webm",
            "a.mov": "video/quicktime", "a.avi": "video/x-msvideo", "a.ts": "video/mp2t", "a.ogv": "video/ogg",
            "a.mp3": "audio/mpeg", "a.flac": "audio/flac", "a.m4a": "audio/mp4", "a.opus": "audio/ogg",
            "a.srt": "application/x-subrip", "a.vtt": "text/vtt", "a.ass": "text/x-ssa",
            "a.bin": "application/octet-stream", "noext": "application/octet-stream", "/d.mkv/x": "application/octet-stream",
            ".mkv": "application/octet-stream",
        ]
        for (path, type) in expected {
            #expect(ContentType.of(path) == type, "\(path)")
        }
    }

    @Test func httpDates() {
        #expect(HTTPDate.string(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.string(secondsSince1970: 1_700_000_000) == "Tue, 14 Nov 2023 22:13:20 GMT")
    }

    @Test func ifNoneMatch() {
        #expect(FileReply.matches("\"a\"", etag: "\"a\""))
        #expect(FileReply.matches(" \"b\" , W/\"a\"", etag: "\"a\""))
        #expect(FileReply.matches("*", etag: "\"a\""))
        #expect(!FileReply.matches("\"b\"", etag: "\"a\""))
        #expect(!FileReply.matches(nil, etag: "\"a\""))
    }
}
