import Foundation
import MediaScan
import Testing
import TestSupport

@Suite("Walking media folders")
struct MediaFolderWalkerTests {
    @Test func findsMediaFilesInSortedOrderSkippingHiddenAndOtherFiles() async throws {
        try await withTemporaryFolder { root in
            for path in [
                "a.mp4", "b.MKV", "notes.txt", ".hidden.mkv", ".hidden/x.mkv", "Sub/c.webm", "Sub/e.srt",
                "Sub/Deeper/d.flac", "Sub/Deeper/cover.jpg", "mkv",
            ] {
                try write("12345", to: "\(root)/\(path)")
            }
            try makeFolder("\(root)/Empty")
            try makeFolder("\(root)/Folder.mkv")  // a folder, whatever its name

            let (files, problems) = MediaFolderWalker(root: root).walkAll()

            #expect(problems == [])
            #expect(files.map(\.path) == [
                "\(root)/Sub/Deeper/d.flac", "\(root)/Sub/c.webm", "\(root)/a.mp4", "\(root)/b.MKV",
            ])
            #expect(files.allSatisfy { $0.size == 5 })
        }
    }

    @Test func tellsSizeAndModificationTimeInNanoseconds() async throws {
        try await withTemporaryFolder { root in
            let path = "\(root)/clip.mkv"
            try write("0123456789", to: path)
            var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789),
                         timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)

            let files = Array(MediaFolderWalker(root: root))

            #expect(files == [.file(MediaFile(path: path, size: 10, modified: 1_700_000_000_123_456_789))])
        }
    }

    @Test func walksSeveralRootsAndGivesEventsOneByOne() async throws {
        try await withTemporaryFolder { root in
            try write("", to: "\(root)/one/a.mkv")
            try write("", to: "\(root)/two/b.mkv")
            try write("", to: "\(root)/two/c.mkv")
            var iterator = MediaFolderWalker(roots: ["\(root)/two/", "\(root)/one"]).makeIterator()

            #expect(iterator.next() == .file(MediaFile(path: "\(root)/two/b.mkv", size: 0, modified: modified("\(root)/two/b.mkv"))))
            var rest: [String] = []
            while case .file(let file)? = iterator.next() { rest.append(file.path) }
            #expect(rest == ["\(root)/two/c.mkv", "\(root)/one/a.mkv"])
        }
    }

    @Test func reportsAMissingRootAndCarriesOn() async throws {
        try await withTemporaryFolder { root in
            try write("", to: "\(root)/there/a.mkv")

            let (files, problems) = MediaFolderWalker(roots: ["\(root)/gone", "\(root)/there"]).walkAll()

            #expect(problems == [WalkProblem(
                path: "\(root)/gone", message: "cannot read \(root)/gone: No such file or directory")])
            #expect(files.map(\.path) == ["\(root)/there/a.mkv"])
        }
    }

    @Test("reports an unreadable folder and carries on",
          .enabled(if: getuid() != 0, "root reads any folder, so none is unreadable"))
    func reportsAnUnreadableFolder() async throws {
        try await withTemporaryFolder { root in
            try write("", to: "\(root)/a/secret.mkv")
            try write("", to: "\(root)/b/open.mkv")
            #expect(chmod("\(root)/a", 0) == 0)

            let (files, problems) = MediaFolderWalker(root: root).walkAll()

            #expect(problems == [WalkProblem(path: "\(root)/a", message: "cannot read \(root)/a: Permission denied")])
            #expect(files.map(\.path) == ["\(root)/b/open.mkv"])
        }
    }

    @Test("links out of the folder (a file, a sibling folder, /etc) are not followed, and said")
    func linksOutOfTheRootAreNotFollowed() async throws {
        try await withTemporaryFolder { base in
            let root = "\(base)/media"
            try write("", to: "\(root)/in.mkv")
            try write("secret", to: "\(base)/other/secret.mkv")
            #expect(symlink("/etc/passwd", "\(root)/passwd.mkv") == 0)
            #expect(symlink("../other", "\(root)/sibling") == 0)
            #expect(symlink("/etc", "\(root)/etc") == 0)
            #expect(symlink("in.mkv", "\(root)/alias.mkv") == 0)

            let (files, problems) = MediaFolderWalker(root: root).walkAll()

            #expect(files.map(\.path) == ["\(root)/alias.mkv", "\(root)/in.mkv"])
            #expect(problems.map(\.path) == ["\(root)/etc", "\(root)/passwd.mkv", "\(root)/sibling"])
            #expect(problems.allSatisfy { $0.message.hasSuffix("it links outside the folder") })
        }
    }

    @Test func followsLinksButNeverLoops() async throws {
        try await withTemporaryFolder { root in
            try write("", to: "\(root)/A/f.mkv")
            #expect(symlink(root, "\(root)/A/loop") == 0)         // back up the tree
            #expect(symlink("\(root)/A", "\(root)/B") == 0)       // the same folder again
            #expect(symlink("A/f.mkv", "\(root)/link.mkv") == 0)  // a file, listed under the link
            #expect(symlink("nowhere", "\(root)/dangling.txt") == 0)
            #expect(symlink("nowhere.mkv", "\(root)/dangling.mkv") == 0)

            let (files, problems) = MediaFolderWalker(root: root).walkAll()

            #expect(files.map(\.path) == ["\(root)/A/f.mkv", "\(root)/link.mkv"])
            #expect(problems == [WalkProblem(
                path: "\(root)/dangling.mkv", message: "cannot read \(root)/dangling.mkv: No such file or directory")])
        }
    }

    @Test(arguments: [
        ("film.mkv", true), ("FILM.MKV", true), ("a.Mp4", true), ("song.opus", true), ("x.ts", true),
        ("notes.txt", false), ("mkv", false), (".mkv", false), ("film.mkv.part", false), ("film.", false),
    ])
    func knowsMediaNames(name: String, isMedia: Bool) {
        #expect(MediaFolderWalker.isMediaName(name) == isMedia)
    }

    private func modified(_ path: String) -> Int64 {
        var info = stat()
        stat(path, &info)
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
