import ArgumentParser
import ProcessControl
#if canImport(Glibc)
import Glibc
import LibraryInterface
#endif

/// `spindle-full`, the build of the app with the library (SQLite, Foundation), installed beside
/// `spindle`. The plain `spindle` becomes it, with the same arguments and environment, when a
/// command needs the library: one `execv` before the terminal is touched, so the user sees one
/// program.
enum FullBinary {
    static let name = "spindle-full"

    /// Replaces this process with `spindle-full`, or throws after saying why it cannot.
    static func execute(arguments: [String]) throws -> Never {
        guard let path = location() else {
            printError("spindle: this needs \(name) (the library's part of Spindle), which is not beside this spindle; `make build` builds both")
            throw ExitCode.failure
        }
        let argv = [path] + arguments.dropFirst()
        var pointers = argv.map { strdup($0) }
        pointers.append(nil)
        execv(path, pointers)
        let reason = String(cString: strerror(errno))
        for pointer in pointers { free(pointer) }
        printError("spindle: cannot start \(path): \(reason)")
        throw ExitCode.failure
    }

    /// `spindle-full` in the folder of this executable, if it is there and can run.
    static func location() -> String? {
        executableBesideThisProgram(name)
    }
}
