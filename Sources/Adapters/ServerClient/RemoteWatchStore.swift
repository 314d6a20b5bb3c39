import Catalog
import Foundation
import ServerWire
import Synchronization

/// What a `spindle serve`'s clients watched, kept on the server: the owner's history, shared by
/// the token's clients (`GET`/`POST /v1/watch`), so that the marks made on one client show on
/// another. Title ids are the server's (`t42`), as its pages give them.
///
/// Each mark is sent with the time it was set here, and the server keeps the newest of a
/// title's marks. A mark that could not be sent (the server unreachable) waits, with its time,
/// and goes with the next save or reading: a client back from offline sends what it did then,
/// and it wins only where nothing newer was set meanwhile.
///
///     let store = RemoteWatchStore(provider: provider)
///     try await store.save(["t42": WatchMark(position: 600)])
package final class RemoteWatchStore: WatchStore {
    let provider: RemoteProvider
    /// What waits to be sent: marks by title id, and marks of shows and seasons, in order.
    private let unsent = Mutex<(marks: [String: WireWatchMark], groups: [WireGroupMark])>(([:], []))
    /// The clock the marks' times are read from (milliseconds since 1970).
    private let now: @Sendable () -> Int64

    package init(provider: RemoteProvider,
                 now: @escaping @Sendable () -> Int64 = { Int64((Date.now.timeIntervalSince1970 * 1000).rounded()) }) {
        self.provider = provider
        self.now = now
    }

    /// The server's marks, un-marks included (a title marked not watched elsewhere), after
    /// what waited to be sent.
    package func allMarks() async throws -> [String: WatchMark] {
        try? await sendUnsent()
        let url = provider.server.url(WireProtocol.watchPath)
        let wire = try await provider.fetch(WireWatchMarks.self, from: url, notFound: .isNil)
        // The server's word: no more marks than a library has titles, and no negative positions.
        var marks: [String: WatchMark] = [:]
        for (id, mark) in (wire?.marks ?? [:]).prefix(WireWatchMarks.maximumCount * 100) {
            marks[id] = WatchMark(position: mark.position, watched: mark.watched)
        }
        return marks
    }

    /// Sends the marks, set now, with those that waited; a server without watch state (older)
    /// keeps none, and says so with a 404, which is not an error here.
    package func save(_ marks: [String: WatchMark]) async throws {
        let time = now()
        unsent.withLock { unsent in
            for (id, mark) in marks { unsent.marks[id] = WireWatchMark(position: mark.position, watched: mark.watched, updated: time) }
        }
        try await sendUnsent()
    }

    /// Marks a show's or a season's episodes on the server, in one request.
    package func mark(_ mark: GroupWatchMark) async throws {
        let wire = WireGroupMark(show: mark.group.show, season: mark.season, watched: mark.watched, updated: now())
        unsent.withLock { $0.groups.append(wire) }
        try await sendUnsent()
    }

    /// How many marks wait to be sent.
    package var unsentCount: Int {
        unsent.withLock { $0.marks.count + $0.groups.count }
    }

    /// Sends what waits, `WireWatchMarks.maximumCount` at a time; what could not be sent
    /// waits again (unless a newer mark of its title came meanwhile).
    private func sendUnsent() async throws {
        let (marks, groups) = unsent.withLock { unsent in
            defer { unsent = ([:], []) }
            return (Array(unsent.marks), unsent.groups)
        }
        guard !marks.isEmpty || !groups.isEmpty else { return }
        let url = provider.server.url(WireProtocol.watchPath)
        var sentMarks = 0
        var sentGroups = 0
        do {
            while sentMarks < marks.count || sentGroups < groups.count {
                let groupPart = Array(groups[sentGroups ..< min(groups.count, sentGroups + WireWatchMarks.maximumCount)])
                let room = WireWatchMarks.maximumCount - groupPart.count
                let markPart = marks[sentMarks ..< min(marks.count, sentMarks + room)]
                let body = try JSONEncoder().encode(WireWatchMarks(marks: Dictionary(uniqueKeysWithValues: markPart.map { ($0.key, $0.value) }),
                                                                   groups: groupPart.isEmpty ? nil : groupPart))
                _ = try await provider.fetch(WireWatchSaved.self, from: url, notFound: .isNil, posting: Array(body))
                sentMarks += markPart.count
                sentGroups += groupPart.count
            }
        } catch {
            unsent.withLock { unsent in
                for (id, mark) in marks[sentMarks...] where unsent.marks[id] == nil { unsent.marks[id] = mark }
                unsent.groups = Array(groups[sentGroups...]) + unsent.groups
            }
            throw error
        }
    }
}
