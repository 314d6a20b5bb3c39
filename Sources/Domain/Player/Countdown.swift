/// A prompt that counts down and then acts: the one mechanism behind "Skip intro (10)" and
/// "Up next: … (10)". It appears when the position enters its zone, counts 10 … 1 once a
/// second, and at zero (or when the user accepts) it acts; `x` dismisses it for the rest of
/// the zone.
///
///     switch player.skipIntro.phase {
///     case .counting(let secondsLeft): "Skip intro (\(secondsLeft))"
///     case .acting: "Skipping intro…"
///     case .hidden, .dismissed: nil
///     }
///
/// What acting means belongs to the owner (`PlayerState`): a seek past the intro, or opening
/// the next title. The countdown only says when.
package struct Countdown: Equatable, Sendable, Codable {
    package enum Phase: Equatable, Sendable, Codable {
        /// Not shown: outside the zone, or the zone has not been entered yet.
        case hidden
        /// Shown with the number of seconds before it acts.
        case counting(secondsLeft: Int)
        /// Shown while its action is under way ("Skipping intro…").
        case acting
        /// Dismissed by the user: hidden until the position goes back before the zone.
        case dismissed
    }

    package internal(set) var phase: Phase = .hidden

    package init() {}

    /// Whether the prompt is on screen.
    package var isShown: Bool {
        switch phase {
        case .counting, .acting: true
        case .hidden, .dismissed: false
        }
    }

    /// The number to show, while counting.
    package var secondsLeft: Int? {
        if case .counting(let secondsLeft) = phase { secondsLeft } else { nil }
    }

    /// Follows the position relative to the zone: entering it starts the count, going back
    /// before it forgets a dismissal, going past it hides the prompt (a dismissal stays, so the
    /// prompt does not come back for this zone unless the position goes back before it).
    mutating func follow(zone: Range<Int>, at position: Int) {
        if zone.isEmpty || position < zone.lowerBound {
            phase = .hidden
        } else if zone.contains(position) {
            switch phase {
            case .hidden: phase = .counting(secondsLeft: PlayerTiming.countdownStart)
            // The action was abandoned (the user seeked elsewhere in the zone): they want to be here.
            case .acting: phase = .dismissed
            case .counting, .dismissed: break
            }
        } else if phase != .dismissed {
            phase = .hidden
        }
    }

    /// Counts down to `secondsLeft` if that is the next number; returns true when it reaches
    /// zero, the moment to act. Any other number is a stale tick and changes nothing.
    mutating func tick(to secondsLeft: Int) -> Bool {
        guard case .counting(let current) = phase, secondsLeft == current - 1 else { return false }
        if secondsLeft > 0 {
            phase = .counting(secondsLeft: secondsLeft)
            return false
        }
        phase = .acting
        return true
    }

    mutating func dismiss() {
        if case .counting = phase { phase = .dismissed }
    }

    /// Acts now, whatever the count: the user accepted.
    mutating func act() {
        phase = .acting
    }
}
