/// Why a provider could not answer a page request. The description is meant for the user.
package enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The provider was asked to fail now and then (`failRate`), to show and test error handling.
    case simulatedFailure
    /// The cursor did not come from this provider.
    case unknownCursor(PageCursor)

    package var description: String {
        switch self {
        case .simulatedFailure:
            "simulated network failure"
        case .unknownCursor(.offset(let offset)):
            "the catalog has no page at offset \(offset)"
        case .unknownCursor(.token(let token)):
            "the catalog does not recognise the page token \"\(token)\""
        }
    }
}
