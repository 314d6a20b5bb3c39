/// One request header, as the downloader's tasks carry it.
struct HeaderField: Sendable {
    var name: String
    var value: String
}
