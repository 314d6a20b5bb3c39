import Terminal

/// Shows each decoded input (keys, pastes, mouse reports, resizes), its name and the terminal
/// size: a way to see what the terminal sends (`spindle --key-echo`).
struct KeyEchoDemo {
    let screen: any Screen
    var crash: DebugCrash?
    private var inputs: [InputEvent] = []

    init(screen: any Screen, crash: DebugCrash? = nil) {
        self.screen = screen
        self.crash = crash
    }

    mutating func run() {
        draw()
        while true {
            for event in screen.nextEvents(timeout: nil) {
                if event == .closed { return }
                guard case .input(let input) = event else { continue }
                switch input {
                case .key(.character("q")), .key(.control("c")): return
                case .key(.character("!")): crash?.crash()
                default: break
                }
                inputs.append(input)
                if inputs.count > 100 { inputs.removeFirst(inputs.count - 100) }
            }
            draw()
        }
    }

    func draw() {
        let screen = self.screen
        screen.beginFrame()
        let size = screen.size
        screen.putRow(" Spindle key echo  \(size)", row: 0, style: .reverse)
        screen.put("Press keys. q or Ctrl+C quits, Ctrl+Z suspends.", row: 1, column: 1, style: .dim)
        let rows = max(size.rows - 3, 0)
        for (offset, input) in inputs.suffix(rows).reversed().enumerated() {
            let row = 3 + offset
            screen.put(input.name, row: row, column: 2, style: offset == 0 ? .bold : .plain, width: 20)
            screen.put(String(describing: input), row: row, column: 24, style: .dim, width: size.columns - 25)
        }
        screen.present()
    }
}
