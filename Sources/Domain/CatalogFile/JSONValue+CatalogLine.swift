import JSON

extension JSONValue {
    /// Parses one line of bytes (valid UTF-8), which must hold one JSON value and nothing else.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(CatalogFileError.Problem) -> JSONValue {
        try reading(line) { line throws(JSONParser.SyntaxError) in try JSONParser.parse(line) }
    }

    /// Parses one line as `parse` does; its fields when it holds an object, else nil.
    static func parseFields(_ line: UnsafeBufferPointer<UInt8>) throws(CatalogFileError.Problem) -> JSONFields? {
        try reading(line) { line throws(JSONParser.SyntaxError) in try JSONParser.parseFields(line) }
    }

    private static func reading<Value>(
        _ line: UnsafeBufferPointer<UInt8>, _ parse: (UnsafeBufferPointer<UInt8>) throws(JSONParser.SyntaxError) -> Value
    ) throws(CatalogFileError.Problem) -> Value {
        // JSON text never holds a raw NUL; refusing it first, wherever it is, also refuses a
        // line in UTF-16 at once, rather than at its first odd character.
        if let nul = line.firstIndex(of: 0) {
            throw .notJSON(reason: "unescaped NUL character", column: column(of: nul, in: line))
        }
        do {
            return try parse(line)
        } catch {
            throw .notJSON(reason: error.reason, column: column(of: error.offset, in: line))
        }
    }

    /// The 1-based column of a byte offset, counting characters as Unicode scalars.
    private static func column(of offset: Int, in line: some Collection<UInt8>) -> Int {
        line.prefix(offset).reduce(1) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
    }
}
