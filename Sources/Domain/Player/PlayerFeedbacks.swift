import Spin

/// The player's effects, as feedbacks of whatever spin holds the player: the player's own
/// (`PlayerState`, `PlayerEvent`) or a host's, such as an app state with a `PlayerState?`.
///
///     let player = PlayerFeedbacks(engine: SimulatedEngine(), player: \AppState.player, event: AppEvent.player)
///     Spin(initialState: AppState()) { for feedback in player.all { feedback }; AppReducer.reducer }
///
/// Every effect is a `react` on a state query, so closing the player (the lens returns nil, or
/// the player has an `exit`) cancels whatever it had in flight, and Spin drops the events those
/// effects had already queued. Every wait is on the spin's clock.
package struct PlayerFeedbacks<Host: Sendable, HostEvent: Sendable>: Sendable {
    /// Hides the HUD 3 s after the last key press while playing (`hudHideRequest`).
    package let hudAutoHide: Feedback<Host, HostEvent>
    /// Hides the seek preview a moment after its seek landed (`seekPreviewHideRequest`).
    package let seekPreviewHide: Feedback<Host, HostEvent>
    /// Plays: reports each second of media time from the engine (`playbackRequest`).
    package let playback: Feedback<Host, HostEvent>
    /// Seeks, and reports when the seek landed (`seekRequest`).
    package let seeking: Feedback<Host, HostEvent>
    /// Counts the skip-intro and up-next prompts down, once a second (`countdownRequests`).
    package let countdowns: Feedback<Host, HostEvent>
    /// Tells the engine to play or pause, its volume, tracks and speed when the user's intent changes
    /// (`engineSettings`), in state order.
    package let engineControl: Feedback<Host, HostEvent>
    /// Opens the media of a title that plays for real, reports when it loaded or failed, and
    /// closes it when the player closes or moves on (`mediaRequest`).
    package let media: Feedback<Host, HostEvent>

    /// All of the player's feedbacks.
    package var all: [Feedback<Host, HostEvent>] {
        [media, hudAutoHide, seekPreviewHide, playback, seeking, countdowns, engineControl]
    }

    /// - Parameters:
    ///   - player: reads the player from the host's state; nil when no player is open.
    ///   - event: wraps a player event as an event of the host.
    package init<Engine: PlayerEngine>(
        engine: Engine,
        player: @escaping @Sendable (Host) -> PlayerState?,
        event: @escaping @Sendable (PlayerEvent) -> HostEvent
    ) {
        hudAutoHide = .react(query: { player($0)?.hudHideRequest }) { request async -> HostEvent? in
            do {
                try await Effect.sleep(for: PlayerTiming.hudAutoHide)
            } catch {
                return nil
            }
            return event(.hudTimedOut(interaction: request.interaction))
        }

        seekPreviewHide = .react(query: { player($0)?.seekPreviewHideRequest }) { request async -> HostEvent? in
            do {
                try await Effect.sleep(for: PlayerTiming.seekPreviewLinger)
            } catch {
                return nil
            }
            return event(.seekPreviewTimedOut(seekKey: request.seekKey))
        }

        playback = .react(query: { player($0)?.playbackRequest }) { request in
            engine.positions(of: request.title, from: request.start, speed: request.speed).map { event(.positionAdvanced(to: $0)) }
        }

        seeking = .react(query: { player($0)?.seekRequest }) { request async -> HostEvent? in
            await engine.seek(to: request.target)
            if Task.isCancelled { return nil }
            return event(.seekFinished(at: request.target))
        }

        countdowns = .react(requests: { player($0)?.countdownRequests ?? [] }) { request async -> HostEvent? in
            do {
                try await Effect.sleep(for: PlayerTiming.countdownTick)
            } catch {
                return nil
            }
            return event(.countdownTicked(request.prompt, secondsLeft: request.secondsLeft - 1))
        }

        engineControl = Feedback(distinct: { player($0)?.engineSettings }, stream: { settings in
            EngineControl(settings: settings, engine: engine).map { (_: Never) -> HostEvent in }
        })

        media = .react(query: { player($0)?.mediaRequest }) { request in
            engine.open(request.title, at: request.start).map { report -> HostEvent in
                switch report {
                case .loaded(let info): event(.mediaLoaded(info))
                case .failed(let message): event(.mediaFailed(message))
                }
            }
        }
    }
}

extension PlayerFeedbacks where Host == PlayerState, HostEvent == PlayerEvent {
    /// The feedbacks of a spin of the player alone.
    ///
    ///     Spin(initialState: PlayerState(title: title)) { for f in PlayerFeedbacks(engine: engine).all { f }; PlayerState.reducer }
    package init<Engine: PlayerEngine>(engine: Engine) {
        self.init(engine: engine, player: { $0 }, event: { $0 })
    }
}
