import MediaScan

/// A media file and what probing it gave: its facts, or why it could not be read (such a file
/// is listed anyway, see `LibraryDatabase.problem(forTitle:)`).
///
///     ProbedFile(file: file, facts: .success(MediaFacts(title: "Film", year: 2001)))
package struct ProbedFile: Equatable, Sendable {
    package var file: MediaFile
    package var facts: Result<MediaFacts, MediaProbeError>

    package init(file: MediaFile, facts: Result<MediaFacts, MediaProbeError>) {
        self.file = file
        self.facts = facts
    }
}
