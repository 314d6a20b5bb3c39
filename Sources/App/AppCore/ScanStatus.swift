import SpindleUI
/// Where the library's scan of its folders is, for the header: "scanning 1,204 / 3,310" while it
/// runs, and afterwards what went wrong, if anything ("2 files could not be read").
///
///     ScanStatus(done: 1_204, total: 3_310)        // running
///     ScanStatus(done: 3_310, total: 3_310, failed: 2, isFinished: true)
package struct ScanStatus: Equatable, Sendable, Codable {
    /// Files looked at so far (stored, unchanged or failed).
    package var done: Int
    /// Files found so far; grows while the folders are walked.
    package var total: Int
    /// Files that could not be probed (listed anyway, with their error in their details).
    package var failed: Int
    package var isFinished: Bool
    /// What stopped or spoiled the scan, in one line ("cannot read /media/x: Permission denied").
    package var problem: String?
    /// What the scan left out by design, in one line ("not following /media/x: it links outside
    /// the folder"): told, but no failure.
    package var skipped: String?
    /// The pictures made after the scan (`ArtPrewarm`); nil before they start, or when none are.
    package var pictures: PictureProgress?

    package init(done: Int = 0, total: Int = 0, failed: Int = 0, isFinished: Bool = false, problem: String? = nil,
                 skipped: String? = nil) {
        self.done = done
        self.total = total
        self.failed = failed
        self.isFinished = isFinished
        self.problem = problem
        self.skipped = skipped
    }

    /// Whether the scan failed somewhere: a folder or a file could not be read.
    package var hasFailures: Bool { problem != nil || failed > 0 }

    /// The header's words: nil once a scan finished with nothing to tell.
    package var summary: String? {
        if !isFinished { return "scanning \(Formatting.count(done)) / \(Formatting.count(total))" }
        if let problem { return problem }
        if failed > 0 { return Formatting.count(failed, "file", "files") + " could not be read" }
        if let pictures, pictures.done < pictures.total {
            return "posters \(Formatting.count(pictures.done)) / \(Formatting.count(pictures.total))"
        }
        if let pictures, pictures.failed > 0 { return Formatting.count(pictures.failed, "picture", "pictures") + " could not be read" }
        return nil
    }
}

/// How far the pictures made after a scan are: how many of how many, how many had a picture
/// file that could not be read, and the first of those problems, a line each.
package struct PictureProgress: Equatable, Sendable, Codable {
    package var done = 0
    package var total: Int
    package var failed = 0
    package var lines: [String] = []

    package init(total: Int, done: Int = 0, failed: Int = 0, lines: [String] = []) {
        self.total = total
        self.done = done
        self.failed = failed
        self.lines = lines
    }
}
