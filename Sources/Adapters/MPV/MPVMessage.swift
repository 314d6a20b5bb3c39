#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One line from mpv: the reply to a command of ours, or an event.
///
///     MPVMessage(line: Array(#"{"request_id":3,"error":"success","data":12.0}"#.utf8))
///     // .reply(MPVReply(requestID: 3, error: "success", data: .number(12)))
enum MPVMessage: Equatable, Sendable {
    case reply(MPVReply)
    case event(MPVEvent)

    /// nil for what is not a message: not JSON, or neither a reply nor an event. mpv does not
    /// send such lines, but one must not stop the session.
    init?(line: [UInt8]) {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(line)) else { return nil }
        if let name = fields.event {
            self = .event(MPVEvent(
                name: name, propertyName: fields.name, observationID: fields.id, data: fields.data ?? .null,
                reason: fields.reason, fileError: fields.file_error
            ))
        } else if let error = fields.error {
            // Replies to commands sent without an id carry 0, the id we never use.
            self = .reply(MPVReply(requestID: fields.request_id ?? 0, error: error, data: fields.data ?? .null))
        } else {
            return nil
        }
    }

    /// The fields of both kinds of message; those of the other kind are absent.
    private struct Fields: Decodable {
        var request_id: Int?
        var error: String?
        var data: JSONValue?
        var event: String?
        var name: String?
        var id: Int?
        var reason: String?
        var file_error: String?
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
