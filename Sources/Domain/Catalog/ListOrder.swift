/// The order of a list view (the whole library, its films, a folder): by title (natural order,
/// the default), by year (newest first), by date added (newest first) or by length (shortest
/// first). Titles with no year or no known length come last. A search lists its matches by
/// title, whatever the order; shows, seasons and Home keep their own order.
package enum ListOrder: String, CaseIterable, Hashable, Sendable, Codable {
    case title, year, added, length

    /// What the header says: "by year".
    package var label: String {
        switch self {
        case .title: "A–Z"
        case .year: "by year"
        case .added: "newest first"
        case .length: "by length"
        }
    }

    /// The order after this one (`s` goes round them).
    package var next: ListOrder {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}

/// Which titles of a view show: those of one genre (ignoring case), of one decade, or both.
/// Empty shows every title. Like the order, it applies to views, not to a search.
package struct ListFilter: Hashable, Sendable, Codable {
    package var genre: String?
    /// The first year of a decade: 1990 for the 1990s.
    package var decade: Int?

    package init(genre: String? = nil, decade: Int? = nil) {
        self.genre = genre
        self.decade = decade.map { $0 - (($0 % 10) + 10) % 10 }
    }

    package var isEmpty: Bool { genre == nil && decade == nil }

    /// What the header says: "Drama · 1990s".
    package var label: String {
        [genre, decade.map { "\($0)s" }].compactMap { $0 }.joined(separator: " · ")
    }
}

/// What a view's titles can be filtered by: the genres and decades the library has.
package struct ListFacets: Equatable, Sendable, Codable {
    package var genres: [String]
    /// The first years of the decades, newest first.
    package var decades: [Int]

    package init(genres: [String] = [], decades: [Int] = []) {
        self.genres = genres
        self.decades = decades
    }
}
