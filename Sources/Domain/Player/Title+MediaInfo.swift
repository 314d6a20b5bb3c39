import Catalog

extension Title {
    /// The title with what the catalog left out taken from the media: the duration (rounded to
    /// the nearest second, at least 1; the engine's positions reach it only at the end of the
    /// media), the intro and the credits from the chapters.
    /// What the catalog gave wins; with neither, the title has no intro or no credits.
    package func merged(with info: MediaInfo) -> Title {
        guard let media else { return self }
        var title = self
        if !media.knowsDuration {
            let seconds = info.duration ?? 0
            title.duration = seconds > 0 ? max(1, Int(seconds.rounded())) : 0
        }
        let marks = ChapterMarks(chapters: info.chapters, duration: title.duration)
        if !media.knowsIntro {
            title.introStart = marks.intro?.lowerBound ?? 0
            title.introEnd = marks.intro?.upperBound ?? 0
        }
        if !media.knowsCredits {
            title.creditsStart = marks.creditsStart ?? title.duration
        }
        // Keep the marks in order and within the title, whichever side gave them.
        title.introEnd = min(title.introEnd, title.duration)
        title.introStart = min(title.introStart, title.introEnd)
        title.creditsStart = min(max(title.creditsStart, title.introEnd), title.duration)
        return title
    }
}
