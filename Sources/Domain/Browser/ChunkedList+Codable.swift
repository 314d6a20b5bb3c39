import Catalog

/// A list of titles is written as its chunks, each one `TitleBlock` string: the page structure
/// survives a round trip (the chunk starts are rebuilt as they were appended), and a session's
/// snapshot reads each page as one string. Earlier versions wrote each chunk as an array of
/// title objects; that is read too.
///
///     let data = try JSONEncoder().encode(list)   // ["1;50;8:sp000001…","1;50;…"]
extension ChunkedList: Codable where Element == Title {
    /// Decodable: reads either form described above; anything else is a `DecodingError`.
    package init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            append(contentsOf: try container.decode(TitleChunk.self).titles)
        }
    }

    /// Encodable: one block per chunk.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for chunk in chunks { try container.encode(TitleBlock.encode(chunk)) }
    }
}

/// One chunk as it is read: a block, or an array of title objects.
private struct TitleChunk: Decodable {
    var titles: [Title]

    init(from decoder: any Decoder) throws {
        titles = try TitleBlock.decode(from: decoder)
    }
}
