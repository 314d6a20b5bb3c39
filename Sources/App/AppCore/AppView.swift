import Terminal

/// The whole screen: the screen for the state (too small, player, details or list), and the
/// help over it.
enum AppView {
    static func render(_ state: AppState, on canvas: any Canvas, tick: Int) {
        let area = Rect(size: canvas.size)
        guard Layout.fits(canvas.size) else { return TooSmallView.render(in: area, on: canvas) }
        if let player = state.player {
            PlayerView.render(player, download: state.downloads.isEmpty ? nil : state.downloads[player.title.id],
                              notice: state.downloadNotice, bindings: AppKeys.screenSections(for: state).bindings(),
                              in: area, on: canvas)
        } else if state.downloadsScreen != nil {
            DownloadsScreenView.render(state, in: area, on: canvas)
            if let offer = state.resumeOffer { ResumeOfferView.render(offer, in: area, on: canvas) }
        } else if let title = state.list.detail {
            DetailView.render(title, download: state.downloads.isEmpty ? nil : state.downloads[title.id],
                              notice: state.downloadNotice, bindings: AppKeys.screenSections(for: state).bindings(),
                              in: area, on: canvas)
        } else {
            ListScreenView.render(state, in: area, on: canvas, tick: tick)
            if let offer = state.resumeOffer { ResumeOfferView.render(offer, in: area, on: canvas) }
            if let picker = state.filterPicker { FilterPickerView.render(picker, in: area, on: canvas) }
        }
        if state.isHelpShown { HelpOverlay.render(state, in: area, on: canvas) }
    }
}

/// "Too small", and the size the layout needs.
enum TooSmallView {
    static func render(in area: Rect, on canvas: any Canvas) {
        let minimum = Layout.minimum
        canvas.put("Too small", row: area.row, column: area.column, style: Theme.notice, width: area.columns)
        canvas.put("needs \(minimum.columns)x\(minimum.rows)", row: area.row + 1, column: area.column, style: Theme.notice,
                   width: area.columns)
    }
}
