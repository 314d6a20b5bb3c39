/// The ids the server hands out: `t` and the title's row number (`t42`), never a path.
///
/// Anything else (`../../etc/passwd`, `t-1`, `t007`, a number past `Int64`) is no id.
///
///     PublicID.string(42)          // "t42"
///     PublicID.rowID("t42")        // 42
///     PublicID.rowID("../etc")     // nil
enum PublicID {
    static func string(_ rowID: Int64) -> String {
        "t" + String(rowID)
    }

    static func rowID(_ id: some StringProtocol) -> Int64? {
        let bytes = Array(id.utf8)
        // "t", then 1 to 19 digits without a leading zero (one spelling per title).
        guard bytes.count >= 2, bytes.count <= 20, bytes[0] == UInt8(ascii: "t"), bytes[1] != UInt8(ascii: "0"),
              bytes.dropFirst().allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(String(decoding: bytes.dropFirst(), as: UTF8.self))  // nil past Int64.max
    }
}
