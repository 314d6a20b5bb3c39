import Synchronization

extension DownloadsState {
    /// A journal's `durable` filter for the downloads spin: every event but most `.received`
    /// reports, of which one per `step` bytes of each part is kept. A restart shows an
    /// interrupted download's progress to within `step` (the bytes themselves are in the
    /// `.part` file), and a 1 GB download writes about 250 lines rather than 4,000.
    ///
    ///     journal.feedback(durable: DownloadsState.journalFilter())
    package static func journalFilter(step: Int = 4 << 20) -> @Sendable (DownloadsEvent) -> DownloadsEvent? {
        let kept = Mutex<[String: Int]>([:])
        return { event in
            guard case .progressed(let id, let part, .received(let bytes), _) = event else { return event }
            let key = id + "/" + part.rawValue
            return kept.withLock { kept in
                if let last = kept[key], bytes >= last, bytes - last < step { return nil }
                kept[key] = bytes
                return event
            }
        }
    }
}
