/// Something that answers page requests: the embedded catalog, a file, a server.
///
/// Implementations throw `CancellationError` promptly when their task is cancelled, and
/// otherwise errors whose description a user can read (see `CatalogError`).
///
///     let page = try await provider.page(PageRequest(query: "star", pageSize: 50))
///     let more = page.next.map { PageRequest(query: "star", cursor: $0, pageSize: 50) }
package protocol PageProvider: Sendable {
    func page(_ request: PageRequest) async throws -> Page
    /// The title that follows the one with `titleID` in the list of `query` (what up next
    /// plays), or nil when it is the last or is not in that list. By default the list is paged
    /// through from the start (`pagedTitle(after:query:pageSize:)`); providers that can look a
    /// title up directly do.
    func title(after titleID: String, query: String) async throws -> Title?
    /// Whether up next is simply the list's next title, so a player opened on a loaded title
    /// may take it from the list without asking; false where up next follows rules of its own
    /// (a library's stays within a show). True by default.
    var upNextIsTheListsNext: Bool { get }
    /// Whether it pages the scopes besides `.all` (films, shows, seasons, folders); false by
    /// default, and the app offers no views then.
    var hasScopes: Bool { get }
    /// Whether it orders and filters views (`PageRequest.order`, `.filter`); false by default,
    /// and the app offers no sort or filter keys then.
    var canOrder: Bool { get }
    /// The genres and decades a view can be filtered by; none by default.
    func facets() async throws -> ListFacets
}

extension PageProvider {
    package var upNextIsTheListsNext: Bool { true }
    package var hasScopes: Bool { false }
    package var canOrder: Bool { false }
    package func facets() async throws -> ListFacets { ListFacets() }

    package func title(after titleID: String, query: String) async throws -> Title? {
        try await pagedTitle(after: titleID, query: query, pageSize: 200)
    }

    /// Pages through the list of `query` from the start to the title after `titleID`.
    package func pagedTitle(after titleID: String, query: String, pageSize: Int) async throws -> Title? {
        var request = PageRequest(query: query, pageSize: pageSize)
        var found = false
        while true {
            let page = try await page(request)
            for title in page.items {
                if found { return title }
                if title.id == titleID { found = true }
            }
            guard let next = page.next else { return nil }
            request = PageRequest(query: query, cursor: next, pageSize: pageSize)
        }
    }
}
