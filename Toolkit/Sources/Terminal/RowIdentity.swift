/// What a row's drawing depends on, boiled down to one value: equal identities mean the row
/// draws the same cells, wherever on the screen it is.
///
/// A widget that knows its inputs (an item, whether it is selected, its width) gives each row
/// an identity; the screen then keeps a row that showed the same identity last frame instead of
/// drawing it again (see `Canvas.drawRow`). Everything the drawing reads must go in, except the
/// row it is on. It is a 64-bit hash: two different inputs sharing one is as likely as a random
/// 64-bit collision, and it lives only as long as the process (the hash is seeded per run).
///
///     let identity = RowIdentity(title, isSelected, rect.columns)
///     canvas.drawRow(rect.row, identity: identity) { canvas.put(title, row: rect.row, column: 0) }
public struct RowIdentity: Hashable, Sendable {
    @usableFromInline let value: Int

    /// The identity of these inputs.
    ///
    ///     RowIdentity(statusLine, area.column, area.columns)
    @inlinable
    public init<each Input: Hashable>(_ input: repeat each Input) {
        var hasher = Hasher()
        repeat hasher.combine(each input)
        self.init(hash: hasher.finalize())
    }

    @usableFromInline
    init(hash: Int) { value = hash }

    /// The identity of what `hasher` was given: for a widget that feeds its inputs one by one
    /// (no variadic generic in a hot loop).
    ///
    ///     var hasher = Hasher(); hasher.combine(item); hasher.combine(isSelected)
    ///     let identity = RowIdentity(finalizing: hasher)
    @inlinable
    package init(finalizing hasher: Hasher) {
        self.init(hash: hasher.finalize())
    }

    /// This identity with more inputs: where an area lies, the selection.
    ///
    ///     identity.combined(with: frame.column, frame.columns)
    @inlinable
    package func combined<each Input: Hashable>(with input: repeat each Input) -> RowIdentity {
        var hasher = Hasher()
        hasher.combine(value)
        repeat hasher.combine(each input)
        return RowIdentity(hash: hasher.finalize())
    }
}
