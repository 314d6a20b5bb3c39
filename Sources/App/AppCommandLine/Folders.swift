import ArgumentParser
import LibraryInterface

/// `spindle folders [list]` and `spindle folders remove FOLDER…`: the library's media folders,
/// as `spindle FOLDER` and `spindle scan FOLDER` added them.
struct Folders: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folders",
        abstract: "List the library's media folders, or remove some.",
        subcommands: [List.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: LibraryCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the library's folders with how many titles each holds.")

        func run(library: LibraryAccess) throws {
            try Folders.run(.list, library: library)
        }
    }

    struct Remove: LibraryCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove folders from the library: their titles go; what was watched is kept.",
            discussion: "The files are not touched. A folder removed is not scanned again until it is given again.")

        @Argument(help: ArgumentHelp("Folders of the library to remove (as `spindle folders` lists them).", valueName: "folder"))
        var folders: [String]

        func validate() throws {
            guard !folders.isEmpty else { throw ValidationError("remove needs at least one FOLDER.") }
        }

        func run(library: LibraryAccess) throws {
            try Folders.run(.remove(folders.map(absolutePath)), library: library)
        }
    }

    static func run(_ action: FolderAction, library: LibraryAccess) throws {
        let feature = try library.feature()
        let status = blockingRun { await feature.folders(action, environment: ProcessEnvironment.variables) }
        if status != 0 { throw ExitCode(status) }
    }
}
