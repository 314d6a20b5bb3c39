/// One page of answers. `next` is where the following page starts, or nil at the end.
///
/// A provider that can go to the end of a list directly says where in `last` (on any page of
/// the list), as HTTP's `Link: rel="last"` does. The page asked with that cursor holds the list's
/// last titles, counts the whole list in `total`, and gives in `previous` where the titles before
/// it are asked for; each earlier page gives its own `previous`, nil once it reaches the start.
///
/// Such a provider also says, on every page of that list, how to read past the page either
/// way: a page read forward gives `previous` too (unless it starts the list), and a page read
/// backward gives `next` (unless it ends it). The list lets go of pages far from the selection
/// only where it can ask for them again (`ListState.maximumLoaded`).
///
///     let first = try await provider.page(PageRequest(pageSize: 50))
///     if let last = first.last {
///         let tail = try await provider.page(PageRequest(cursor: last, pageSize: 50))   // the last 50
///         let before = tail.previous.map { PageRequest(cursor: $0, pageSize: 50) }     // the 50 before them
///     }
package struct Page: Equatable, Sendable {
    package var items: [Title]
    package var next: PageCursor?
    /// Where the titles just before this page are asked for; nil for a page that starts the list,
    /// and where the provider cannot read backward (a search).
    package var previous: PageCursor?
    /// Where the list's last page is asked for, when the provider can go there directly.
    package var last: PageCursor?
    /// How many titles the whole list has, when the provider counted them (on the last page, always).
    package var total: Int?

    package init(items: [Title], next: PageCursor?, previous: PageCursor? = nil, last: PageCursor? = nil, total: Int? = nil) {
        self.items = items
        self.next = next
        self.previous = previous
        self.last = last
        self.total = total
    }
}

/// Written with its titles as one `TitleBlock` string (the session's journal holds every page
/// loaded); read from that, or from the array of title objects earlier versions wrote.
extension Page: Codable {
    enum CodingKeys: String, CodingKey {
        case items, next, previous, last, total
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try TitleBlock.decode(from: container.superDecoder(forKey: .items))
        next = try container.decodeIfPresent(PageCursor.self, forKey: .next)
        previous = try container.decodeIfPresent(PageCursor.self, forKey: .previous)
        last = try container.decodeIfPresent(PageCursor.self, forKey: .last)
        total = try container.decodeIfPresent(Int.self, forKey: .total)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(TitleBlock.encode(items), forKey: .items)
        try container.encodeIfPresent(next, forKey: .next)
        try container.encodeIfPresent(previous, forKey: .previous)
        try container.encodeIfPresent(last, forKey: .last)
        try container.encodeIfPresent(total, forKey: .total)
    }
}

extension TitleBlock {
    /// The titles of a decoder's single value: a block, or (as earlier versions wrote them) an
    /// array of title objects.
    package static func decode(from decoder: any Decoder) throws -> [Title] {
        let container = try decoder.singleValueContainer()
        guard let block = try? container.decode(String.self) else { return try container.decode([Title].self) }
        do {
            return try decode(block)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }
}
