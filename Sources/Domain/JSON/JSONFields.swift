/// A JSON object's fields in the order written, as `JSONParser.parseFields` reads them: looked
/// up by comparing keys from the last, so that of duplicate keys the last one's value counts, as
/// in `JSONValue.object`.
///
///     let fields = try JSONParser.parseFields(line)   // [("id", .string("a1")), ...]
///     fields?["id"]                                    // .string("a1")
package struct JSONFields: Sendable {
    package var pairs: [(key: String, value: JSONValue)] = []

    package init() {}

    package subscript(key: String) -> JSONValue? {
        pairs.last { $0.key == key }?.value
    }
}
