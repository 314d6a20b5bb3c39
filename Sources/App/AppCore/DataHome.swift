/// Spindle's folder under the XDG data home: `$XDG_DATA_HOME/spindle` when that is absolute,
/// else `$HOME/.local/share/spindle`; nil when neither is usable. The library and the downloads
/// both live under it.
///
///     DataHome.directory(environment: ["HOME": "/home/me"])   // "/home/me/.local/share/spindle"
public enum DataHome {
    public static func directory(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/spindle" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/spindle" }
        return nil
    }
}
