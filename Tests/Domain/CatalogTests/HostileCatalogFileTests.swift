import Foundation
import TestSupport
import Testing
import Catalog
import CatalogFile

/// Files that are not catalogs: a line without end, a device, a pipe, a directory. Each is
/// refused in one line, before it can hold the app (a device's read never ends).
@Suite("Catalog files that are not catalogs", .timeLimit(.minutes(1)))
struct HostileCatalogFileTests {
    let folder: TempFolder

    init() throws {
        folder = try TempFolder(prefix: "spindle-catalog")
    }

    func temporaryPath(_ name: String) -> String {
        folder.file(name)
    }

    @Test("a line longer than 1 MB is refused as FILE:LINE, with the line's number")
    func lineTooLong() {
        let long = String(repeating: "x", count: CatalogLineSplitter.maxLineBytes + 1)
        let problem = JSONLinesCatalogTests.problem([JSONLinesCatalogTests.line(), long, JSONLinesCatalogTests.line()])
        #expect(problem == "catalog.jsonl:2: the line is longer than 1 MB; a catalog has one title per line")
    }

    @Test("a line of exactly 1 MB is still read (and judged as JSON)")
    func lineAtTheLimit() {
        let long = String(repeating: " ", count: CatalogLineSplitter.maxLineBytes)
        #expect(JSONLinesCatalogTests.problem([JSONLinesCatalogTests.line(), long]) == nil)
    }

    @Test("a last line without end longer than 1 MB is refused too")
    func unendedLineTooLong() {
        let long = String(repeating: "{", count: CatalogLineSplitter.maxLineBytes + 10)
        #expect(JSONLinesCatalogTests.problem([long])?.hasPrefix("catalog.jsonl:1: the line is longer than 1 MB") == true)
    }

    @Test("/dev/zero, a FIFO and a directory are refused before anything reads them, each in one line")
    func notRegularFiles() throws {
        let fifo = temporaryPath("fifo.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let cases = [
            ("/dev/zero", "/dev/zero: not a regular file (it is a character device); a catalog is a JSON Lines text file"),
            (fifo, "\(fifo): not a regular file (it is a pipe (FIFO)); a catalog is a JSON Lines text file"),
            ("/", "/: not a regular file (it is a directory); a catalog is a JSON Lines text file"),
        ]
        for (path, message) in cases {
            let error = #expect(throws: CatalogFileError.self) { try JSONLinesCatalog(contentsOfFile: path) }
            #expect(error?.description == message)
            #expect(!CatalogFileError.isRegularFile(path))
        }
    }

    @Test("a link to a regular file is a regular file")
    func linkToAFile() throws {
        let file = temporaryPath("real.jsonl")
        let link = temporaryPath("link.jsonl")
        try (JSONLinesCatalogTests.line() + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        defer { unlink(link); unlink(file) }
        #expect(CatalogFileError.isRegularFile(link))
        #expect(try JSONLinesCatalog(contentsOfFile: link).titles.count == 1)
    }
}
