import Foundation
@testable import ServerClient
import Testing

struct ServerTokenTests {
    /// A fresh folder standing for XDG_CONFIG_HOME, with `spindle/token` holding `contents`.
    private func configHome(token contents: String?) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spindle-token-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/spindle", withIntermediateDirectories: true)
        if let contents { try contents.write(toFile: folder + "/spindle/token", atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func theFlagWinsThenTheVariableThenTheFile() throws {
        let config = try configHome(token: "from-file\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let environment = ["SPINDLE_TOKEN": " from-env ", "XDG_CONFIG_HOME": config]
        #expect(try ServerToken.resolve(flag: "from-flag", environment: environment) == "from-flag")
        #expect(try ServerToken.resolve(flag: nil, environment: environment) == "from-env")
        #expect(try ServerToken.resolve(flag: nil, environment: ["XDG_CONFIG_HOME": config]) == "from-file")
        #expect(try ServerToken.resolve(flag: nil, environment: ["XDG_CONFIG_HOME": config, "SPINDLE_TOKEN": ""]) == "from-file")
    }

    @Test func theFileIsUnderHomeWithoutXDG() {
        #expect(ServerToken.filePath(environment: ["HOME": "/home/ann"]) == "/home/ann/.config/spindle/token")
        #expect(ServerToken.filePath(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"]) == "/cfg/spindle/token")
        // A relative XDG_CONFIG_HOME is invalid and ignored, as the spec says.
        #expect(ServerToken.filePath(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "cfg"]) == "/home/ann/.config/spindle/token")
    }

    @Test func noSourceSaysWhereToGiveIt() throws {
        let config = try configHome(token: nil)
        defer { try? FileManager.default.removeItem(atPath: config) }
        #expect(throws: RemoteError.noToken(file: config + "/spindle/token")) {
            try ServerToken.resolve(flag: nil, environment: ["XDG_CONFIG_HOME": config])
        }
        let error = RemoteError.noToken(file: "/home/ann/.config/spindle/token")
        #expect(error.description == "no token: give it with --token, SPINDLE_TOKEN or in /home/ann/.config/spindle/token (spindle serve writes it there)")
    }

    @Test func aTokenAHeaderCannotCarryIsRefused() {
        #expect(throws: RemoteError.invalidToken(reason: "it may hold only visible ASCII characters, no spaces or line breaks")) {
            try ServerToken.resolve(flag: "two\nlines", environment: [:])
        }
        #expect(throws: RemoteError.invalidToken(reason: "it is empty")) {
            try ServerToken.resolve(flag: "  ", environment: [:])
        }
        #expect(throws: RemoteError.self) { try RemoteProvider(server: "http://h:1", token: "a\r\nX-Evil: 1") }
    }

    @Test func aTokenFileThatIsAFolderCannotBeRead() throws {
        let config = try configHome(token: nil)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try FileManager.default.createDirectory(atPath: config + "/spindle/token", withIntermediateDirectories: true)
        #expect(throws: RemoteError.self) {
            try ServerToken.resolve(flag: nil, environment: ["XDG_CONFIG_HOME": config])
        }
    }
}
