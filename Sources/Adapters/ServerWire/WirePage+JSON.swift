import JSON

/// A page's JSON written by hand: the server writes every page it makes, and JSONEncoder's
/// containers, boxes and key look-ups took 14 % of a page made at a million titles. The keys
/// are the `CodingKeys`' own, and absent values are left out as `Codable` leaves them out, so
/// `JSONDecoder` reads the same page back (a test checks it on random pages). Strings are
/// escaped as everywhere in Spindle (`JSONEscaping`: C0, DEL and C1 too).
extension WirePage {
    package func json() -> String {
        var out = ""
        out.reserveCapacity(200 + titles.count * 220)
        out += "{\"titles\":["
        for (index, title) in titles.enumerated() {
            if index > 0 { out += "," }
            title.write(to: &out)
        }
        out += "]"
        Self.field(next, "next", &out)
        Self.field(previous, "previous", &out)
        Self.field(last, "last", &out)
        if let total { out += ",\"total\":" + String(total) }
        out += "}"
        return out
    }

    private static func field(_ value: String?, _ key: String, _ out: inout String) {
        guard let value else { return }
        out += ",\"" + key + "\":"
        JSONEscaping.appendLiteral(value, to: &out)
    }
}

extension WireTitle {
    fileprivate func write(to out: inout String) {
        out += "{\"" + CodingKeys.id.stringValue + "\":"
        JSONEscaping.appendLiteral(id, to: &out)
        out += ",\"" + CodingKeys.title.stringValue + "\":"
        JSONEscaping.appendLiteral(title, to: &out)
        Self.number(year, .year, &out)
        Self.text(genre, .genre, &out)
        Self.number(duration, .duration, &out)
        Self.number(introStart, .introStart, &out)
        Self.number(introEnd, .introEnd, &out)
        Self.number(creditsStart, .creditsStart, &out)
        Self.text(video, .video, &out)
        Self.text(subtitles, .subtitles, &out)
        Self.text(problem, .problem, &out)
        if let group {
            out += ",\"" + CodingKeys.group.stringValue + "\":"
            group.write(to: &out)
        }
        Self.text(shelf, .shelf, &out)
        out += "}"
    }

    private static func number(_ value: Int?, _ key: CodingKeys, _ out: inout String) {
        guard let value else { return }
        out += ",\"" + key.stringValue + "\":" + String(value)
    }

    private static func text(_ value: String?, _ key: CodingKeys, _ out: inout String) {
        guard let value else { return }
        out += ",\"" + key.stringValue + "\":"
        JSONEscaping.appendLiteral(value, to: &out)
    }
}

extension WireGroup {
    fileprivate func write(to out: inout String) {
        out += "{\"" + CodingKeys.show.stringValue + "\":"
        JSONEscaping.appendLiteral(show, to: &out)
        for (value, key) in [(season, CodingKeys.season), (seasons, .seasons), (episodes, .episodes), (watched, .watched),
                             (inProgress, .inProgress)] {
            if let value { out += ",\"" + key.stringValue + "\":" + String(value) }
        }
        out += "}"
    }
}
