/// Time elapsed on a clock since the stopwatch was made: the `at:` of progress events, shared
/// by every transfer of a spin so their samples compare.
///
///     let stopwatch = Stopwatch(clock: clock)
///     stopwatch.elapsed()   // .seconds(3) three seconds of that clock later
struct Stopwatch: Sendable {
    let elapsed: @Sendable () -> Duration

    init(clock: any Clock<Duration>) {
        self.init(opening: clock)
    }

    private init<C: Clock<Duration>>(opening clock: C) {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }
}
