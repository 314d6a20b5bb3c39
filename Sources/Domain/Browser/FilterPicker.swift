import Catalog

/// The filter picker (`f`): the genres and decades the catalog has, one row each, below "No
/// filter", "Any genre" and "Any decade"; Enter on a row changes that part of the filter and
/// keeps the other (Drama, then 1990s: Drama of the 1990s). Its choices come from the catalog
/// (`facets` is nil until they do).
///
///     var picker = FilterPicker(current: list.filter)
///     picker.receive(facets)
///     picker.move(by: 1)
///     let filter = picker.chosenFilter   // what Enter applies
package struct FilterPicker: Equatable, Sendable, Codable {
    package enum Option: Equatable, Sendable, Codable {
        case none, anyGenre, genre(String), anyDecade, decade(Int)
    }

    /// The filter applied when the picker opened.
    package let current: ListFilter
    /// The catalog's genres and decades; nil while they load.
    package private(set) var facets: ListFacets?
    /// Why they could not be read, for the user.
    package private(set) var error: String?
    package private(set) var selection = 0

    package init(current: ListFilter) {
        self.current = current
    }

    package var isLoading: Bool { facets == nil && error == nil }

    package var options: [Option] {
        guard let facets else { return [] }
        var options: [Option] = [.none]
        if !facets.genres.isEmpty { options += [.anyGenre] + facets.genres.map(Option.genre) }
        if !facets.decades.isEmpty { options += [.anyDecade] + facets.decades.map(Option.decade) }
        return options
    }

    /// A row's text: "No filter", "Genre: any", "Genre: Drama", "Decade: 1990s".
    package static func label(_ option: Option) -> String {
        switch option {
        case .none: "No filter"
        case .anyGenre: "Genre: any"
        case .genre(let genre): "Genre: " + genre
        case .anyDecade: "Decade: any"
        case .decade(let decade): "Decade: \(decade)s"
        }
    }

    /// Whether the row is what the current filter has (marked ✓).
    package func isCurrent(_ option: Option) -> Bool {
        switch option {
        case .none: current.isEmpty
        case .anyGenre: current.genre == nil
        case .genre(let genre): current.genre?.lowercased() == genre.lowercased()
        case .anyDecade: current.decade == nil
        case .decade(let decade): current.decade == decade
        }
    }

    package mutating func receive(_ facets: ListFacets) {
        self.facets = facets
        // On the row of the current genre, else the first.
        selection = options.firstIndex { if case .genre = $0 { isCurrent($0) } else { false } } ?? 0
    }

    package mutating func fail(_ message: String) {
        error = message
    }

    package mutating func move(by delta: Int) {
        let count = options.count
        guard count > 0 else { return }
        selection = min(count - 1, max(0, selection + delta))
    }

    /// The filter Enter applies: the selected row's part changed, the other part kept.
    package var chosenFilter: ListFilter {
        let options = options
        guard options.indices.contains(selection) else { return current }
        switch options[selection] {
        case .none: return ListFilter()
        case .anyGenre: return ListFilter(genre: nil, decade: current.decade)
        case .genre(let genre): return ListFilter(genre: genre, decade: current.decade)
        case .anyDecade: return ListFilter(genre: current.genre, decade: nil)
        case .decade(let decade): return ListFilter(genre: current.genre, decade: decade)
        }
    }
}
