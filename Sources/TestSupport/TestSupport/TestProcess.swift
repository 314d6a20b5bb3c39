import Foundation
import ProcessControl
import SpinTesting
import Testing

/// The one way the tests run a program: ProcessControl's `SpawnedProcess` (the app's own
/// `posix_spawn`, a session of its own, every signal at its default, no other descriptor), with
/// its output to /dev/null, appended to a file, or read back.
///
///     let status = try TestProcess.run(["/usr/bin/tmux", "-L", socket, "kill-server"])
///     let (status, text) = try TestProcess.capture(["/usr/bin/curl", "-sS", url])
package enum TestProcess {
    /// Where the program's standard output and error go; its input is /dev/null.
    package enum Output {
        case null
        /// Appended to the file at the path (made 0600 if it is not there).
        case file(String)
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Starts `arguments[0]` (a path) with the rest as its arguments, in `environment`
    /// ("NAME=value" each; nil: this process's), and returns it running.
    package static func start(_ arguments: [String], environment: [String]? = nil, output: Output = .null) throws -> SpawnedProcess {
        var descriptors: [ChildDescriptor] = [.null, .null, .null]
        var file: Int32 = -1
        if case .file(let path) = output {
            file = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard file >= 0 else { throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
            descriptors = [.null, .copy(of: file), .copy(of: file)]
        }
        defer { if file >= 0 { close(file) } }
        return try spawn(arguments, environment: environment, descriptors: descriptors)
    }

    /// Runs the program to its end, as `start` starts it: its status as a shell tells it (the
    /// exit code, or 128 + the signal that killed it).
    @discardableResult
    package static func run(_ arguments: [String], environment: [String]? = nil, output: Output = .null) throws -> Int32 {
        let process = try start(arguments, environment: environment, output: output)
        _ = process.waitForExit(milliseconds: -1)
        return process.exitStatus?.shellCode ?? -1
    }

    /// Runs the program to its end with its output and error read back together.
    package static func capture(_ arguments: [String], environment: [String]? = nil) throws -> (status: Int32, text: String) {
        let pipe = Pipe()
        let process = try spawn(arguments, environment: environment,
                                descriptors: [.null, .copy(of: pipe.fileHandleForWriting.fileDescriptor),
                                              .copy(of: pipe.fileHandleForWriting.fileDescriptor)])
        try pipe.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        _ = process.waitForExit(milliseconds: -1)
        return (process.exitStatus?.shellCode ?? -1, String(decoding: data, as: UTF8.self))
    }

    /// Runs the program as `run` does, but waits for its end with `eventually` (a hang is a
    /// failed wait, not a stuck test), and kills it by its pid on every way out if it has not
    /// ended.
    package static func runWithDeadline(_ arguments: [String], environment: [String]? = nil,
                                        output: Output = .null) async throws -> Int32 {
        let process = try start(arguments, environment: environment, output: output)
        defer {
            process.signal(SIGKILL)
            _ = process.waitForExit(milliseconds: -1)
        }
        await eventually("\(arguments.joined(separator: " ")) to end") { process.exitStatus != nil }
        return process.exitStatus?.shellCode ?? 128 + SIGKILL
    }

    private static func spawn(_ arguments: [String], environment: [String]?, descriptors: [ChildDescriptor]) throws -> SpawnedProcess {
        guard let program = arguments.first else { throw Failure(description: "no program to run") }
        do {
            return try SpawnedProcess.spawn(program, Array(arguments.dropFirst()), descriptors: descriptors, environment: environment)
        } catch {
            throw Failure(description: "cannot run \(program): \(error)")
        }
    }
}
