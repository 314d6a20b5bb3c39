import AppCore
import LibraryInterface
import ServerWire

/// The token `spindle serve` asks of clients, and where it came from: `--token`, else
/// `SPINDLE_TOKEN` (set, even empty, it is the one: an empty one is an error, not "no token"),
/// else the token file, made on first use. Every given token must pass
/// `ServerToken.validatedForServer`; no message ever holds it.
///
///     let token = try ServingToken(flag: options.token, environment: environment)
///     printError("spindle: \(token.whereClientsFindIt)")
struct ServingToken {
    enum Source: Equatable {
        case flag, variable
        case file(String)
    }

    let value: String
    let source: Source

    init(flag: String?, environment: [String: String]) throws(ServerTokenError) {
        if let flag {
            value = try ServerToken.validatedForServer(flag, from: "--token")
            source = .flag
        } else if let variable = environment["SPINDLE_TOKEN"] {
            value = try ServerToken.validatedForServer(variable, from: "SPINDLE_TOKEN")
            source = .variable
        } else {
            guard let file = SpindleHome.tokenFile(environment: environment) else {
                throw .cannotWrite(path: "the token file", reason: "neither XDG_CONFIG_HOME nor HOME is set: give --token")
            }
            value = try ServerToken.validatedForServer(try ServerToken.loadOrCreate(at: file), from: file)
            source = .file(file)
        }
    }

    /// One line telling how clients get the token, without it.
    var whereClientsFindIt: String {
        switch source {
        case .flag: "clients need the token given with --token (spindle http://… --token TOKEN, or SPINDLE_TOKEN)"
        case .variable: "clients need the token in SPINDLE_TOKEN (spindle http://… --token TOKEN, or SPINDLE_TOKEN)"
        case .file(let path):
            "clients need the token in \(path): copy that file to the same place on each client (mode 600), "
                + "or read it with `cat \(path)` and give it with --token"
        }
    }
}
