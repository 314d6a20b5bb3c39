/// What a user's configuration changes in how the app looks and listens: its keys and its
/// styles. Made once at start (`standard` without a configuration) and handed to the view and
/// the key map, which read it on every frame and key without building anything.
///
///     let preferences = AppPreferences(keys: AppKeyTable(rebinding: rebinding), theme: theme)
///     SpindleApp(screen: screen, provider: provider, effects: effects, preferences: preferences)
package struct AppPreferences: Sendable {
    package var keys: AppKeyTable
    package var theme: Theme
    /// How titles' pictures are drawn; nil (the embedded catalog, `--pictures off`): none.
    package var art: ArtDrawing?

    package init(keys: AppKeyTable = .standard, theme: Theme = .standard, art: ArtDrawing? = nil) {
        self.keys = keys
        self.theme = theme
        self.art = art
    }

    package static let standard = AppPreferences()
}
