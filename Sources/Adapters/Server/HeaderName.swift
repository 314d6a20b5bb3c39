import Hummingbird

/// Header names HTTPTypes does not predefine.
enum HeaderName {
    /// `Link` (RFC 8288), which pages carry as `<URL>; rel="next"`.
    static let link = HTTPFields.Element.Name("Link")!
}
