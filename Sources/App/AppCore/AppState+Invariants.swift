import Browser
import Spin

// What must always hold of the app's state, in one place: the list's rules
// (`ListState+Invariants`), the open player's (`PlayerState+Invariants`) and the app's own.
// `AppReducer.reducer` checks them after every event in debug builds, and `TestStore` in tests.
// The downloads' state lives in their own spin (`AppDownloads`), whose reducer checks their rules
// (`DownloadsState+Invariants`) in debug builds.
extension AppState: InvariantRules {
    /// The app's own rules, each with the name a failure reports.
    package enum Rule: String, CaseIterable, Sendable {
        case listLaidOutForScreen =
            "the list has the rows and columns the screen's size and the grid give it (or none, before the first layout)"
        case cardArtWithinBudget = "the cards' pictures are counted right and kept within their budget"
        case helpOffsetNotNegative = "the help is never scrolled above its first line"
        case seekPreviewOfThePlayer = "the seek preview's picture is of the title playing, and only while pictures are drawn"
    }

    /// The list's, the player's and the app's own.
    package var brokenInvariants: [String] {
        list.brokenInvariants + (player?.brokenInvariants ?? []) + brokenRules.map(\.rawValue)
    }

    package func holds(_ rule: Rule) -> Bool {
        switch rule {
        case .listLaidOutForScreen:
            let wanted = listLayout
            return list.viewportRows == 0 || (list.viewportRows == wanted.rows && list.columns == wanted.columns)
        case .cardArtWithinBudget:
            return cardArt.holdsItsCount
        case .helpOffsetNotNegative:
            return helpOffset >= 0
        case .seekPreviewOfThePlayer:
            guard let seekPreviewArt else { return true }
            return hasArt && seekPreviewArt.titleID == player?.title.id
        }
    }
}
