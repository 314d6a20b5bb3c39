extension PlayerState {
    /// Seek to the pending target and report `seekFinished`. A new target replaces the request,
    /// which cancels the seek in flight: only the latest seek ever lands.
    package var seekRequest: SeekRequest? {
        guard exit == nil, media == .ready, let pendingSeek else { return nil }
        return SeekRequest(titleID: title.id, target: pendingSeek.target)
    }

    /// Whether a seek is in flight: the screen says "seeking…".
    package var isSeeking: Bool { pendingSeek != nil }

    /// A seek key: moves by `seconds` from where the last seek is going (or from the
    /// position), clamped to the title.
    mutating func seek(by seconds: Int) {
        startSeek(to: (pendingSeek?.target ?? position) + seconds, purpose: .user)
    }

    mutating func startSeek(to target: Int, purpose: PendingSeek.Purpose) {
        guard media == .ready else { return }
        let target = min(max(0, target), title.duration)
        if pendingSeek == nil, target == position { return }
        pendingSeek = PendingSeek(target: target, purpose: purpose)
    }

    /// The seek landed. Ignored unless it is the pending one: the answer to an older target
    /// would move the position somewhere the user no longer wants.
    mutating func finishSeek(at target: Int) {
        guard pendingSeek?.target == target else { return }
        pendingSeek = nil
        position = target
        playbackStart = target
        if isAtEnd { stopAtEnd() }
    }
}
