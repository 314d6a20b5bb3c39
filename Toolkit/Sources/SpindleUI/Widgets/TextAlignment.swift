import Terminal

/// Where a line of text sits across its width: a `Block`'s title, a `Paragraph`'s lines.
///
///     Block(title: "Details", titleAlignment: .center)
public enum TextAlignment: Hashable, Sendable {
    /// Against the start (left).
    case leading
    /// In the middle; an odd cell left over goes after the text.
    case center
    /// Against the end (right).
    case trailing

    /// The column offset of text `width` columns wide in `available` columns (0 when it does
    /// not fit).
    func offset(width: Int, in available: Int) -> Int {
        let room = max(available - width, 0)
        switch self {
        case .leading: return 0
        case .center: return room / 2
        case .trailing: return room
        }
    }
}
