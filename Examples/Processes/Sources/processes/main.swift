// processes: a keyboard-driven process browser, built on Spindle's public products only.
//
//     processes          every process, refreshed every 2 s (? in the app shows the keys)
import Foundation
import ProcessesKit
import Spin
import SpindleUI
import Terminal

let arguments = CommandLine.arguments.dropFirst()
if !arguments.isEmpty {
    print("usage: processes   (a table of the processes in /proc, refreshed every 2 s; ? in the app shows the keys)")
    exit(arguments.contains { $0 == "-h" || $0 == "--help" } ? 0 : 2)
}

func fail(_ error: any Error) -> Never {
    FileHandle.standardError.write(Data("processes: \(error)\n".utf8))
    exit(1)
}

// Everything that can fail before the app runs fails before the terminal is taken. Two samples
// a quarter of a second apart: the first screen shows each process's CPU use already.
let sampler = ProcessSampler()
var samples: [ProcessSample] = []
do {
    samples.append(try sampler.sample())
    Thread.sleep(forTimeInterval: 0.25)
    samples.append(try sampler.sample())
} catch {
    fail(error)
}
let screen: TerminalScreen
do { screen = try TerminalScreen() } catch { fail(error) }
var state = ProcessState(size: screen.size)
for sample in samples { ProcessReducer.reduce(&state, .sampled(sample)) }

// Effects run on a thread of their own and wait on its clock: between refreshes nothing runs.
let effects = EffectThread()
let ui = TerminalUI(screen: screen, view: ProcessApp.view)
let spin = Spin(initialState: state, clock: effects.clock, effectExecutor: effects) {
    ui.feedback
    ProcessFeedbacks.refreshing()
    ProcessFeedbacks.sampling(with: sampler.sample)
    ProcessApp.reducer
}
ui.run(spin, until: \.isQuitting)
spin.stop()
effects.stop()
screen.stop()
