/// Checks a request's `Authorization: Bearer TOKEN` against the server's token in constant
/// time: every byte is compared whatever the first difference, so timing tells at most whether
/// the length is right.
///
///     let check = BearerCheck(token: "s3cret")
///     check.allows("Bearer s3cret")   // true
///     check.allows("Bearer s3crex")   // false
struct BearerCheck: Sendable {
    private let expected: [UInt8]

    init(token: String) {
        expected = Array(token.utf8)
    }

    func allows(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let bytes = Array(authorization.utf8)
        let scheme = Array("bearer ".utf8)
        guard bytes.count == scheme.count + expected.count else { return false }
        // The scheme is case-insensitive (RFC 9110 §11.1); ASCII letters fold with 0x20.
        for index in 0 ..< scheme.count where bytes[index] | 0x20 != scheme[index] {
            return false
        }
        var difference: UInt8 = 0
        for index in 0 ..< expected.count {
            difference |= bytes[scheme.count + index] ^ expected[index]
        }
        return difference == 0
    }
}
