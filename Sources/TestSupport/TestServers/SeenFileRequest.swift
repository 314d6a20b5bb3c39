/// A request as the `FileServer` saw it: the headers a download's resume depends on.
package struct SeenFileRequest: Equatable, Sendable {
    package var uri: String
    package var range: String?
    package var ifRange: String?
    package var authorization: String?
}
