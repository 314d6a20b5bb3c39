import Hummingbird
import HummingbirdCore

extension URI {
    /// The query's parameters as Hummingbird reads them (`queryParameters`: values
    /// percent-decoded, the first of a repeated name counts, a malformed escape kept as it
    /// came), with `+` read as a space, as in an HTML form's query: `q=am%C3%A9lie+x` is
    /// "amélie x", and a plus is `%2B`.
    ///
    ///     URI("/v1/titles?q=am%C3%A9lie+x").formParameters.get("q")   // "amélie x"
    var formParameters: Parameters {
        guard let query, query.contains("+") else { return queryParameters }
        return URI("?" + query.replacing("+", with: "%20")).queryParameters
    }
}
