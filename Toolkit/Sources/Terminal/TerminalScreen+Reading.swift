import CNCursesW

/// What the ncurses window holds, read back: for tests that check kept and moved rows against
/// a frame drawn from nothing.
extension TerminalScreen {
    /// The characters of `row` as the window holds them, trailing spaces trimmed.
    func windowRowText(_ row: Int) -> String {
        var buffer = [wchar_t](repeating: 0, count: size.columns + 1)
        let count = mvwinnwstr(window, Int32(row), 0, &buffer, Int32(size.columns))
        guard count > 0 else { return "" }
        var text = String(String.UnicodeScalarView(buffer.prefix(Int(count)).compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
        while text.last == " " { text.removeLast() }
        return text
    }
}
