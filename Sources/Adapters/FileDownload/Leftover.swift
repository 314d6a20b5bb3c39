/// A part an earlier attempt left: its size and what the server said then.
struct Leftover: Sendable {
    var size: Int64
    var sidecar: PartSidecar
}
