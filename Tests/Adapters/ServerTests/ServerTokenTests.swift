import Foundation
import Server
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ServerTokenTests {
    private func withFolder(_ body: (String) throws -> Void) throws {
        var template = Array((NSTemporaryDirectory() + "/spindle-token-XXXXXX").utf8CString)
        let folder = String(cString: try #require(mkdtemp(&template)))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func theFirstRunMakesAPrivateTokenThatLaterRunsRead() throws {
        try withFolder { folder in
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
        }
    }

    @Test func aTokenOthersMayReadIsRefused() throws {
        try withFolder { folder in
            let path = folder + "/token"
            _ = try ServerToken.create(at: path)
            for mode: mode_t in [0o640, 0o604, 0o644] {
                chmod(path, mode)
                let error = #expect(throws: ServerTokenError.self) { try ServerToken.loadOrCreate(at: path) }
                #expect(error == .unsafePermissions(path: path, mode: UInt32(mode)))
                #expect(error?.description.contains("chmod 600") == true)
            }
            chmod(path, 0o400)
            #expect(try ServerToken.load(at: path)?.count == 64)
        }
    }

    @Test func anEmptyTokenFileIsRefused() throws {
        try withFolder { folder in
            let path = folder + "/token"
            #expect(FileManager.default.createFile(atPath: path, contents: Data("\n".utf8), attributes: [.posixPermissions: 0o600]))
            #expect(throws: ServerTokenError.empty(path: path)) { try ServerToken.loadOrCreate(at: path) }
        }
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(ServerToken.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/spindle/token")
        #expect(ServerToken.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/spindle/token")
        #expect(ServerToken.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/spindle/token")
    }
}
