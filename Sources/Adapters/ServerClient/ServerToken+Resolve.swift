import ServerWire

/// Where the client finds the server's token: the `--token` value, else `SPINDLE_TOKEN`, else
/// the file `spindle serve` writes (`file`: `spindle/token` in the XDG config home), read by
/// `ServerToken.load`'s rules. Surrounding spaces and the file's final newline are dropped.
///
///     let token = try ServerToken.resolve(flag: options.token, environment: environment, file: path)
///     ServerToken.hideArguments()   // `ps` no longer shows the --token value
extension ServerToken {
    /// The token from the first source that has one. Throws `RemoteError.noToken` when none
    /// does (an empty file gives none), `.unreadableTokenFile` when the file exists but cannot
    /// be read or is not private, and `.invalidToken` for a token a header cannot carry.
    package static func resolve(flag: String?, environment: [String: String], file: String) throws(RemoteError) -> String {
        if let flag {
            return try validatedForClient(flag)
        }
        if let variable = environment["SPINDLE_TOKEN"], !trimmed(variable).isEmpty {
            return try validatedForClient(variable)
        }
        let token: String?
        do throws(ServerTokenError) {
            token = try load(at: file)
        } catch {
            if case .empty = error { throw .noToken(file: file) }
            throw .unreadableTokenFile(path: file, reason: error.description)
        }
        guard let token else { throw .noToken(file: file) }
        return token
    }

    /// `validated`, with the client's error.
    static func validatedForClient(_ token: String) throws(RemoteError) -> String {
        do throws(ServerTokenError) {
            return try validated(token)
        } catch {
            throw .invalidToken(reason: error.invalidReason ?? error.description)
        }
    }
}
