import Foundation
import Testing
@testable import SpindleUIPictures

@Suite("detecting the picture protocol")
struct DetectionTests {
    /// Answers to `ESC [ c` as terminals give them.
    static let xterm = Array("\u{1B}[?1;2c".utf8)
    static let xtermVT340 = Array("\u{1B}[?63;1;2;4;6;9;15;22c".utf8)
    static let foot = Array("\u{1B}[?62;4;22c".utf8)
    static let mlterm = Array("\u{1B}[?63;1;2;3;4;7;29c".utf8)
    static let vte = Array("\u{1B}[?65;1;9c".utf8)

    @Test("the environment decides first: kitty, WezTerm, Ghostty use kitty graphics; tmux uses half blocks")
    func environment() {
        #expect(PictureProtocol.detect(environment: ["KITTY_WINDOW_ID": "1", "TERM": "xterm-kitty"], answer: nil) == .kitty)
        #expect(PictureProtocol.detect(environment: ["TERM": "xterm-kitty"], answer: nil) == .kitty)
        #expect(PictureProtocol.detect(environment: ["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"], answer: Self.xterm) == .kitty)
        #expect(PictureProtocol.detect(environment: ["TERM_PROGRAM": "ghostty"], answer: nil) == .kitty)
        #expect(PictureProtocol.detect(environment: ["TERM": "xterm-ghostty"], answer: nil) == .kitty)
        #expect(PictureProtocol.detect(environment: ["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"], answer: Self.foot) == .blocks)
        #expect(PictureProtocol.fromEnvironment(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == nil)
        #expect(PictureProtocol.fromEnvironment(["TMUX": ""]) == nil)
    }

    @Test("otherwise the device attributes answer: 4 among them means sixel; none (a timeout), garbage or a cut answer mean half blocks")
    func answers() {
        let environment = ["TERM": "xterm-256color"]
        #expect(PictureProtocol.detect(environment: environment, answer: Self.xtermVT340) == .sixel)
        #expect(PictureProtocol.detect(environment: environment, answer: Self.foot) == .sixel)
        #expect(PictureProtocol.detect(environment: environment, answer: Self.mlterm) == .sixel)
        #expect(PictureProtocol.detect(environment: environment, answer: Self.xterm) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: Self.vte) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: nil) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: []) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: Array("garbage\u{1B}[?;;4c".utf8)) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: Array("\u{1B}[?62;4".utf8)) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: Array("\u{1B}[?4c".utf8)) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: Array("\u{1B}[?62;44;22c".utf8)) == .blocks)
        #expect(PictureProtocol.detect(environment: environment, answer: [0xFF, 0x1B, 0x5B, 0x3F, 0x36, 0x32, 0x3B, 0x34, 0x63]) == .sixel)
        #expect(PictureProtocol.detect(environment: environment, answer: Array("\u{1B}[?62;99999999999999999999;4c".utf8)) == .blocks)
    }

    @Test("a setting forces a protocol; auto asks the terminal only when the environment does not decide")
    func settings() {
        var asked = 0
        let ask = { () -> [UInt8]? in asked += 1; return Self.foot }
        #expect(PictureSetting(rawValue: "off")?.resolve(environment: ["TERM": "xterm-kitty"], ask: ask) == .off)
        #expect(PictureSetting(rawValue: "blocks")?.resolve(environment: [:], ask: ask) == .blocks)
        #expect(PictureSetting(rawValue: "kitty")?.resolve(environment: [:], ask: ask) == .kitty)
        #expect(PictureSetting.auto.resolve(environment: ["TERM": "xterm-kitty"], ask: ask) == .kitty)
        #expect(PictureSetting.auto.resolve(environment: ["TMUX": "x"], ask: ask) == .blocks)
        #expect(asked == 0)
        #expect(PictureSetting.auto.resolve(environment: ["TERM": "foot"], ask: ask) == .sixel)
        #expect(asked == 1)
        #expect(PictureSetting(rawValue: "sometimes") == nil)
        #expect(PictureSetting.allCases.map(\.rawValue) == ["auto", "kitty", "sixel", "truecolor", "blocks", "off"])
    }

    @Test("reading the answer: stops at its end, gives up after the timeout with nothing, and keeps what came before it")
    func reading() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let started = ContinuousClock.now
        #expect(DeviceAttributes.read(from: fds[0], timeout: .milliseconds(60)) == nil)
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(50) && waited < .milliseconds(1000))
        _ = Self.foot.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count) }
        #expect(DeviceAttributes.read(from: fds[0], timeout: .milliseconds(500)) == Self.foot)
        let garbage = Array("not an answer".utf8)
        _ = garbage.withUnsafeBufferPointer { write(fds[1], $0.baseAddress, $0.count) }
        #expect(DeviceAttributes.read(from: fds[0], timeout: .milliseconds(60)) == garbage)
        #expect(DeviceAttributes.isComplete(Self.xterm) && !DeviceAttributes.isComplete(Array("\u{1B}[?62;4".utf8)))
    }

    @Test("no terminal to ask (a pipe, not a tty): no answer")
    func noTerminal() {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(DeviceAttributes.query(input: fds[0], output: fds[1], timeout: .milliseconds(20)) == nil)
    }
}
