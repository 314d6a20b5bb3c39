import AppCore
import Testing

/// The one XDG rule, for the state, data and config homes.
@Suite struct SpindleHomeTests {
    @Test("an absolute XDG variable wins; else the default under HOME", arguments: SpindleHome.allCases)
    func theVariableThenHome(home: SpindleHome) {
        #expect(home.directory(environment: [home.variable: "/x", "HOME": "/h"]) == "/x/spindle")
        #expect(home.directory(environment: ["HOME": "/h"]) == "/h" + home.defaultUnderHome + "/spindle")
        // A relative XDG variable is invalid and ignored, as the spec says; so is a relative HOME.
        #expect(home.directory(environment: [home.variable: "relative", "HOME": "/h"]) == "/h" + home.defaultUnderHome + "/spindle")
        #expect(home.directory(environment: ["HOME": "relative"]) == nil)
        #expect(home.directory(environment: [:]) == nil)
    }

    @Test func theDefaults() {
        let environment = ["HOME": "/home/ann"]
        #expect(SpindleHome.state.directory(environment: environment) == "/home/ann/.local/state/spindle")
        #expect(SpindleHome.data.directory(environment: environment) == "/home/ann/.local/share/spindle")
        #expect(SpindleHome.config.directory(environment: environment) == "/home/ann/.config/spindle")
        #expect(SpindleHome.tokenFile(environment: environment) == "/home/ann/.config/spindle/token")
        #expect(SpindleHome.tokenFile(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"]) == "/cfg/spindle/token")
        // Each home reads its own variable only.
        #expect(SpindleHome.config.directory(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d"]) == "/h/.config/spindle")
    }
}
