/// A request as the `FileServer` saw it: the headers a download's resume depends on.
public struct SeenFileRequest: Equatable, Sendable {
    public var uri: String
    public var range: String?
    public var ifRange: String?
    public var authorization: String?
}
