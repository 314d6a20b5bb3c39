import Spin
import Testing

@Suite("Gear: spins exchange events")
struct GearTests {
    enum SessionEvent: Sendable, Equatable { case authorizationExpired }

    enum FeatureState: Sendable, Equatable { case browsing, unauthorized }
    enum FeatureEvent: Sendable { case requestRejected }

    enum RouterState: Sendable, Equatable { case home, checkingAuthorization }
    enum RouterEvent: Sendable { case checkAuthorization }

    @Test("a state of one spin becomes, through a gear, an event of another")
    func twoSpins() async {
        let session = Gear<SessionEvent>()
        let feature = Spin(initialState: FeatureState.browsing) {
            Feedback<FeatureState, FeatureEvent>(everyState: { state in
                if state == .unauthorized { session.propagate(.authorizationExpired) }
            })
            Reducer<FeatureState, FeatureEvent> { _, _ in .unauthorized }
        }
        let router = Spin(initialState: RouterState.home) {
            Feedback<RouterState, RouterEvent>(attachedTo: session, receiving: { gearEvent in
                gearEvent == .authorizationExpired ? .checkAuthorization : nil
            })
            Reducer<RouterState, RouterEvent> { _, _ in .checkingAuthorization }
        }
        router.start()
        feature.start()
        #expect(await router.currentState() == .home)
        feature.emit(.requestRejected)
        #expect(await router.currentState() == .checkingAuthorization)
    }

    @Test("a stopped spin no longer receives gear events")
    func stoppedReceiverIsDetached() async {
        let gear = Gear<Int>()
        let received = Recorder<Int>()
        let spin = Spin(initialState: 0) {
            Feedback<Int, Int>(attachedTo: gear, receiving: { $0 })
            Feedback<Int, Int>(observe: { received.append($0) })
            Reducer<Int, Int> { $0 + $1 }
        }
        spin.start()
        gear.propagate(2)
        spin.stop()
        gear.propagate(3)
        #expect(received.values == [0, 2])
    }
}
