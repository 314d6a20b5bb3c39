import Foundation
import GRDB
@testable import Library
import SpinTesting
import Testing
import TestSupport

/// Catalogs that are not what they seem, in a real terminal: a device, a device remembered as
/// the last catalog, and an import stopped with Ctrl+C. Each tmux session has its own HOME, so
/// the library's databases are under `<session>/.local/share/spindle`.
@Suite("Hostile catalogs, end to end", .serialized, .waitsInRealTime)
struct CatalogSafetyEndToEndTests {
    /// The database files (and the folder) a catalog's import may leave.
    static func catalogFiles(_ session: TmuxSession) -> [String] {
        TempFolder.contents(of: session.directory.path + "/.local/share/spindle/catalogs")
    }

    @Test("spindle --catalog /dev/zero is refused at once, in one line, and leaves no database")
    func deviceRefused() async throws {
        let session = try TmuxSession(columns: 200, rows: 24)
        defer { session.close() }
        let run = try AppRun(session, arguments: "--catalog /dev/zero")
        #expect(try await run.exitStatus() == 1)
        let screen = try session.screen()
        #expect(screen.contains("spindle: /dev/zero: not a regular file (it is a character device); a catalog is a JSON Lines text file"),
                "\(screen)")
        #expect(Self.catalogFiles(session).isEmpty)
        #expect(!TempFolder.exists(session.directory.path + "/.local/share/spindle/catalogs"))
    }

    @Test("when the last catalog was /dev/zero, a plain spindle opens the embedded catalog and says why")
    func lastCatalogDeviceNotReopened() async throws {
        let session = try TmuxSession(columns: 200, rows: 24)
        defer { session.close() }
        try write("/dev/zero\n", to: session.directory.path + "/state/spindle/last-catalog")
        let run = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        let screen = try await session.waitForScreen(containing: "not a regular file")
        #expect(screen.contains("spindle: the last session's catalog /dev/zero is not a regular file; this is the embedded catalog"),
                "\(screen)")
    }

    @Test("Ctrl+C during a first import ends spindle at once, the terminal as it was, no database left")
    func importInterrupted() async throws {
        let session = try TmuxSession(columns: 160, rows: 24)
        defer { session.close() }
        let (catalog, generated) = try AppRun.generateCatalog(1_000_000, named: "big.jsonl", in: session)
        #expect(generated == 0)
        let run = try AppRun(session, arguments: "--catalog '\(catalog)'")
        // The notice comes half a second into the import.
        try await session.waitForScreen(containing: "importing")
        let pid = try await run.pid()
        try session.send("C-c")
        // Interrupted, not finished: the status and the message say the import did not end.
        #expect(await MPVEndToEndTests.waitUntilGone(pid))
        #expect(try await run.exitStatus() == 130)
        try await run.expectTerminalRestored()
        let screen = try session.screen()
        #expect(screen.contains("spindle: interrupted; nothing of the import was kept"), "\(screen)")
        #expect(Self.catalogFiles(session).isEmpty, "\(Self.catalogFiles(session))")
    }

    @Test("kill -9 while a changed catalog is imported again: the last import stays whole, and the next start imports the file, then builds the other orders' indexes while it is browsed")
    func importKilled() async throws {
        let session = try TmuxSession(columns: 160, rows: 24)
        defer { session.close() }
        let (catalog, generated) = try AppRun.generateCatalog(2_000, named: "films.jsonl", in: session)
        #expect(generated == 0)
        var run = try AppRun(session, arguments: "--catalog '\(catalog)' --latency 0")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        // The file changes: big enough to go in as a bulk load, its indexes after its rows.
        #expect(try AppRun.generateCatalog(100_000, named: "films.jsonl", in: session).status == 0)
        run = try AppRun(session, arguments: "--catalog '\(catalog)' --latency 0")
        try await session.waitForScreen(containing: "building index")
        let pid = try await run.pid()
        #expect(kill(pid, SIGKILL) == 0)
        #expect(await MPVEndToEndTests.waitUntilGone(pid))
        let files = Self.catalogFiles(session)
        let path = try #require(files.first { $0.hasSuffix(".sqlite") })
        // The kill left the load's journal, which the next open plays back.
        #expect(files.contains(path + "-journal"), "\(files)")
        let database = try LibraryDatabase(path: session.directory.path + "/.local/share/spindle/catalogs/" + path)
        let (titles, check, search, journal) = try await database.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM title"), try String.fetchOne(db, sql: "PRAGMA integrity_check"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM title_search WHERE title_search MATCH 'shadow*'"),
             try String.fetchOne(db, sql: "PRAGMA journal_mode"))
        }
        #expect(titles == 2_000)
        #expect(check == "ok")
        #expect((search ?? 0) > 0)
        #expect(journal == "wal")
        try await database.write { db in try db.execute(sql: "INSERT INTO title_search(title_search) VALUES ('integrity-check')") }
        try database.close()
        // The next start finds the file changed since that import, and imports it whole.
        run = try AppRun(session, arguments: "--catalog '\(catalog)' --latency 0")
        try await session.waitForScreen(containing: "100,000 titles")
        let reopened = try LibraryDatabase(path: session.directory.path + "/.local/share/spindle/catalogs/" + path)
        try await eventually("the other orders' indexes built", observe: {
            try await reopened.read { db in
                (try Int.fetchOne(db, sql: "SELECT count(*) FROM pending_index") ?? -1,
                 try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'title_by_%' ORDER BY name"))
            }
        }, until: { $0 == (0, ["title_by_genre", "title_by_length", "title_by_year"]) })
        try reopened.close()
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("keys typed during a first import are not the list's: a q typed then does not quit it")
    func keysDuringAnImportAreDropped() async throws {
        let session = try TmuxSession(columns: 160, rows: 24)
        defer { session.close() }
        let (catalog, generated) = try AppRun.generateCatalog(30_000, named: "typed.jsonl", in: session)
        #expect(generated == 0)
        let run = try AppRun(session, arguments: "--catalog '\(catalog)' --latency 0")
        // The notice comes half a second into the import.
        try await session.waitForScreen(containing: "importing")
        try session.send("q")
        try await session.waitForScreen(containing: "50 loaded")
        // Still the list: it goes to the end.
        try session.send("End")
        try await session.waitForScreen(containing: "30,000 titles")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }
}
