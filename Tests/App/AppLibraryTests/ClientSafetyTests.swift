import Catalog
import Foundation
import TestSupport
import Testing
@testable import AppLibrary

/// The client trusts no file and no server: a catalog that is not one leaves nothing behind,
/// and a server's titles download only from the server itself.
@Suite("A client that trusts no server", .timeLimit(.minutes(1)))
struct ClientSafetyTests {
    @Test("a refused catalog leaves no database behind: a device, a FIFO, a bad line, a line over 1 MB")
    func refusedCatalogLeavesNothing() async throws {
        let folder = try TempFolder(prefix: "spindle-client")
        let environment = ["XDG_DATA_HOME": folder.file("data"), "HOME": folder.path]
        let fifo = folder.file("fifo.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        let badLine = try folder.write("{\"id\": \n", to: "bad.jsonl")
        let longLine = try folder.write(String(repeating: "[", count: 2 << 20), to: "long.jsonl")
        for (path, message) in [
            ("/dev/zero", "/dev/zero: not a regular file (it is a character device)"),
            (fifo, "\(fifo): not a regular file (it is a pipe (FIFO))"),
            (badLine, "\(badLine):1: not valid JSON"),
            (longLine, "\(longLine):1: the line is longer than 1 MB"),
        ] {
            await #expect { try await SQLiteLibraryFeature().open(.catalogFile(path), environment: environment) } throws: {
                String(describing: $0).hasPrefix(message)
            }
            #expect(TempFolder.contents(of: folder.file("data")).isEmpty, "after \(path): \(TempFolder.contents(of: folder.file("data")))")
        }
    }

    @Test("a refused import of a catalog imported before keeps that database as it was")
    func refusedReimportKeepsTheDatabase() async throws {
        let folder = try TempFolder(prefix: "spindle-client")
        let environment = ["XDG_DATA_HOME": folder.file("data"), "HOME": folder.path]
        let good = #"{"id":"a","title":"Amélie","year":2001,"genre":"Comedy","duration":7320,"intro_start":0,"intro_end":60,"credits_start":7000}"#
        let path = try folder.write(good + "\n", to: "films.jsonl")
        _ = try await SQLiteLibraryFeature().open(.catalogFile(path), environment: environment)
        let databases = TempFolder.contents(of: folder.file("data/spindle/catalogs"))
        #expect(databases.contains { $0.hasSuffix(".sqlite") })
        _ = try folder.write(good + "\nnot json\n", to: "films.jsonl")
        await #expect(throws: CatalogFileError.self) {
            try await SQLiteLibraryFeature().open(.catalogFile(path), environment: environment)
        }
        #expect(TempFolder.contents(of: folder.file("data/spindle/catalogs")).contains { $0.hasSuffix(".sqlite") })
    }
}
