/// Something that answers page requests: the embedded catalog, a file, a server.
///
/// Implementations throw `CancellationError` promptly when their task is cancelled, and
/// otherwise errors whose description a user can read (see `CatalogError`).
///
///     let page = try await provider.page(PageRequest(query: "star", pageSize: 50))
///     let more = page.next.map { PageRequest(query: "star", cursor: $0, pageSize: 50) }
public protocol PageProvider: Sendable {
    func page(_ request: PageRequest) async throws -> Page
}
