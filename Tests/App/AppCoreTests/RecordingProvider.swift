import Catalog
import Synchronization

/// A page provider for tests: serves `titles` after `latency` on the given clock, records every
/// request (and whether it was cancelled), and fails the requests whose number is in `failing`.
final class RecordingProvider: PageProvider, Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the catalog is down" }
    }

    let titles: [Title]
    let latency: Duration
    let clock: any Clock<Duration>
    let failing: Set<Int>
    private let log = Mutex<(requests: [PageRequest], cancelled: [PageRequest], answered: [PageRequest])>(([], [], []))

    init(titles: [Title], latency: Duration = .milliseconds(150), clock: any Clock<Duration>, failing: Set<Int> = []) {
        self.titles = titles
        self.latency = latency
        self.clock = clock
        self.failing = failing
    }

    var requests: [PageRequest] { log.withLock { $0.requests } }
    var cancelled: [PageRequest] { log.withLock { $0.cancelled } }
    var answered: [PageRequest] { log.withLock { $0.answered } }

    func page(_ request: PageRequest) async throws -> Page {
        let number = log.withLock { log in
            log.requests.append(request)
            return log.requests.count
        }
        do {
            try await clock.sleep(for: latency)
        } catch {
            log.withLock { $0.cancelled.append(request) }
            throw error
        }
        if failing.contains(number) { throw Failure() }
        let matching = request.query.isEmpty ? titles : titles.filter { $0.title.localizedLowercase.contains(request.query.lowercased()) }
        guard case .offset(let start) = request.cursor else { throw Failure() }
        let end = min(start + request.pageSize, matching.count)
        log.withLock { $0.answered.append(request) }
        return Page(items: Array(matching[min(start, end)..<end]), next: end < matching.count ? .offset(end) : nil)
    }
}
