import ArgumentParser

/// `spindle scan FOLDER...`: scans media folders into the library, printing its progress, without
/// the browser (for cron, or before a first browse).
struct Scan: LibraryCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan media folders into the library, without the browser.",
        discussion: "Each folder is added to the library and scanned with ffprobe; progress goes to standard error, and the summary lists each file that could not be read, with its error. Exits 1 if a file could not be read."
    )

    @Argument(help: ArgumentHelp("Media folders to add to the library and scan.", valueName: "folder"))
    var folders: [String] = []

    func validate() throws {
        guard !folders.isEmpty else { throw ValidationError("scan needs at least one FOLDER.") }
    }

    func run(library: LibraryAccess) throws {
        let feature = try library.feature()
        let folders = self.folders.map(absolutePath)
        let status = blockingRun { await feature.scan(folders: folders, environment: ProcessEnvironment.variables) }
        if status != 0 { throw ExitCode(status) }
    }
}
