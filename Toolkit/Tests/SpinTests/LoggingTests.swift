import Logging
import Spin
import SpinLogging
import Synchronization
import Testing

@Suite("The logging reducer decorator")
struct LoggingTests {
    /// Keeps log messages in memory.
    struct CapturingHandler: LogHandler {
        let messages: Recorder<String>
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { messages.append(event.message.description) }
    }

    struct Player: Equatable, Sendable {
        var isHUDVisible = false
        var position = 0
    }

    enum PlayerEvent: Sendable { case keyPressed, ticked }

    @Test("each event is logged with the state diff it caused")
    func logsEventAndDiff() async {
        let messages = Recorder<String>()
        let logger = Logger(label: "spin.test") { _ in CapturingHandler(messages: messages) }
        let reducer = Reducer<Player, PlayerEvent> { (player: inout Player, event: PlayerEvent) in
            if case .keyPressed = event { player.isHUDVisible = true }
        }.logging(to: logger)
        let spin = Spin(initialState: Player()) { reducer }
        spin.start()
        spin.emit(.keyPressed)
        spin.emit(.ticked)
        let logged = messages.values
        #expect(logged.count == 2)
        #expect(logged.first?.contains("keyPressed") == true)
        #expect(logged.first?.contains("-   isHUDVisible: false") == true)
        #expect(logged.first?.contains("+   isHUDVisible: true") == true)
        #expect(logged.last?.contains("ticked (no state change)") == true)
    }

    @Test("nothing is logged below the logger's level")
    func respectsLevel() async {
        let messages = Recorder<String>()
        var logger = Logger(label: "spin.test") { _ in CapturingHandler(messages: messages) }
        logger.logLevel = .info
        let spin = Spin(initialState: 0) { Reducer<Int, Int> { $0 + $1 }.logging(to: logger, level: .debug) }
        spin.start()
        spin.emit(1)
        #expect(messages.values.isEmpty)
        #expect(await spin.currentState() == 1)
    }
}
