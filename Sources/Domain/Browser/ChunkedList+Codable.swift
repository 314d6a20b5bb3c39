/// A chunked list is written as its chunks (`[[Title]]`): the page structure survives a
/// round trip, and the chunk starts are rebuilt as they were appended.
///
///     let data = try JSONEncoder().encode(list)   // [[{"id":…},…],[…]]
extension ChunkedList: Codable where Element: Codable {
    /// Decodable: reads the form described above; anything else is a `DecodingError`.
    package init(from decoder: any Decoder) throws {
        self.init()
        for chunk in try [[Element]](from: decoder) { append(contentsOf: chunk) }
    }

    /// Encodable: writes the form described above.
    package func encode(to encoder: any Encoder) throws {
        try chunks.encode(to: encoder)
    }
}
