import Testing

/// Runs random sequences of operations against a check, the way model-based tests do: each
/// sequence is made from its seed, run, and, if the check fails, cut down to a short sequence
/// that still fails, which the test's failure shows with the seed.
///
///     RandomSequences(seeds: 0 ..< 500, length: 1 ... 200).check(
///         setup: { random in Int.random(in: 0 ... 300, using: &random) },
///         operation: { random in Move.allCases.randomElement(using: &random)! }
///     ) { count, moves in
///         var state = ListState(count: count), model = Model(count: count)
///         for move in moves { … if state.position != model.position { return "position" } }
///         return nil
///     }
///
/// The environment variable `SPINDLE_SEED` moves the seeds (it is added to each), so that a
/// run can try sequences no run before it tried. A failure names the seed that made its
/// sequence: the run with `SPINDLE_SEED` set to that seed less the first seed starts with it.
public struct RandomSequences: Sendable {
    /// A small, fast random number generator that a seed fully decides (SplitMix64), so that a
    /// failing random sequence is made again from its seed alone.
    ///
    ///     var random = RandomSequences.Generator(seed: 42)
    ///     let rows = Int.random(in: 0 ... 40, using: &random)
    public struct Generator: RandomNumberGenerator, Sendable {
        private var state: UInt64

        public init(seed: UInt64) { state = seed }

        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    /// The seeds of the sequences, one sequence each.
    public var seeds: Range<UInt64>
    /// How many operations a sequence has.
    public var length: ClosedRange<Int>

    public init(seeds: Range<UInt64>, length: ClosedRange<Int>) {
        let shift = Self.environmentShift
        self.seeds = seeds.lowerBound &+ shift ..< seeds.upperBound &+ shift
        self.length = max(0, length.lowerBound) ... max(0, length.upperBound)
    }

    /// What `SPINDLE_SEED` adds to the seeds (0 when unset).
    static var environmentShift: UInt64 {
        guard let text = getenvString("SPINDLE_SEED"), let shift = UInt64(text) else { return 0 }
        return shift
    }

    /// Makes, per seed, a setting with `setup` (the data, the screen) and a sequence with
    /// `operation`, and runs `check` on them: nil when it holds, else what went wrong. A failing
    /// sequence is cut down (operations left out while it still fails, in the same setting) and
    /// recorded as an issue with its seed; the run stops at the first failure. Returns how many
    /// sequences and operations were run (a test that expects them knows its check ran).
    @discardableResult
    public func check<Setup, Operation>(
        setup: (inout Generator) -> Setup,
        operation: (inout Generator) -> Operation,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ check: (Setup, [Operation]) -> String?
    ) -> Ran {
        var ran = Ran()
        for seed in seeds {
            var random = Generator(seed: seed)
            let setting = setup(&random)
            let count = Int.random(in: length, using: &random)
            var sequence: [Operation] = []
            sequence.reserveCapacity(count)
            for _ in 0 ..< count { sequence.append(operation(&random)) }
            ran.sequences += 1
            ran.operations += count
            guard let failure = check(setting, sequence) else { continue }
            let (short, shortFailure) = Self.shrink(sequence, failure: failure) { check(setting, $0) }
            let steps = short.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
            Issue.record(
                Comment(rawValue: "Seed \(seed) (\(setting)): a sequence of \(count) operations failed; cut down to "
                    + "\(short.count): \(shortFailure)\n\(steps)"),
                sourceLocation: sourceLocation)
            break
        }
        return ran
    }

    /// What `check` ran: sequences (one per seed, up to the first that failed) and their operations.
    public struct Ran: Sendable {
        public var sequences = 0
        public var operations = 0
    }

    /// Leaves out runs of operations, halving their length down to one, for as long as what is
    /// left still fails.
    static func shrink<Operation>(
        _ sequence: [Operation], failure: String, _ check: ([Operation]) -> String?
    ) -> ([Operation], String) {
        var current = sequence, failure = failure
        var chunk = max(1, current.count / 2)
        while true {
            var start = 0, removedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start ..< min(current.count, start + chunk))
                if let candidateFailure = check(candidate) {
                    current = candidate
                    failure = candidateFailure
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { return (current, failure) }
            if !removedAny { chunk = max(1, chunk / 2) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private func getenvString(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
