extension PlayerState {
    /// Whether the position is in the intro (where skip intro is offered).
    package var isInIntro: Bool { introZone.contains(position) }

    /// Whether the position is in the end credits (where up next is offered).
    package var isInCredits: Bool { creditsZone.contains(position) }

    package var isSkipIntroShown: Bool { skipIntro.isShown }

    package var isUpNextShown: Bool { upNext.isShown }

    /// Whether the skip-intro prompt is waiting for its seek to land ("Skipping intro…").
    package var isSkippingIntro: Bool {
        skipIntro.phase == .acting && pendingSeek?.purpose == .skipIntro
    }

    /// Count each shown prompt down by one, a second from now. Counting pauses with playback
    /// (not at the end, where up next must still count down) and stops when the prompt goes.
    /// One request per number, so a tick can never land on a prompt that has moved on.
    package var countdownRequests: Set<CountdownRequest> {
        guard exit == nil, media == .ready, isPlaying || isAtEnd else { return [] }
        var requests: Set<CountdownRequest> = []
        for prompt in CountdownPrompt.allCases {
            if let secondsLeft = self[prompt].secondsLeft {
                requests.insert(CountdownRequest(titleID: title.id, prompt: prompt, secondsLeft: secondsLeft))
            }
        }
        return requests
    }

    subscript(prompt: CountdownPrompt) -> Countdown {
        get {
            switch prompt {
            case .skipIntro: skipIntro
            case .upNext: upNext
            }
        }
        set {
            switch prompt {
            case .skipIntro: skipIntro = newValue
            case .upNext: upNext = newValue
            }
        }
    }

    /// The intro: `introStart ..< introEnd`, empty for a title without one.
    var introZone: Range<Int> { title.introStart ..< max(title.introStart, title.introEnd) }

    /// The credits, up to and including the end (playback stops there, and up next keeps
    /// counting); empty for a title without credits (`creditsStart == duration`).
    var creditsZone: Range<Int> {
        title.creditsStart < title.duration ? title.creditsStart ..< title.duration + 1 : 0 ..< 0
    }

    /// Where the prompts judge the position from: where a pending seek is going. Seeking out
    /// of the intro thus stops its countdown at once, not when the seek lands (by which time it
    /// might have fired).
    var promptPosition: Int { pendingSeek?.target ?? position }

    /// Makes the prompts follow the position; runs after every event. The skip-intro prompt is
    /// left alone while its seek is in flight: it disappears when the seek has landed.
    mutating func refreshPrompts() {
        guard media == .ready else { return }
        if !isSkippingIntro { skipIntro.follow(zone: introZone, at: promptPosition) }
        if nextTitle != nil { upNext.follow(zone: creditsZone, at: promptPosition) }
    }

    mutating func tick(_ prompt: CountdownPrompt, to secondsLeft: Int) {
        guard self[prompt].tick(to: secondsLeft) else { return }
        switch prompt {
        case .skipIntro: seekPastIntro()
        case .upNext: playNext()
        }
    }

    /// `s`: skips at once, from anywhere in the intro, even after `x`. Not before the media is
    /// ready (nothing could seek: the prompt would wait for ever), nor after it failed.
    mutating func skipIntroNow() {
        guard media == .ready, introZone.contains(promptPosition), !isSkippingIntro else { return }
        skipIntro.act()
        seekPastIntro()
    }

    mutating func seekPastIntro() {
        startSeek(to: title.introEnd, purpose: .skipIntro)
    }

    mutating func dismissPrompts() {
        skipIntro.dismiss()
        upNext.dismiss()
    }

    mutating func playNext() {
        guard let nextTitle else { return }
        upNext.act()
        exit = .playNext(nextTitle)
    }
}
