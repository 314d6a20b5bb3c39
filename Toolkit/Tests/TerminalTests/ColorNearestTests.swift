import Testing
@testable import Terminal

@Suite("Colors a terminal does not have")
struct ColorNearestTests {
    @Test("#rrggbb becomes the nearest of the 256 indexed colors")
    func rgbToIndexed() {
        #expect(Color.nearest(red: 0x5f, green: 0xaf, blue: 0xff) == .indexed(75))
        #expect(Color.nearest(red: 0, green: 0, blue: 0) == .indexed(16))
        #expect(Color.nearest(red: 0x80, green: 0x80, blue: 0x80) == .indexed(244))
    }

    @Test("an indexed color falls back to the nearest of 16, then of 8, never to an unrelated one")
    func fallback() {
        #expect(Color.fallbackIndex(196, colors: 256) == 196)
        #expect(Color.fallbackIndex(196, colors: 16) == 9)   // bright red
        #expect(Color.fallbackIndex(196, colors: 8) == 1)    // red
        #expect(Color.fallbackIndex(9, colors: 8) == 1)
        #expect(Color.fallbackIndex(21, colors: 8) == 4)     // blue
        #expect(Color.fallbackIndex(255, colors: 16) == 7)   // light gray
    }
}
