/// The three names of a download: `FINAL`, `FINAL.part` and `FINAL.part.json`, and the folder.
struct DownloadTarget: Sendable {
    let finalPath: String

    var partPath: String { finalPath + ".part" }
    var sidecarPath: String { PartSidecar.path(forPart: partPath) }
    var folder: String { Disk.folder(of: finalPath) }

    /// Forgets an earlier attempt: its part and its sidecar.
    func discard() {
        Disk.remove(partPath)
        Disk.remove(sidecarPath)
    }

    /// What an earlier attempt left that can be resumed: a non-empty part with its sidecar,
    /// not longer than the total, nor than `expectedSize`. Anything else is discarded.
    func leftover(expectedSize: Int64?) -> Leftover? {
        guard let size = Disk.size(of: partPath) else {
            Disk.remove(sidecarPath)
            return nil
        }
        guard size > 0, let sidecar = PartSidecar.load(sidecarPath), let total = sidecar.total,
              size <= total, expectedSize.map({ $0 == total }) ?? true
        else {
            discard()
            return nil
        }
        return Leftover(size: size, sidecar: sidecar)
    }

    /// Renames the whole, fsynced part to the final name, fsyncs the folder and drops the sidecar.
    func finish(_ part: PartFile) throws(FileDownloadError) {
        try part.sync()
        part.release()
        try Disk.move(partPath, to: finalPath)
        try Disk.syncFolder(folder)
        Disk.remove(sidecarPath)
    }
}
