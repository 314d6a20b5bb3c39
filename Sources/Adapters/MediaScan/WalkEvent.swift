/// What `MediaFolderWalker` meets, one at a time: a media file, or a folder it could not read.
///
///     for event in MediaFolderWalker(roots: ["/media"]) {
///         switch event {
///         case .file(let file): found.append(file)
///         case .problem(let problem): print(problem.message)
///         }
///     }
package enum WalkEvent: Equatable, Sendable {
    case file(MediaFile)
    case problem(WalkProblem)
}
