/// What `LibraryImport.importCatalog(path:into:)` did.
package enum CatalogImportOutcome: Equatable, Sendable {
    /// The file was read and its titles replace those of its previous import.
    case imported(titles: Int, lines: Int)
    /// The file has the size and modification time of its last import: nothing was read.
    case unchanged
}
