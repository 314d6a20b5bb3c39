import ServerWire

extension ServerToken {
    /// Overwrites the value of every `--token VALUE` and `--token=VALUE` among the process's
    /// arguments with "x", in the process's own argument memory, so that `ps` and
    /// `/proc/PID/cmdline` no longer show it. Call it once the arguments have been parsed
    /// (the parsed copy is a Swift string and is kept). Returns how many values it hid.
    ///
    ///     let options = try Options.parse()         // reads --token
    ///     ServerToken.hideArguments()
    @discardableResult
    package static func hideArguments() -> Int {
        hideArguments(count: Int(CommandLine.argc), CommandLine.unsafeArgv)
    }

    /// The same for any C argument vector (`argv[0]` is the program and is left alone).
    /// Arguments after "--" are not options and are left alone too.
    @discardableResult
    package static func hideArguments(count: Int, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int {
        let option = Array("--token".utf8CString.dropLast())
        var hidden = 0
        var index = 1
        while index < count, let argument = argv[index] {
            let length = strlen(argument)
            if length == 2, argument[0] == 0x2D, argument[1] == 0x2D { break }
            if length >= option.count, (0 ..< option.count).allSatisfy({ argument[$0] == option[$0] }) {
                if length == option.count, index + 1 < count, let value = argv[index + 1] {
                    overwrite(value, from: 0)
                    hidden += 1
                    index += 1
                } else if argument[option.count] == 0x3D {   // "="
                    overwrite(argument, from: option.count + 1)
                    hidden += 1
                }
            }
            index += 1
        }
        return hidden
    }

    private static func overwrite(_ text: UnsafeMutablePointer<CChar>, from start: Int) {
        var index = start
        while text[index] != 0 {
            text[index] = 0x78   // "x"
            index += 1
        }
    }

    private static func strlen(_ text: UnsafeMutablePointer<CChar>) -> Int {
        var length = 0
        while text[length] != 0 { length += 1 }
        return length
    }
}
