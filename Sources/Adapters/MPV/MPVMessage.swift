import Catalog
import JSON

/// One line from mpv: the reply to a command of ours, or an event.
///
///     MPVMessage(line: Array(#"{"request_id":3,"error":"success","data":12.0}"#.utf8))
///     // .reply(MPVReply(requestID: 3, error: "success", data: .number("12.0")))
enum MPVMessage: Equatable, Sendable {
    case reply(MPVReply)
    case event(MPVEvent)

    /// nil for what is not a message: not JSON, or neither a reply nor an event. mpv does not
    /// send such lines, but one must not stop the session.
    init?(line: [UInt8]) {
        let parsed = line.withUnsafeBufferPointer { bytes in try? JSONParser.parse(bytes) }
        guard case .object(let fields)? = parsed else { return nil }
        func integer(_ key: String) -> Int? {
            if case .integer(let value)? = fields[key] { return value }
            return nil
        }
        let data = fields["data"] ?? .null
        if let name = fields["event"]?.string {
            self = .event(MPVEvent(
                name: name, propertyName: fields["name"]?.string, observationID: integer("id"), data: data,
                reason: fields["reason"]?.string, fileError: fields["file_error"]?.string
            ))
        } else if let error = fields["error"]?.string {
            // Replies to commands sent without an id carry 0, the id we never use.
            self = .reply(MPVReply(requestID: integer("request_id") ?? 0, error: error, data: data))
        } else {
            return nil
        }
    }
}

/// mpv's answer to the command sent with `requestID`.
struct MPVReply: Equatable, Sendable {
    var requestID: Int
    /// "success", or what went wrong ("property unavailable", "error running command", …).
    var error: String
    var data: JSONValue

    var succeeded: Bool { error == "success" }
}

/// Something that happened in mpv (`file-loaded`, `playback-restart`, `end-file`, …).
struct MPVEvent: Equatable, Sendable {
    var name: String
    /// For `property-change`: the property and the id it is observed with.
    var propertyName: String?
    var observationID: Int?
    /// For `property-change`: the new value (null when the property is unavailable).
    var data: JSONValue
    /// For `end-file`: why it ended ("eof", "stop", "quit", "error", "redirect").
    var reason: String?
    /// For `end-file` with reason "error": what went wrong, in mpv's words.
    var fileError: String?

    init(
        name: String, propertyName: String? = nil, observationID: Int? = nil, data: JSONValue = .null,
        reason: String? = nil, fileError: String? = nil
    ) {
        self.name = name
        self.propertyName = propertyName
        self.observationID = observationID
        self.data = data
        self.reason = reason
        self.fileError = fileError
    }
}
