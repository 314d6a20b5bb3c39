import Catalog
import Downloads
import Foundation
import TestSupport
import Testing
@testable import AppCore

/// The downloads' journal lost: moved aside like the session's, and what it knew found again in
/// the downloads folder, so that no stored file is orphaned.
@Suite("Downloads journal")
struct DownloadsJournalSafetyTests {
    static let film = Title(id: "film", title: "A Film", year: 2024, genre: "Drama", duration: 10, introStart: 0,
                            introEnd: 0, creditsStart: 10, media: TitleMedia(video: "http://nas/film.mkv"))

    @Test("an unreadable downloads journal is moved aside with a notice, and stored titles are found again from the folder")
    func unreadableDownloadsJournal() throws {
        let folder = try TempFolder(prefix: "spindle-state")
        let store = SessionStore(directory: folder.path)
        let journal = store.downloadsJournal(forCatalog: "/films.jsonl")
        try write("{\"generation\":0}\nnot json\n{}\n", to: journal.journalPath)
        let source = StoredSource(stored: [(Self.film, LocalCopy(video: "/downloads/A-Film-1/video.mkv"))])

        let first = DownloadsSession.start(store: store, catalog: "/films.jsonl", source: source, maxConcurrent: 3, now: 0)
        #expect(first.notices.count == 1)
        #expect(first.notices[0].contains("journal.jsonl:2: not a valid journal entry"), "\(first.notices)")
        #expect(first.notices[0].contains("moved to \(journal.directory).aside-19700101T000000Z"), "\(first.notices)")
        #expect(first.notices[0].hasSuffix("1 stored title was found again in the downloads folder"), "\(first.notices)")
        #expect(first.state.list.map(\.status) == [.finished(localVideo: "/downloads/A-Film-1/video.mkv", localSubtitles: nil)])
        #expect(!TempFolder.exists(journal.journalPath), "never overwritten: the next download starts a new journal")
        #expect(try String(contentsOfFile: journal.directory + ".aside-19700101T000000Z/journal.jsonl", encoding: .utf8)
                    .contains("not json"))

        // Broken again in the same second: a second aside, the first kept.
        try write("broken again\n", to: journal.journalPath)
        let second = DownloadsSession.start(store: store, catalog: "/films.jsonl", source: source, maxConcurrent: 3, now: 0)
        #expect(second.notices.first?.contains("moved to \(journal.directory).aside-19700101T000000Z-2") == true,
                "\(second.notices)")
    }

    @Test("a readable downloads journal is restored as it was; the folder is not consulted")
    func readableDownloadsJournal() throws {
        let folder = try TempFolder(prefix: "spindle-state")
        let store = SessionStore(directory: folder.path)
        let source = StoredSource(stored: [(Self.film, LocalCopy(video: "/downloads/A-Film-1/video.mkv"))])
        let started = DownloadsSession.start(store: store, catalog: nil, source: source, maxConcurrent: 3)
        #expect(started.notices.isEmpty)
        #expect(started.state.list.isEmpty)
    }
}

/// A download source whose storage holds `stored`; it fetches nothing.
private struct StoredSource: DownloadSource {
    let stored: [(title: Title, copy: LocalCopy)]

    func transfer(_ part: DownloadPart, of title: Title) -> AsyncThrowingStream<DownloadProgress, any Error> {
        AsyncThrowingStream { $0.finish(throwing: DownloadError("nothing to fetch here")) }
    }

    func deleteLocalCopy(of title: Title) async throws {}

    func storedTitles() -> [(title: Title, copy: LocalCopy)] { stored }
}
