/// Where a keyset page starts reading its list, and which way: forward after a place (from the
/// list's start when nil), or backward before a place (from the list's end when nil). Read
/// backward, the query turns every comparison and every term of its order round, walks the same
/// index the other way, and gets the rows last first (`LibraryProvider+End`).
///
///     Keyset<PagePosition>.before(nil)   // the list's last page ("L1.end")
///     Keyset<PagePosition>.after(place)  // the page after `place` (its `next`)
enum Keyset<Place: Sendable>: Sendable {
    case after(Place?)
    case before(Place?)

    /// The place the page starts from; nil for the list's start (forward) or end (backward).
    var place: Place? {
        switch self {
        case .after(let place), .before(let place): place
        }
    }

    var isBackward: Bool {
        if case .before = self { true } else { false }
    }

    /// How the page's rows compare to the place, in the list's order: `>` forward, `<` backward.
    var comparison: String { isBackward ? "<" : ">" }

    /// What follows each term of the ORDER BY: nothing forward, ` DESC` backward.
    var direction: String { isBackward ? " DESC" : "" }
}
