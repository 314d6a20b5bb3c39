import CNCursesW
import CTerminalRestore
#if canImport(Glibc)
import Glibc
#endif

/// Input: wait in `poll` on the terminal and the self-pipe (never a timer), then decode keys.
extension TerminalScreen {
    public func nextEvents(timeout: Duration?) -> [ScreenEvent] {
        var descriptors = [
            pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        var milliseconds = timeout.map { Int32(clamping: ($0.components.seconds * 1000) + ($0.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000) } ?? -1
        // A paste or mouse report that has begun waits a little for its end, not for ever.
        let assembling = assembler.isAssembling
        if assembling, milliseconds < 0 || milliseconds > Self.pieceWaitMilliseconds {
            milliseconds = Self.pieceWaitMilliseconds
        }
        var ready: Int32
        repeat {
            ready = poll(&descriptors, 2, milliseconds)
        } while ready < 0 && errno == EINTR
        guard ready > 0 else {
            return assembling ? assembler.flush().map { .input($0) } : []
        }

        var events: [ScreenEvent] = []
        if descriptors[1].revents != 0 {
            handleWakeBytes(pipe.drain(), into: &events)
        }
        let inputReady = descriptors[0].revents
        if inputReady & Int16(POLLIN) != 0 {
            // Counted before reading: bytes that decode to no key (invalid UTF-8, a cut-off
            // sequence) are consumed all the same, and must not read as the end of input.
            let waiting = spindle_bytes_available(inputFD)
            let before = events.count
            readKeys(into: &events, bytesWaiting: Int(waiting))
            // Readable with nothing to read is the end of input: without this, poll would
            // report it again at once, for ever.
            if events.count == before, inputReady & Int16(POLLHUP) != 0 || waiting == 0 {
                events.append(.closed)
            }
        } else if inputReady & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            events.append(.closed)
        }
        return events
    }

    /// Reads every key ncurses can decode now (an ESC and the key right after it, read together,
    /// are one Alt chord), with the pastes, mouse reports and resizes among them.
    func readKeys(into events: inout [ScreenEvent], bytesWaiting: Int = 0) {
        var inputs: [InputEvent] = []
        readDecodedKeys(into: &inputs, bytesWaiting: bytesWaiting)
        for input in KeyDecoder.combiningAltChords(inputs) { events.append(.input(input)) }
    }

    /// `wget_wch` answers ERR both when nothing is left and when the bytes it took decode to
    /// nothing (invalid UTF-8); in the second case keys read with them may still wait in
    /// ncurses' own buffer, where `poll` cannot see them. So a run of ERRs ends the read only once
    /// it is longer than the bytes that were waiting (each can cost one).
    private func readDecodedKeys(into inputs: inout [InputEvent], bytesWaiting: Int) {
        var character: wint_t = 0
        var failures = 0
        let now = Self.monotonicMilliseconds()
        while true {
            let status = wget_wch(window, &character)
            if status == spindle_err() {
                failures += 1
                if failures > bytesWaiting { break }
                continue
            }
            failures = 0
            if status == spindle_key_code_yes(), let marker = InputMarker(rawValue: Int32(bitPattern: UInt32(character))) {
                assembler.feed(marker.piece, at: now, into: &inputs)
                continue
            }
            let input = KeyDecoder.decode(
                status: status == spindle_key_code_yes() ? .functionKey : .character,
                code: UInt32(character),
                size: self.currentSize(),
                keyName: { code in keyname(code).map { String(cString: $0) } }
            )
            switch input {
            case .key(let key):
                assembler.feed(.key(key), at: now, into: &inputs)
            case .resize(let newSize):
                // resizeterm queues a KEY_RESIZE of its own: report each size once.
                guard newSize != size else { continue }
                size = newSize
                inputs.append(input)
            case .paste, .mouse:
                break   // made by the assembler, never decoded
            }
        }
    }

    /// How long a begun paste or mouse report waits for more bytes before it is taken as ended.
    static let pieceWaitMilliseconds: Int32 = 500

    static func monotonicMilliseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
    }

    private func handleWakeBytes(_ bytes: [UInt8], into events: inout [ScreenEvent]) {
        var resumed = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "c"):
                spindle_interrupt_taken()
                events.append(.input(.key(.control("c"))))
            case UInt8(ascii: "r"):
                if let resize = resizeToKernelSize() { events.append(.input(resize)) }
            case UInt8(ascii: "z"):
                suspend()
                resumed = true
                if let resize = resizeToKernelSize() { events.append(.input(resize)) }
            case UInt8(ascii: "g"):
                // Continued after a stop we did not make ourselves (kill -STOP): take it back.
                if !resumed { repaintAfterStop() }
            default:
                if !events.contains(.wake) { events.append(.wake) }
            }
        }
    }

    func currentSize() -> Size {
        Size(rows: Int(spindle_getmaxy(window)), columns: Int(spindle_getmaxx(window)))
    }

    /// After SIGWINCH: tell ncurses the size the kernel has now.
    private func resizeToKernelSize() -> InputEvent? {
        var rows: Int32 = 0, columns: Int32 = 0
        guard spindle_window_size(outputFD, &rows, &columns) == 0 else { return nil }
        let newSize = Size(rows: Int(rows), columns: Int(columns))
        guard newSize != size else { return nil }
        resizeterm(rows, columns)
        size = newSize
        return .resize(newSize)
    }

    /// Ctrl+Z: give the terminal back, stop, and take it again when continued (`fg`).
    private func suspend() {
        removeKittyImages()
        writeModes(enabling: false)
        endwin()
        spindle_restore_modes_only()
        spindle_suspend_self()
        spindle_restore_rearm()
        repaintAfterStop()
        writeModes(enabling: true)
    }

    private func repaintAfterStop() {
        reset_prog_mode()
        clearok(spindle_curscr(), true)
        wnoutrefresh(window)
        doupdate()
        resendPictures()
    }
}
