import Catalog
import Foundation
import Library
@testable import AppLibrary
import MediaScan
import AppCore
import AppCommandLine
import TestSupport
import Testing

/// A test's folder as the library's app sees it: its XDG data folder and home, and media in it.
extension TempFolder {
    var environment: [String: String] { ["XDG_DATA_HOME": path + "/data", "HOME": path] }

    /// A folder of `names`, each a copy of a tiny ffmpeg-made video (2 s).
    func mediaFolder(_ name: String, files: [String]) throws -> String {
        let folder = path + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tiny = try TestMedia.tiny(seconds: 2)
        for file in files { try FileManager.default.copyItem(atPath: tiny, toPath: folder + "/" + file) }
        return folder
    }
}

/// What a scan reported, in order.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(ScanStatus, Bool)] = []
    func add(_ status: ScanStatus, _ changed: Bool) { lock.withLock { items.append((status, changed)) } }
    var all: [(ScanStatus, Bool)] { lock.withLock { items } }
}

@Suite("The library's part of the app")
struct LibraryAppTests {
    @Test("the library lives in XDG_DATA_HOME, else ~/.local/share; each catalog has a database of its own")
    func locations() throws {
        #expect(try LibraryLocations(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).library == "/x/spindle/library.sqlite")
        #expect(try LibraryLocations(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).library
                == "/h/.local/share/spindle/library.sqlite")
        #expect(throws: LibraryOpenError.self) { try LibraryLocations(environment: [:]) }
        let places = try LibraryLocations(environment: ["HOME": "/h"])
        let one = places.catalogDatabase(for: "/a/films.jsonl")
        #expect(one.hasPrefix("/h/.local/share/spindle/catalogs/films.jsonl-"))
        #expect(one != places.catalogDatabase(for: "/b/films.jsonl"))
        #expect(places.catalogDatabase(for: "/a/we ird;name\u{1B}.jsonl").contains("we_ird_name_.jsonl-"))
    }

    @Test("list reloads are paced: at most one a second while a scan stores titles, and one at its end")
    func pacing() {
        let pacing = ChangePacing(interval: .seconds(1))
        let start = ContinuousClock.now
        #expect(pacing.shouldTell(changed: false, isLast: false, now: start) == false)
        #expect(pacing.shouldTell(changed: true, isLast: false, now: start))
        #expect(pacing.shouldTell(changed: true, isLast: false, now: start + .milliseconds(400)) == false)
        #expect(pacing.shouldTell(changed: false, isLast: false, now: start + .milliseconds(900)) == false)
        #expect(pacing.shouldTell(changed: false, isLast: false, now: start + .milliseconds(1_000)), "the change held back")
        #expect(pacing.shouldTell(changed: true, isLast: false, now: start + .milliseconds(1_100)) == false)
        #expect(pacing.shouldTell(changed: false, isLast: true, now: start + .milliseconds(1_200)), "the last is told")
        #expect(pacing.shouldTell(changed: false, isLast: true, now: start + .milliseconds(1_300)) == false, "nothing left")
    }

    @Test("two folders scan as one: totals add up, a vanished folder is the problem told at the end", .needsFFmpeg)
    func folderScan() async throws {
        let scratch = try TempFolder(prefix: "spindle-libapp")
        let films = try scratch.mediaFolder("films", files: ["Alpha (2001).mkv", "Beta (2002).mkv"])
        let shows = try scratch.mediaFolder("shows", files: ["Show S01E01 One.mkv", "Show S01E02 Two.mkv", "Show S01E03 Three.mkv"])
        let database = try LibraryDatabase(path: scratch.path + "/library.sqlite")
        let reports = Reports()
        await FolderScan(database: database, folders: [films, shows, scratch.path + "/gone"], prober: FFProbe())
            .run { reports.add($0, $1) }
        let last = try #require(reports.all.last)
        #expect(last.0.isFinished)
        #expect(last.0.total == 5)
        #expect(last.0.done == 5)
        #expect(last.0.problem?.contains("gone") == true)
        #expect(reports.all.contains { $0.1 }, "stored titles were told as a change")
        let page = try await LibraryProvider(database: database).page(PageRequest(pageSize: 10))
        #expect(page.items.map(\.title) == ["Alpha", "Beta", "Show S01E01 · One", "Show S01E02 · Two", "Show S01E03 · Three"])
        #expect(page.items.allSatisfy { $0.duration == 2 })

        // Again: nothing new, nothing told as a change.
        let again = Reports()
        await FolderScan(database: database, folders: [films, shows], prober: FFProbe()).run { again.add($0, $1) }
        #expect(again.all.last?.0 == ScanStatus(done: 5, total: 5, isFinished: true))
        #expect(!again.all.contains { $0.1 })
    }

    @Test("a catalog file is imported once, into its own database; a bad line is FILE:LINE and opens nothing")
    func catalogFile() async throws {
        let scratch = try TempFolder(prefix: "spindle-libapp")
        let feature = SQLiteLibraryFeature()
        let path = scratch.path + "/films.jsonl"
        let good = #"{"id":"a","title":"Amélie","year":2001,"genre":"Comedy","duration":7320,"intro_start":0,"intro_end":60,"credits_start":7000}"#
        try (good + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let opened = try await feature.open(.catalogFile(path), environment: scratch.environment)
        #expect(opened.sessionKey == path)
        #expect(!opened.scans)
        let page = try await opened.provider.page(PageRequest(query: "amel", pageSize: 10))
        #expect(page.items.map(\.id) == ["a"])

        try (good + "\n{\"id\": \n").write(toFile: path, atomically: true, encoding: .utf8)
        await #expect { try await feature.open(.catalogFile(path), environment: scratch.environment) } throws: { error in
            String(describing: error).hasPrefix("\(path):2: ")
        }
    }

    @Test("folders that are not there, or not folders, are refused before anything opens")
    func badFolders() async throws {
        let scratch = try TempFolder(prefix: "spindle-libapp")
        let feature = SQLiteLibraryFeature()
        await #expect { try await feature.open(.folders([scratch.path + "/none"]), environment: scratch.environment) } throws: {
            String(describing: $0) == "\(scratch.path)/none: no such folder"
        }
        let file = scratch.path + "/file.mkv"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        await #expect { try await feature.open(.folders([file]), environment: scratch.environment) } throws: {
            String(describing: $0) == "\(file): not a folder"
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/data/spindle/library.sqlite"))
    }

    @Test("without the probe helper and ffprobe, the scan says so and stores nothing as failed", .needsFFmpeg)
    func noFFprobe() async throws {
        let scratch = try TempFolder(prefix: "spindle-libapp")
        let films = try scratch.mediaFolder("films", files: ["Alpha (2001).mkv"])
        let feature = SQLiteLibraryFeature(ffprobe: "/nonexistent/ffprobe", helper: false)
        let opened = try await feature.open(.folders([films]), environment: scratch.environment)
        #expect(opened.scans)
        #expect(feature.missingProber(environment: scratch.environment)?.contains("ffprobe is not installed") == true)
        #expect(try await opened.provider.page(PageRequest(pageSize: 10)).items.isEmpty)
        #expect(await feature.scan(folders: [films], environment: scratch.environment) == 1)
    }
}
