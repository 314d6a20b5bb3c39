import Catalog
import Player
import Terminal

/// The player screen. The "picture" is a title card with the time; the HUD adds the title bar
/// with the play state, a progress bar as wide as the screen (intro marked ═, credits ┃),
/// elapsed and remaining time, and key hints. Prompts (skip intro, up next) show either way.
enum PlayerView {
    static func render(_ player: PlayerState, on canvas: any Canvas) {
        let size = canvas.size
        renderPicture(player, on: canvas)
        if player.isHUDVisible { renderHUD(player, on: canvas) }
        renderPrompt(player, on: canvas, row: size.rows - (player.isHUDVisible ? 5 : 2))
    }

    /// The title card in the middle of the screen.
    static func renderPicture(_ player: PlayerState, on canvas: any Canvas) {
        let size = canvas.size
        let middle = size.rows / 2 - 1
        let title = DisplayText.truncated(player.title.title, toWidth: size.columns - 4)
        canvas.put(title, row: middle, column: max((size.columns - DisplayText.width(title)) / 2, 0), style: Theme.label)
        let time = "\(Formatting.clock(player.position)) / \(Formatting.clock(player.title.duration))"
        canvas.put(time, row: middle + 1, column: max((size.columns - time.count) / 2, 0), style: Theme.notice)
    }

    static func renderHUD(_ player: PlayerState, on canvas: any Canvas) {
        let size = canvas.size
        let state: String
        if let seek = player.pendingSeek {
            state = player.isSkippingIntro ? "Skipping intro…" : "Seeking to \(Formatting.clock(seek.target))…"
        } else if player.isAtEnd {
            state = "■ Ended"
        } else {
            state = player.isPlaying ? "▶ Playing" : "⏸ Paused"
        }
        canvas.putRow(" " + player.title.title, row: 0, style: Theme.header)
        let stateColumn = max(size.columns - DisplayText.width(state) - 1, 1)
        canvas.fill(Rect(row: 0, column: stateColumn - 1, rows: 1, columns: size.columns - stateColumn + 1), with: " ", style: Theme.header)
        canvas.put(state, row: 0, column: stateColumn, style: Theme.header)

        let barRow = size.rows - 3
        renderProgressBar(player, on: canvas, row: barRow)
        let elapsed = Formatting.clock(player.pendingSeek?.target ?? player.position)
        let remaining = "-" + Formatting.clock(player.title.duration - (player.pendingSeek?.target ?? player.position))
        canvas.put(" " + elapsed, row: barRow + 1, column: 0)
        canvas.put(remaining + " ", row: barRow + 1, column: max(size.columns - remaining.count - 1, 0))
        let hints = size.columns >= 70
            ? " Space play/pause  ←→ 10s  [ ] 60s  Tab HUD  s skip intro  Esc back  q quit"
            : " Space ⏯  ←→ seek  Tab HUD  Esc back"
        canvas.putRow(hints, row: size.rows - 1, style: Theme.footer)
    }

    /// A bar as wide as the screen: elapsed ━, remaining ─, the playhead ●, the intro ═ and the
    /// start of the credits ┃.
    static func renderProgressBar(_ player: PlayerState, on canvas: any Canvas, row: Int) {
        let width = max(canvas.size.columns - 2, 1)
        let title = player.title
        let duration = max(title.duration, 1)
        func column(_ seconds: Int) -> Int { min(max(seconds, 0) * width / duration, width - 1) }
        let head = column(player.pendingSeek?.target ?? player.position)
        let introStart = column(title.introStart), introEnd = column(title.introEnd)
        let credits = column(title.creditsStart)
        var elapsed = "", rest = ""
        for cell in 0..<width {
            let mark: Character
            if cell == head {
                mark = "●"
            } else if cell == credits {
                mark = "┃"
            } else if cell >= introStart, cell <= introEnd, introEnd > introStart || cell == introStart {
                mark = "═"
            } else {
                mark = cell < head ? "━" : "─"
            }
            if cell <= head { elapsed.append(mark) } else { rest.append(mark) }
        }
        canvas.put(elapsed, row: row, column: 1, style: Theme.progress)
        canvas.put(rest, row: row, column: 1 + head + 1, style: Theme.notice)
    }

    /// "Skip intro (7)", "Skipping intro…", "Up next: Title (4)", at the bottom right.
    static func renderPrompt(_ player: PlayerState, on canvas: any Canvas, row: Int) {
        let text: String
        if player.isSkipIntroShown {
            text = player.isSkippingIntro ? " Skipping intro… " : " Skip intro (\(player.skipIntro.secondsLeft ?? 0))  s skip · x dismiss "
        } else if player.isUpNextShown, let next = player.nextTitle {
            let seconds = player.upNext.secondsLeft.map { " (\($0))" } ?? "…"
            let name = DisplayText.truncated(next.title, toWidth: max(canvas.size.columns / 2, 8))
            text = " Up next: \(name)\(seconds)  Enter play · x dismiss "
        } else {
            return
        }
        let width = min(DisplayText.width(text), canvas.size.columns)
        canvas.put(text, row: max(row, 1), column: max(canvas.size.columns - width - 1, 0), style: Theme.prompt, width: width)
    }
}
