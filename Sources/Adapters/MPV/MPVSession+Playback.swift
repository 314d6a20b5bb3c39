import Catalog
import JSON

/// Playing, pausing, seeking and the positions of a loaded session.
extension MPVSession {
    func setPaused(_ paused: Bool) {
        connection.send(["set_property", "pause", .bool(paused)], completion: failOnTimeout)
    }

    func setVolume(_ volume: Int, muted: Bool) {
        connection.send(["set_property", "volume", .integer(volume)], completion: failOnTimeout)
        connection.send(["set_property", "mute", .bool(muted)], completion: failOnTimeout)
    }

    /// Seeks exactly to `position` and returns at the `playback-restart` that follows, or when
    /// the calling task is cancelled, or the session ends.
    func seek(to position: Int) async {
        guard end.current == nil else { return }
        let restarted = OneShot<Void>()
        let id = connection.reserveRequestID()
        // Positions from before the seek must not be taken for positions after it.
        state.withLock { state in
            state.seeksInFlight += 1
            state.isAtEnd = false
        }
        // The reply comes on the connection's thread before any later message is handled, so
        // the waiter is armed before the `playback-restart` that this seek causes, and after
        // any restart that was already on its way.
        connection.send(["seek", .integer(position), "absolute+exact"], id: id) { [weak self] result in
            guard let self else {
                restarted.fulfill(())
                return
            }
            switch result {
            case .reply(let reply) where reply.succeeded:
                let armed = state.withLock { state in
                    guard end.current == nil else { return false }
                    state.seeksAwaitingRestart.append(restarted)
                    return true
                }
                if !armed { restarted.fulfill(()) }
            case .reply:
                state.withLock { $0.seeksInFlight -= 1 }
                restarted.fulfill(())
            case .timedOut:
                fail(Self.stoppedAnswering, graceful: false)
                restarted.fulfill(())
            case .closed:
                restarted.fulfill(())
            }
        }
        await withTaskCancellationHandler {
            await restarted.value
        } onCancel: {
            restarted.fulfill(())
        }
    }

    /// Whole seconds of `time-pos` after `position`, as they change; then `title`'s duration
    /// (the media's if the title has none) at the end of the media, and the sequence finishes.
    /// Finishes too when the session ends.
    ///
    /// While it is iterated, `time-pos` is asked for just after each whole second of media
    /// time (one wake-up a second, as the simulated engine has), not observed at every frame.
    /// Each ask is also the hang watch: no reply within the reply timeout ends the session.
    func positions(of title: Title, from position: Int) -> AsyncStream<Int> {
        AsyncStream { continuation in
            let id = state.withLock { state in
                defer { state.nextListenerID += 1 }
                return state.nextListenerID
            }
            continuation.onTermination = { [weak self] _ in self?.removeListener(id) }
            let isEnded = end.current != nil
            let (isFinished, chain) = state.withLock { state -> (Bool, Int?) in
                if isEnded { return (true, nil) }
                var listener = PositionListener(after: position, titleDuration: title.duration, continuation: continuation)
                if state.isAtEnd {
                    listener.yieldEnd(mediaDuration: state.mediaDuration)
                    return (true, nil)
                }
                state.listeners[id] = listener
                guard !state.isPolling else { return (false, nil) }
                state.isPolling = true
                state.pollChain += 1
                return (false, state.pollChain)
            }
            if isFinished { continuation.finish() }
            if let chain { pollPosition(chain: chain) }
        }
    }

    private func removeListener(_ id: Int) {
        let timer = state.withLock { state -> Int? in
            state.listeners[id] = nil
            guard state.listeners.isEmpty else { return nil }
            state.isPolling = false
            defer { state.pollTimer = nil }
            return state.pollTimer
        }
        if let timer { connection.cancelTimer(timer) }
    }

    /// Asks for `time-pos`, yields it, and asks again just after the next whole second.
    private func pollPosition(chain: Int) {
        connection.send(["get_property", "time-pos"]) { [weak self] result in
            guard let self else { return }
            switch result {
            case .reply(let reply):
                // Unavailable (between a seek and its restart, say): ask again soon.
                var delay: Duration = .milliseconds(250)
                if reply.succeeded, let time = reply.data.double {
                    updateListeners { state in
                        guard state.seeksInFlight == 0 else { return false }
                        for id in state.listeners.keys { state.listeners[id]!.yield(time) }
                        return false
                    }
                    // Media time runs at the speed: the next whole second comes sooner at 2x.
                    let speed = Double(state.withLock { $0.playback?.speed } ?? PlaybackChoice.normalSpeed) / 100
                    let toNextSecond = (1 - (time - time.rounded(.down))) / max(speed, 0.01)
                    delay = .milliseconds(Int((toNextSecond * 1000).rounded(.up)) + Self.pollMargin)
                }
                schedulePoll(chain: chain, after: delay)
            case .timedOut:
                fail(Self.stoppedAnswering, graceful: false)
            case .closed:
                break
            }
        }
    }

    /// How long after a whole second the position is asked for, in milliseconds: the reply must
    /// already show the new second.
    static let pollMargin = 15

    private func schedulePoll(chain: Int, after delay: Duration) {
        let isCurrent = state.withLock { state in
            state.pollChain == chain && state.isPolling && !state.listeners.isEmpty && end.current == nil
        }
        guard isCurrent else { return }
        let timer = connection.schedule(after: delay) { [weak self] in
            guard let self else { return }
            let isCurrent = state.withLock { state in
                state.pollTimer = nil
                return state.pollChain == chain && state.isPolling
            }
            if isCurrent { pollPosition(chain: chain) }
        }
        let keep = state.withLock { state in
            guard state.pollChain == chain, state.isPolling else { return false }
            state.pollTimer = timer
            return true
        }
        if !keep { connection.cancelTimer(timer) }
    }

    // MARK: Events

    func propertyChanged(_ name: String, to value: JSONValue) {
        switch name {
        case "duration":
            guard let duration = value.double else { return }
            state.withLock { $0.mediaDuration = duration }
        case "eof-reached":
            guard value.bool == true else {
                state.withLock { $0.isAtEnd = false }
                return
            }
            updateListeners { state in
                state.isAtEnd = true
                for id in state.listeners.keys { state.listeners[id]!.yieldEnd(mediaDuration: state.mediaDuration) }
                return true
            }
        default:
            break
        }
    }

    func playbackRestarted() {
        let seeks = state.withLock { state in
            defer {
                state.seeksInFlight = max(0, state.seeksInFlight - state.seeksAwaitingRestart.count)
                state.seeksAwaitingRestart.removeAll()
            }
            return state.seeksAwaitingRestart
        }
        for seek in seeks { seek.fulfill(()) }
    }

    /// Runs `update` on the state; when it returns true, the listeners are done: they are
    /// removed and finished (outside the lock, since finishing calls back into the session).
    private func updateListeners(_ update: (inout State) -> Bool) {
        let finished = state.withLock { state -> [PositionListener] in
            guard update(&state) else { return [] }
            defer { state.listeners.removeAll() }
            return Array(state.listeners.values)
        }
        for listener in finished { listener.continuation.finish() }
    }
}

extension MPVSession.PositionListener {
    /// Yields the whole second of `time` if it is a new one after the start.
    mutating func yield(_ time: Double) {
        var second = Int(max(0, time).rounded(.down))
        // The title's duration is the media's rounded to the nearest second; only the end of the
        // media itself (`yieldEnd`) reaches it, so the last fraction of a second still plays.
        if titleDuration > 0 { second = min(second, titleDuration - 1) }
        guard second > after, second != lastYielded else { return }
        lastYielded = second
        continuation.yield(second)
    }

    /// At the end of the media: the title's duration (the media's, in whole seconds, for a
    /// title whose catalog gave none), unless it was the last position.
    mutating func yieldEnd(mediaDuration: Double?) {
        let end = titleDuration > 0 ? titleDuration : mediaDuration.map { Int($0.rounded()) } ?? lastYielded ?? after
        guard lastYielded != end else { return }
        lastYielded = end
        continuation.yield(end)
    }
}
