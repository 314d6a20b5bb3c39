import Terminal

/// The whole screen: the screen for the state (too small, player, details or list), and the
/// help over it, in the preferences' styles and with their keys in the hints.
enum AppView {
    static func render(_ state: AppState, on canvas: any Canvas, tick: Int, preferences: AppPreferences = .standard) {
        let area = Rect(size: canvas.size)
        let theme = preferences.theme, keys = preferences.keys
        guard Layout.fits(canvas.size) else { return TooSmallView.render(in: area, theme: theme, on: canvas) }
        if let player = state.player {
            PlayerView.render(player, download: state.downloads.isEmpty ? nil : state.downloads[player.title.id],
                              notice: state.downloadNotice ?? player.notice, bindings: keys.screenSections(for: state).bindings(),
                              preview: state.seekPreviewImage, drawing: preferences.art, in: area, theme: theme, on: canvas)
        } else if state.downloadsScreen != nil {
            DownloadsScreenView.render(state, in: area, preferences: preferences, on: canvas)
            if let offer = state.resumeOffer { ResumeOfferView.render(offer, in: area, preferences: preferences, on: canvas) }
        } else if let title = state.list.detail {
            DetailView.render(title, download: state.downloads.isEmpty ? nil : state.downloads[title.id],
                              watched: DetailView.watchedText(position: state.positions[title.id], watched: state.watched.contains(title.id)),
                              known: state.knownMedia(of: title.id),
                              notice: state.downloadNotice, bindings: keys.screenSections(for: state).bindings(),
                              art: state.detailArt?.titleID == title.id ? state.detailArt?.image
                                  : state.cardArt.image(for: title.id, kind: .poster), drawing: preferences.art,
                              in: area, theme: theme, on: canvas)
        } else {
            ListScreenView.render(state, in: area, preferences: preferences, on: canvas, tick: tick)
            if let offer = state.resumeOffer { ResumeOfferView.render(offer, in: area, preferences: preferences, on: canvas) }
            if let picker = state.filterPicker { FilterPickerView.render(picker, in: area, theme: preferences.theme, on: canvas) }
        }
        if state.isHelpShown { HelpOverlay.render(state, in: area, preferences: preferences, on: canvas) }
    }
}

/// "Too small", and the size the layout needs.
enum TooSmallView {
    static func render(in area: Rect, theme: Theme, on canvas: any Canvas) {
        let minimum = Layout.minimum
        canvas.put("Too small", row: area.row, column: area.column, style: theme.notice, width: area.columns)
        canvas.put("needs \(minimum.columns)x\(minimum.rows)", row: area.row + 1, column: area.column, style: theme.notice,
                   width: area.columns)
    }
}
