import MediaScan
import Testing

@Suite("Media files")
struct MediaFileTests {
    @Test func keepsWhatARescanCompares() {
        let file = MediaFile(path: "/media/a.mkv", size: 10, modified: 1)
        #expect(file != MediaFile(path: "/media/a.mkv", size: 10, modified: 2))
    }
}
