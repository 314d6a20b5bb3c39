@testable import ServerClient
import ServerWire
import Testing

struct RemoteErrorTests {
    @Test func messagesAUserReads() {
        #expect(RemoteError.hostNotFound("nas.local").description == "cannot find host nas.local")
        #expect(RemoteError.timedOut(.seconds(10)).description == "the server did not answer within 10 s")
        #expect(RemoteError.timedOut(.milliseconds(1500)).description == "the server did not answer within 1.5 s")
        #expect(RemoteError.pageTooBig.description == "the server's page is too big")
        #expect(RemoteError.refused(status: 400, message: "limit must be 1 to 200").description
            == "the server refused the request (400): limit must be 1 to 200")
    }

    @Test func textFromTheNetworkIsOneCleanLine() {
        #expect(TextCleaning.clean("  a\u{1B}]0;owned\u{07}\r\n b\u{9B}c\u{2028} ", limit: 200) == "a ]0;owned b c")
        #expect(TextCleaning.clean("abcdef", limit: 4) == "abc…")
        #expect(TextCleaning.clean("abcd", limit: 4) == "abcd")
    }

    @Test func percentEncodingKeepsOnlyUnreservedCharacters() {
        #expect(PercentEncoding.encode("a-z_0.9~") == "a-z_0.9~")
        #expect(PercentEncoding.encode("é &/?#+%") == "%C3%A9%20%26%2F%3F%23%2B%25")
        #expect(PercentEncoding.encode("東京") == "%E6%9D%B1%E4%BA%AC")
    }
}
