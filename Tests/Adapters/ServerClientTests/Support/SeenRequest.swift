/// A request as the fault server saw it.
struct SeenRequest: Equatable, Sendable {
    var uri: String
    var authorization: String?
    var accept: String?
}
