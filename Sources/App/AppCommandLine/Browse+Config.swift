import AppConfig

/// The configuration file's settings where the command line says nothing (`spindle browse`).
extension Browse {
    /// This command with what its options leave out taken from `config`: the page size, mpv's
    /// options, where video shows, the downloads' folder and limit, the mouse, and what to
    /// browse when no folder, catalog, library or server is given.
    func settled(by config: SpindleConfig) -> Browse {
        var command = self
        command.pageSizeOption = pageSizeOption ?? config.pageSize.value
        command.maxDownloadsOption = maxDownloadsOption ?? config.maxDownloads.value
        command.videoOption = videoOption ?? VideoMode(rawValue: config.video.value)
        command.pictures = pictures ?? config.pictures.value
        // SPINDLE_MPV_ARGS is in the configuration already, over the file's.
        if mpvArgs == nil, config.mpvArgs.origin != .standard { command.mpvArgs = config.mpvArgs.value.joined(separator: " ") }
        command.downloads = downloads ?? config.downloads.value
        if !config.mouse.value { command.noMouse = true }
        let isSourceGiven = !folders.isEmpty || library || catalog != nil || server != nil
        if !isSourceGiven, replay == nil, !keyEcho, generateCatalog == nil {
            if let server = config.server.value {
                command.server = server
            } else if !config.folders.value.isEmpty {
                command.folders = config.folders.value
            }
        }
        return command
    }
}
