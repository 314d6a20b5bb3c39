/// A request's query as the server logs it.
enum QueryLog {
    /// The names of the API's query parameters, which the log keeps as they came.
    static let loggedNames: Set<Substring> = ["limit", "q", "after", "before"]

    /// `query` with the API's own parameters as they came, the value of any other one (a
    /// `token=` a client put in the URL, say), and any part without a name, replaced by
    /// `REDACTED`.
    ///
    ///     QueryLog.redacted("q=a&token=s3cret")   // "q=a&token=REDACTED"
    static func redacted(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard !pair.isEmpty else { return "" }
            let name = pair.prefix { $0 != "=" }
            if loggedNames.contains(name) { return String(pair) }
            return name.count == pair.count ? "REDACTED" : name + "=REDACTED"
        }.joined(separator: "&")
    }
}
