/// The last event the journal encoded and its line: a key held down (Down, Down, Down…) writes
/// the same event again and again, and JSONEncoder costs thousands to tens of thousands of
/// instructions per event, as much as drawing the key's frame. Events are compared only when
/// the journal was given a way to (its events are `Equatable`); otherwise each is encoded.
///
///     var last = LastEncodedEvent<AppEvent>(isSame: { $0 == $1 })
///     if let line = last.line(for: event) { write(line) } else { ...; last.remember(event, line: line) }
struct LastEncodedEvent<Event> {
    private let isSame: ((Event, Event) -> Bool)?
    private var event: Event?
    private var encoded: [UInt8] = []

    init(isSame: ((Event, Event) -> Bool)?) {
        self.isSame = isSame
    }

    /// The line written for `event` last time, if `event` equals the last event encoded.
    func line(for event: Event) -> [UInt8]? {
        guard let isSame, let last = self.event, isSame(last, event) else { return nil }
        return encoded
    }

    mutating func remember(_ event: Event, line: [UInt8]) {
        guard isSame != nil else { return }
        self.event = event
        encoded = line
    }
}
