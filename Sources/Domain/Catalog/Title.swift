/// One entry of the catalog: a film or an episode the player can open.
///
/// All times are whole seconds from the start of the title. The intro runs from `introStart` to
/// `introEnd` (a player offers to skip it); the credits run from `creditsStart` to `duration`.
/// The text fields are data, not markup: they may contain anything, including control
/// characters, and whoever draws them must neutralize those.
package struct Title: Equatable, Hashable, Sendable, Codable {
    package var id: String
    package var title: String
    package var year: Int
    package var genre: String
    /// Length in seconds.
    package var duration: Int
    package var introStart: Int
    package var introEnd: Int
    package var creditsStart: Int
    /// The media to play for real (in mpv); nil for titles the simulated engine plays.
    package var media: TitleMedia?
    /// Set on a row that stands for a show or a season (`ListScope.shows`, `.show`): Enter goes
    /// into it rather than playing it.
    package var group: TitleGroup?

    package init(
        id: String, title: String, year: Int, genre: String,
        duration: Int, introStart: Int, introEnd: Int, creditsStart: Int, media: TitleMedia? = nil,
        group: TitleGroup? = nil
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.genre = genre
        self.duration = duration
        self.introStart = introStart
        self.introEnd = introEnd
        self.creditsStart = creditsStart
        self.media = media
        self.group = group
    }

    /// The names used in JSON, the same as in a catalog file (`docs/catalog-format.md`).
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, year, genre, duration
        case introStart = "intro_start"
        case introEnd = "intro_end"
        case creditsStart = "credits_start"
        case media, group
    }
}
