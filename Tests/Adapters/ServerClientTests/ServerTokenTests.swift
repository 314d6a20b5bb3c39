import Foundation
@testable import ServerClient
import ServerWire
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The one token file, by the server's side (`loadOrCreate`) and the client's (`resolve`).
@Suite struct ServerTokenTests {
    private func withFolder(_ body: (String) throws -> Void) throws {
        let folder = try TempFolder(prefix: "spindle-token")
        try body(folder.path)
    }

    /// A private token file at `folder/token` holding `contents`.
    private func writeToken(_ contents: String, in folder: String, mode: Int = 0o600) -> String {
        let path = folder + "/token"
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8), attributes: [.posixPermissions: mode])
        return path
    }

    // MARK: The server's side

    @Test func theFirstRunMakesAPrivateTokenThatLaterRunsRead() throws {
        try withFolder { folder throws in
            let path = folder + "/config/spindle/token"
            let token = try ServerToken.loadOrCreate(at: path)
            #expect(token.count == 64)
            #expect(token.allSatisfy { $0.isHexDigit })
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600)
            #expect(stat(folder + "/config/spindle", &info) == 0)
            #expect(info.st_mode & 0o777 == 0o700)
            #expect(try ServerToken.loadOrCreate(at: path) == token)
            #expect(try ServerToken.create(at: folder + "/other") != token)
            // Nothing left behind but the token.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/config/spindle") == ["token"])
            // And the client reads what the server wrote.
            #expect(try ServerToken.resolve(flag: nil, environment: [:], file: path) == token)
        }
    }

    @Test func aTokenOthersMayReadIsRefusedByBothSides() throws {
        try withFolder { folder throws in
            let path = folder + "/token"
            _ = try ServerToken.create(at: path)
            for mode: mode_t in [0o640, 0o604, 0o644] {
                chmod(path, mode)
                let error = #expect(throws: ServerTokenError.self) { try ServerToken.loadOrCreate(at: path) }
                #expect(error == .unsafePermissions(path: path, mode: UInt32(mode)))
                #expect(error?.description.contains("chmod 600") == true)
                let clientError = #expect(throws: RemoteError.self) {
                    try ServerToken.resolve(flag: nil, environment: [:], file: path)
                }
                guard case .unreadableTokenFile(path, let reason) = clientError else {
                    Issue.record("\(String(describing: clientError))")
                    continue
                }
                #expect(reason.contains("chmod 600"))
                // The file's own message, which names it: not wrapped in another that names it again.
                #expect(clientError?.description == reason)
            }
            chmod(path, 0o400)
            #expect(try ServerToken.load(at: path)?.count == 64)
        }
    }

    @Test func anEmptyTokenFileIsRefusedAndGivesTheClientNoToken() throws {
        try withFolder { folder throws in
            let path = writeToken(" \n", in: folder)
            #expect(throws: ServerTokenError.empty(path: path)) { try ServerToken.loadOrCreate(at: path) }
            #expect(throws: RemoteError.noToken(file: path)) {
                try ServerToken.resolve(flag: nil, environment: [:], file: path)
            }
        }
    }

    @Test func spacesAroundTheTokenAreDroppedButNotInsideIt() throws {
        try withFolder { folder throws in
            let path = writeToken("\t from-file \r\n", in: folder)
            #expect(try ServerToken.load(at: path) == "from-file")
            _ = writeToken("two words\n", in: folder)
            #expect(throws: ServerTokenError.self) { try ServerToken.load(at: path) }
            #expect(throws: RemoteError.self) { try ServerToken.resolve(flag: nil, environment: [:], file: path) }
        }
    }

    @Test func aTokenFileTooBigForATokenIsRefused() throws {
        try withFolder { folder throws in
            let path = writeToken(String(repeating: "a", count: ServerToken.maximumFileBytes), in: folder)
            #expect(try ServerToken.load(at: path)?.count == ServerToken.maximumFileBytes)
            _ = writeToken(String(repeating: "a", count: ServerToken.maximumFileBytes + 1), in: folder)
            #expect(throws: ServerTokenError.unreadable(path: path, reason: "it is too big for a token")) {
                try ServerToken.load(at: path)
            }
        }
    }

    @Test func aLinkIsNotFollowed() throws {
        try withFolder { folder throws in
            let target = writeToken("secret\n", in: folder)
            let link = folder + "/link"
            #expect(symlink(target, link) == 0)
            #expect(throws: ServerTokenError.self) { try ServerToken.load(at: link) }
        }
    }

    // MARK: The client's side

    @Test func theFlagWinsThenTheVariableThenTheFile() throws {
        try withFolder { folder throws in
            let file = writeToken("from-file\n", in: folder)
            let environment = ["SPINDLE_TOKEN": " from-env "]
            #expect(try ServerToken.resolve(flag: "from-flag", environment: environment, file: file) == "from-flag")
            #expect(try ServerToken.resolve(flag: nil, environment: environment, file: file) == "from-env")
            #expect(try ServerToken.resolve(flag: nil, environment: [:], file: file) == "from-file")
            #expect(try ServerToken.resolve(flag: nil, environment: ["SPINDLE_TOKEN": ""], file: file) == "from-file")
        }
    }

    @Test func noSourceSaysWhereToGiveIt() throws {
        try withFolder { folder throws in
            #expect(throws: RemoteError.noToken(file: folder + "/token")) {
                try ServerToken.resolve(flag: nil, environment: [:], file: folder + "/token")
            }
        }
        let error = RemoteError.noToken(file: "/home/ann/.config/spindle/token")
        #expect(error.description == "no token: give it with --token, SPINDLE_TOKEN or in /home/ann/.config/spindle/token (spindle serve writes it there)")
    }

    @Test func aTokenAHeaderCannotCarryIsRefused() {
        #expect(throws: RemoteError.invalidToken(reason: "it may hold only visible ASCII characters, no spaces or line breaks")) {
            try ServerToken.resolve(flag: "two\nlines", environment: [:], file: "/nonexistent/token")
        }
        #expect(throws: RemoteError.invalidToken(reason: "it is empty")) {
            try ServerToken.resolve(flag: "  ", environment: [:], file: "/nonexistent/token")
        }
        #expect(throws: RemoteError.self) { try RemoteProvider(server: "http://h:1", token: "a\r\nX-Evil: 1") }
    }

    @Test func aTokenFileThatIsAFolderCannotBeRead() throws {
        try withFolder { folder throws in
            try FileManager.default.createDirectory(atPath: folder + "/token", withIntermediateDirectories: true)
            #expect(throws: RemoteError.self) {
                try ServerToken.resolve(flag: nil, environment: [:], file: folder + "/token")
            }
            #expect(throws: ServerTokenError.self) { try ServerToken.load(at: folder + "/token") }
        }
    }

    @Test("a token a guesser tries first is refused for the server, with why", arguments: [
        ("aaaaaaaaaaaaaaaaaaaa", "it is one character repeated"),
        ("abababababababababab", "it is a pattern of 2 characters repeated"),
        ("hunter12hunter12hunter12", "it is a pattern of 8 characters repeated"),
        ("0123456789abcdefghij", "it is a run of consecutive characters"),
        ("zyxwvutsrqponmlkjihg", "it is a run of consecutive characters"),
        ("aabbccddeeaabbccddeeab", "it has only 5 different characters"),
        ("passwordqwerty12", "it is common words with little else"),
        ("Spindle-Token-2024", "it is common words with little else"),
    ])
    func weakTokensRefused(token: String, reason: String) {
        #expect(throws: ServerTokenError.weak(source: "--token", reason: reason)) {
            try ServerToken.validatedForServer(token, from: "--token")
        }
    }

    @Test("made tokens and long mixed ones pass", arguments: [
        ServerToken.generate(), ServerToken.generate(), "test-token-0123456789abcdef", "correct-horse-battery-staple",
    ])
    func strongTokensPass(token: String) throws {
        #expect(try ServerToken.validatedForServer(token, from: "--token") == token)
    }
}
