import Foundation
import Library
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The server streams a file only if its real path is inside the library's folders: no link
/// in a media folder (to /etc/passwd, to a sibling folder), no path in a catalog, and no
/// hidden folder leads anywhere else.
@Suite struct ServedFolderTests {
    @Test("files reached through links out of the folder, absolute or ../ paths and hidden folders are 404")
    func onlyFilesInsideTheFoldersAreServed() async throws {
        let folder = try TestServer.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let media = folder + "/media"
        let other = folder + "/other"
        for path in [media, other, media + "/.hidden", media + "/season"] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try Data("real video".utf8).write(to: URL(fileURLWithPath: media + "/real.mkv"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: other + "/secret.mkv"))
        try Data("hidden".utf8).write(to: URL(fileURLWithPath: media + "/.hidden/h.mkv"))
        try Data("episode".utf8).write(to: URL(fileURLWithPath: media + "/season/e1.mkv"))
        #expect(symlink("/etc/passwd", media + "/evil.mkv") == 0)
        #expect(symlink("../other/secret.mkv", media + "/sibling.mkv") == 0)
        #expect(symlink("real.mkv", media + "/alias.mkv") == 0)
        #expect(symlink("../other", media + "/elsewhere") == 0)
        let entries = [
            ("real", "real.mkv"), ("alias", "alias.mkv"), ("episode", "season/e1.mkv"),
            ("evil", "evil.mkv"), ("sibling", "sibling.mkv"), ("through", "elsewhere/secret.mkv"),
            ("absolute", "/etc/passwd"), ("up", "../other/secret.mkv"), ("hidden", ".hidden/h.mkv"),
        ]
        let lines = entries.map { #"{"id":"\#($0.0)","title":"Aaa \#($0.0)","year":2001,"genre":"","video":"\#($0.1)"}"# }
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: media + "/catalog.jsonl"))
        let database = try LibraryDatabase(path: folder + "/library.sqlite")
        _ = try await LibraryImport.importCatalog(path: media + "/catalog.jsonl", into: database)

        try await TestServer.serve(database, in: folder) { server in
            var statuses: [String: Int] = [:]
            for (name, _) in entries {
                let id = try await server.id(ofTitle: "Aaa \(name)")
                let answer = try await server.get("/v1/titles/\(id)/video")
                statuses[name] = answer.status
                if answer.status == 200 {
                    #expect(!String(decoding: answer.body, as: UTF8.self).contains("root:"))
                    #expect(!String(decoding: answer.body, as: UTF8.self).contains("secret"))
                }
            }
            #expect(statuses == [
                "real": 200, "alias": 200, "episode": 200,
                "evil": 404, "sibling": 404, "through": 404, "absolute": 404, "up": 404, "hidden": 404,
            ])
        }
    }
}
