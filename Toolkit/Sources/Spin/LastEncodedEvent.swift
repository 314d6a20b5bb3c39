/// The last event the journal encoded and its line: a key held down (Down, Down, Down…) writes
/// the same event again and again, and JSONEncoder costs tens of thousands of instructions per
/// event, more than drawing the key's frame. Only events that are `Equatable` are compared;
/// others are always encoded.
///
///     var last = LastEncodedEvent<AppEvent>()
///     if let line = last.line(for: event) { write(line) } else { ...; last.remember(event, line: line) }
struct LastEncodedEvent<Event> {
    private var event: Event?
    private var encoded: [UInt8] = []

    /// The line written for `event` last time, if `event` equals the last event encoded.
    func line(for event: Event) -> [UInt8]? {
        guard let last = self.event, let comparable = last as? any Equatable, comparable.isEqual(to: event) else { return nil }
        return encoded
    }

    mutating func remember(_ event: Event, line: [UInt8]) {
        guard event is any Equatable else { return }
        self.event = event
        encoded = line
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
