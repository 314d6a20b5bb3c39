import CTerminalRestore
import Foundation
import Testing
@testable import Terminal

/// The restore a signal or a crash runs (`spindle_restore_now`), on a pseudo-terminal: once a
/// kitty image has been shown, it deletes them all before giving the terminal back.
@Suite("restoring with pictures", .serialized)
struct RestorePrefixTests {
    @Test("the crash restore writes the kitty delete-all first, then the usual restore bytes")
    func prefixWritten() throws {
        // glibc's pseudo-terminal calls, which its Swift module does not show.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias PTName = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            unsafeBitCast(try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)), to: type)
        }
        let master = try symbol("posix_openpt", as: OpenPT.self)(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        #expect(try symbol("grantpt", as: OpenPT.self)(master) == 0)
        #expect(try symbol("unlockpt", as: OpenPT.self)(master) == 0)
        let name = try #require(try symbol("ptsname", as: PTName.self)(master).map { String(cString: $0) })
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        #expect(spindle_restore_prepare(slave, slave) == 0)
        let restore = Array("<restore>".utf8CString.dropLast())
        restore.withUnsafeBufferPointer { spindle_restore_set_sequence($0.baseAddress, $0.count) }
        TerminalScreen.kittyDeleteAll.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { spindle_restore_set_prefix($0.baseAddress, $0.count) }
        }
        func written(waiting milliseconds: Int32) -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            while poll(&descriptor, 1, milliseconds) > 0 {
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer.prefix(count)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        spindle_restore_now()
        #expect(written(waiting: 200) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\<restore>")
        // A new start forgets the prefix until a kitty image is shown again.
        #expect(spindle_restore_prepare(slave, slave) == 0)
        restore.withUnsafeBufferPointer { spindle_restore_set_sequence($0.baseAddress, $0.count) }
        spindle_restore_now()
        #expect(written(waiting: 100) == "<restore>")
    }
}
