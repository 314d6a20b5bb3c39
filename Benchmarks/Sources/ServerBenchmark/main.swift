// Serves a library for load tests (`Benchmarks/load.lua`, docs/server.md), generating its
// titles first when it is new:
//
//   swift run -c release ServerBenchmark /tmp/bench/library.sqlite 1000000 8700 /tmp/bench/token
//
// Prints "listening on port N" once it serves, and the server's resident memory every 5 s and
// at the end, so a run shows whether it grows with requests. Stops on SIGTERM or SIGINT.
import Catalog
import Foundation
import Library
import Server
import ServerWire
import Logging

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[2]), let port = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: LibraryServerBenchmark LIBRARY TITLES PORT TOKEN-FILE\n".utf8))
    exit(2)
}
let database = try LibraryDatabase(path: arguments[1])
let existing = try await LibraryProvider(database: database).page(PageRequest(pageSize: 1)).items.isEmpty
if existing {
    let start = ContinuousClock.now
    try await database.generateTitles(count: count)
    print("generated \(count) titles in \(ContinuousClock.now - start)")
}
let token = try ServerToken.loadOrCreate(at: arguments[4])
var logger = Logger(label: "spindle-serve")
logger.logLevel = .warning
let server = LibraryServer(database: database, token: token, accountKey: ServerToken.generate(), port: port, logger: logger)

/// VmRSS of /proc/self/status, in KiB.
func residentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

let reporter = Task {
    if let port = await server.boundPort { print("listening on port \(port), RSS \(residentKiB()) KiB") }
    while !Task.isCancelled {
        try await Task.sleep(for: .seconds(5))
        print("RSS \(residentKiB()) KiB")
    }
}
try await server.run()
reporter.cancel()
print("stopped, RSS \(residentKiB()) KiB")
