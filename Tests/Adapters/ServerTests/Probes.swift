@testable import Server

/// The module's internals the tests call.
enum BearerCheckProbe {
    static func allows(_ header: String?, _ token: String) -> Bool {
        BearerCheck(token: token).allows(header)
    }
}
