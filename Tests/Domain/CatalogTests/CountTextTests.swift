import Testing
import TextFormat
@testable import Catalog

@Suite("Counts are written one way everywhere")
struct CountTextTests {
    @Test("digits grouped by thousands, the noun singular for one")
    func grouped() {
        #expect(CountText.grouped(0) == "0")
        #expect(CountText.grouped(999) == "999")
        #expect(CountText.grouped(1_000) == "1,000")
        #expect(CountText.grouped(1_048_576) == "1,048,576")
        #expect(CountText.grouped(-12_345) == "-12,345")
        #expect(CountText.grouped(Int64.max) == "9,223,372,036,854,775,807")
        #expect(CountText.of(1, "request", "requests") == "1 request")
        #expect(CountText.of(10_000, "request", "requests") == "10,000 requests")
    }

    @Test("a show's seasons and episodes are counted as the rest of the app counts")
    func groupLabels() {
        let show = TitleGroup.show("Long Runner", seasons: 12, episodes: 1_204)
        #expect(show.summary == "12 seasons · 1,204 episodes")
        #expect(TitleGroup.season(show: "Long Runner", 3, episodes: 1).summary == "1 episode")
        #expect(TitleGroup.show("Mini", seasons: 1, episodes: 3).seasonsText == "1 season")
    }
}
