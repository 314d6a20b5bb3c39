#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's character functions (`wcwidth`) and ncurses only handle wide characters in a
/// UTF-8 locale. CI and `env -i` shells often have none, so fall back to C.UTF-8 for the
/// character type when the user's locale is not UTF-8.
package enum UTF8Locale {
    /// Takes the user's locale (`setlocale(LC_ALL, "")`), then makes sure characters are UTF-8.
    /// Returns whether characters are UTF-8 afterwards.
    @discardableResult
    package static func activateFromEnvironment() -> Bool {
        setlocale(LC_ALL, "")
        return ensureUTF8Characters()
    }

    /// Makes the character type UTF-8 if it is not, touching nothing else.
    @discardableResult
    package static func ensureUTF8Characters() -> Bool {
        if isUTF8 { return true }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if isUTF8 { return true }
        }
        return false
    }

    static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Done once, lazily, before the first width is measured (headless use and tests).
    static let ensuredOnce: Bool = ensureUTF8Characters()
}
