/// Where a media server looks for a title's art beside its file, by the names Jellyfin, Kodi
/// and Plex share: the first of these that exists in the listing wins.
///
/// - A film or an episode `Name.mkv`: `Name-poster.jpg`, `Name-thumb.jpg`, `Name.jpg` (`.png`,
///   `.jpeg`, `.webp` the same), then, for a film alone in its folder or any file whose folder
///   is its own, `poster.jpg`, `folder.jpg`, `cover.jpg`.
/// - A season (`Show/Season 2/`): `Show/season02-poster.jpg`, then `poster.jpg` or `folder.jpg`
///   inside `Season 2/`.
/// - A show (`Show/`): `poster.jpg`, `folder.jpg`, `cover.jpg` in it.
/// - A backdrop: `fanart.jpg` (or `backdrop.jpg`) in the title's folder, then in the show's.
///
/// Names are compared without case (`Poster.JPG` counts), as the servers do. Pure: it reads
/// the names a folder listing gave, never the disk.
///
///     ArtNames.poster(forFile: "Heat (1995).mkv", in: ["Heat (1995).mkv", "poster.jpg"])   // "poster.jpg"
package enum ArtNames {
    /// The extensions a picture file may have, in the order preferred.
    static let extensions = ["jpg", "jpeg", "png", "webp"]

    /// The poster (or thumbnail) of the media file `file` among `names`, the files of its folder.
    /// `folderIsItsOwn`: the folder holds this title alone (a film's folder), so the folder's
    /// own poster is the title's.
    package static func poster(forFile file: String, in names: [String], folderIsItsOwn: Bool = true) -> String? {
        let stem = stem(of: file)
        var wanted = ["\(stem)-poster", "\(stem)-thumb", "\(stem)-cover", stem]
        if folderIsItsOwn { wanted += ["poster", "folder", "cover"] }
        return first(of: wanted, in: names)
    }

    /// A season's poster: `seasonNN-poster` in the show's folder (`showNames`), else `poster`
    /// or `folder` in the season's own folder (`seasonNames`). Season 0 is `season-specials`.
    package static func seasonPoster(season: Int, showNames: [String], seasonNames: [String]) -> (inShowFolder: Bool, name: String)? {
        let key = season == 0 ? "season-specials-poster" : "season" + (season < 10 ? "0" : "") + "\(season)-poster"
        if let name = first(of: [key], in: showNames) { return (true, name) }
        if let name = first(of: ["poster", "folder", "cover"], in: seasonNames) { return (false, name) }
        return nil
    }

    /// A show's poster in its folder.
    package static func showPoster(in names: [String]) -> String? {
        first(of: ["poster", "folder", "cover"], in: names)
    }

    /// A backdrop in a folder.
    package static func backdrop(in names: [String]) -> String? {
        first(of: ["fanart", "backdrop"], in: names)
    }

    /// The file name without its last extension ("Heat (1995).mkv" → "Heat (1995)").
    static func stem(of file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The first name of `stems`, with any picture extension, present in `names` (case folded).
    static func first(of stems: [String], in names: [String]) -> String? {
        var byLowercased: [String: String] = [:]
        for name in names where byLowercased[name.lowercased()] == nil { byLowercased[name.lowercased()] = name }
        for stem in stems {
            for ext in extensions {
                if let name = byLowercased["\(stem).\(ext)".lowercased()] { return name }
            }
        }
        return nil
    }
}
