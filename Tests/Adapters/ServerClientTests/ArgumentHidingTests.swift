import Foundation
@testable import ServerClient
import ServerWire
import Testing

struct ArgumentHidingTests {
    /// Runs `body` on a C argument vector made of `arguments` and returns them afterwards.
    private func afterHiding(_ arguments: [String]) -> (hidden: Int, arguments: [String]) {
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        let hidden = pointers.withUnsafeMutableBufferPointer {
            ServerToken.hideArguments(count: arguments.count, $0.baseAddress!)
        }
        return (hidden, pointers.dropLast().map { String(cString: $0!) })
    }

    @Test func bothFormsOfTheOptionAreOverwrittenInPlace() {
        let result = afterHiding(["spindle", "--server", "http://h:1", "--token", "abc123", "--token=secret", "--tokens=keep"])
        #expect(result.hidden == 2)
        #expect(result.arguments == ["spindle", "--server", "http://h:1", "--token", "xxxxxx", "--token=xxxxxx", "--tokens=keep"])
    }

    @Test func argumentsAfterTheEndOfOptionsAreLeftAlone() {
        let result = afterHiding(["spindle", "--token", "--", "--", "--token", "file"])
        #expect(result.arguments == ["spindle", "--token", "xx", "--", "--token", "file"])
        #expect(afterHiding(["spindle", "--token"]).hidden == 0)
    }

    #if os(Linux)
    /// The process's own arguments are the memory `/proc/self/cmdline` shows (so overwriting
    /// them in place hides them from `ps`), and hiding changes nothing when no token is there.
    @Test func theProcessArgumentsAreWhatProcShows() throws {
        let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
        // Field 48 is arg_start; the fields after the command's closing parenthesis start at 3.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let argStart = try #require(UInt(fields[48 - 3]))
        let argv0 = try #require(CommandLine.unsafeArgv[0])
        #expect(UInt(bitPattern: argv0) == argStart)

        let before = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/cmdline"))
        let hasToken = CommandLine.arguments.contains { $0 == "--token" || $0.hasPrefix("--token=") }
        try #require(!hasToken)
        #expect(ServerToken.hideArguments() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "/proc/self/cmdline")) == before)
    }
    #endif
}
