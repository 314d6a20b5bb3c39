import Foundation
import Testing
@testable import Terminal

/// Kitty commands of the shape an encoder makes (one transmission in two chunks).
func kittyBytes(_ marker: String = "AAAA") -> [UInt8] {
    Array("\u{1B}_Ga=T,f=32,s=1,v=1,m=1;\(marker)\u{1B}\\\u{1B}_Gm=0;/w==\u{1B}\\".utf8)
}

/// A sixel string of the shape an encoder makes.
func sixelBytes(_ body: String = "#0;2;100;0;0#0~~~~-") -> [UInt8] {
    Array("\u{1B}P0;1;0q\"1;1;4;6\(body)\u{1B}\\".utf8)
}

@Suite("placing pictures")
struct ImagePlacementTests {
    let poster = PlacedImage(format: .kitty, identity: 1, bytes: kittyBytes())!
    let still = PlacedImage(format: .sixel, identity: 2, bytes: sixelBytes())!
    let rect = Rect(row: 1, column: 2, rows: 3, columns: 4)

    @Test("only bytes shaped as an encoder's output are accepted: text, other escapes and cut strings are refused")
    func wellFormed() {
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: kittyBytes()) != nil)
        #expect(PlacedImage(format: .sixel, identity: 0, bytes: sixelBytes()) != nil)
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: Array("hello".utf8)) == nil)
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: []) == nil)
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: kittyBytes() + Array("\u{1B}[2J".utf8)) == nil)
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: Array("\u{1B}_Ga=T;\u{1B}]0;title\u{07}\u{1B}\\".utf8)) == nil)
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: Array("\u{1B}_Ga=T;AAAA".utf8)) == nil)
        #expect(PlacedImage(format: .sixel, identity: 0, bytes: kittyBytes()) == nil)
        #expect(PlacedImage(format: .sixel, identity: 0, bytes: Array("\u{1B}P0;1;0q#0\u{1B}[2J\u{1B}\\".utf8)) == nil)
        #expect(PlacedImage(format: .sixel, identity: 0, bytes: sixelBytes() + Array("x".utf8)) == nil)
    }

    @Test("a placement is recorded with its rect, protocol and bytes, its cells blanked; the same frame again sends nothing")
    func recordedOnce() {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 10))
        screen.frame { canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 6, columns: 10), with: "x", style: .plain)
            canvas.placeImage(poster, in: rect)
        }
        #expect(screen.imagesSent == [ShownImage(image: poster, rect: rect)])
        #expect(screen.imagesSent.first?.image.bytes == kittyBytes())
        #expect(screen.shownImages.map(\.image.format) == [.kitty])
        #expect(screen.rowText(1) == "xx    xxxx")
        screen.frame { canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 6, columns: 10), with: "x", style: .plain)
            canvas.placeImage(poster, in: rect)
        }
        #expect(screen.imagesSent.isEmpty)
        #expect(screen.imagesRemoved.isEmpty)
        #expect(screen.shownImages.count == 1)
    }

    @Test("a picture no longer placed, or placed elsewhere, is removed")
    func removedWhenNotPlaced() {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 10))
        screen.frame { $0.placeImage(still, in: rect) }
        screen.frame { $0.placeImage(still, in: rect.offsetBy(rows: 1, columns: 0)) }
        #expect(screen.imagesRemoved.map(\.rect) == [rect])
        #expect(screen.imagesSent.map(\.rect) == [rect.offsetBy(rows: 1, columns: 0)])
        screen.frame { $0.put("text", row: 0, column: 0) }
        #expect(screen.imagesRemoved.count == 1)
        #expect(screen.shownImages.isEmpty)
    }

    @Test("drawing over a placed picture later in the frame drops it; drawing beside it does not")
    func drawnOver() {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 10))
        screen.frame { canvas in
            canvas.placeImage(poster, in: rect)
            canvas.put("ab", row: 2, column: 0)   // beside, on the same row
        }
        #expect(screen.shownImages.count == 1)
        screen.frame { canvas in
            canvas.placeImage(poster, in: rect)
            canvas.put("over", row: 2, column: 4)
        }
        #expect(screen.shownImages.isEmpty)
        #expect(screen.imagesRemoved.map(\.rect) == [rect])
        #expect(screen.rowText(2) == "    over")
    }

    @Test("rows that scroll take their pictures away; placed again, they are sent again")
    func scrolled() {
        let screen = HeadlessScreen(size: Size(rows: 8, columns: 20))
        let titles = (0..<20).map { "title \($0)" }
        func draw(offset: Int) {
            screen.frame { canvas in
                let identities = (0..<6).map { RowIdentity(titles[offset + $0]) }
                canvas.shiftRows(0..<6, toShow: identities)
                for row in 0..<6 {
                    canvas.drawRow(row, identity: identities[row]) { canvas.put(titles[offset + row], row: row, column: 0) }
                }
                canvas.placeImage(still, in: Rect(row: 6, column: 0, rows: 2, columns: 4))
            }
        }
        draw(offset: 0)
        screen.frame { canvas in
            let identities = (0..<6).map { RowIdentity(titles[$0]) }
            for row in 0..<6 {
                canvas.drawRow(row, identity: identities[row]) { canvas.put(titles[row], row: row, column: 0) }
            }
            canvas.placeImage(poster, in: Rect(row: 2, column: 12, rows: 2, columns: 4))
        }
        #expect(screen.shownImages.count == 1)
        screen.frame { canvas in
            let identities = (0..<6).map { RowIdentity(titles[1 + $0]) }
            canvas.shiftRows(0..<6, toShow: identities)
            for row in 0..<6 {
                canvas.drawRow(row, identity: identities[row]) { canvas.put(titles[1 + row], row: row, column: 0) }
            }
            canvas.placeImage(poster, in: Rect(row: 2, column: 12, rows: 2, columns: 4))
        }
        #expect(screen.lastFrame.rowsShifted > 0)
        #expect(screen.imagesRemoved.map(\.rect) == [Rect(row: 2, column: 12, rows: 2, columns: 4)])
        #expect(screen.imagesSent.map(\.rect) == [Rect(row: 2, column: 12, rows: 2, columns: 4)])
    }

    @Test("text changing beside a kept picture: a sixel is sent again, a kitty image placed again; nothing changing sends nothing")
    func disturbed() {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 20))
        func draw(_ text: String) {
            screen.frame { canvas in
                canvas.put(text, row: 1, column: 0)
                canvas.placeImage(still, in: Rect(row: 0, column: 10, rows: 2, columns: 4))
                canvas.placeImage(poster, in: Rect(row: 3, column: 10, rows: 2, columns: 4))
            }
        }
        draw("first")
        draw("first")
        #expect(screen.imagesSent.isEmpty && screen.imagesReplaced.isEmpty)
        draw("second")
        #expect(screen.imagesSent.map(\.image.format) == [.sixel] && screen.imagesReplaced.isEmpty)
        screen.frame { canvas in
            canvas.put("second", row: 1, column: 0)
            canvas.put("beside", row: 4, column: 0)
            canvas.placeImage(still, in: Rect(row: 0, column: 10, rows: 2, columns: 4))
            canvas.placeImage(poster, in: Rect(row: 3, column: 10, rows: 2, columns: 4))
        }
        #expect(screen.imagesSent.isEmpty && screen.imagesReplaced.map(\.image.format) == [.kitty])
        #expect(screen.shownImages.count == 2)
    }

    @Test("a resize removes every picture; the next frame sends them again")
    func resized() {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 10))
        screen.frame { $0.placeImage(poster, in: rect) }
        screen.resize(to: Size(rows: 8, columns: 12))
        screen.frame { $0.placeImage(poster, in: rect) }
        #expect(screen.imagesRemoved.map(\.rect) == [rect])
        #expect(screen.imagesSent.map(\.rect) == [rect])
    }

    @Test("a rect off the screen, partly off it, or empty places nothing; an area places in its own coordinates")
    func clipping() {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 10))
        screen.frame { canvas in
            canvas.placeImage(poster, in: Rect(row: 4, column: 8, rows: 3, columns: 3))
            canvas.placeImage(poster, in: Rect(row: 0, column: 0, rows: 0, columns: 0))
            canvas.placeImage(poster, in: Rect(row: -1, column: 0, rows: 2, columns: 2))
        }
        #expect(screen.shownImages.isEmpty)
        screen.frame { canvas in
            let area = canvas.area(Rect(row: 2, column: 3, rows: 3, columns: 5))
            area.placeImage(still, in: Rect(row: 0, column: 0, rows: 4, columns: 5))   // taller than the area
            area.placeImage(still, in: Rect(row: 1, column: 1, rows: 1, columns: 1))
        }
        #expect(screen.shownImages.map(\.rect) == [Rect(row: 3, column: 4, rows: 1, columns: 1)])
        screen.cellPixelSize = CellPixelSize(width: 8, height: 16)
        #expect(screen.area(Rect(row: 0, column: 0, rows: 1, columns: 1)).cellPixelSize == CellPixelSize(width: 8, height: 16))
    }
}

extension TerminalOutputTests {
    @Test("the real screen writes a picture after the frame's text, at its place, with an id; removes it with a=d; stop deletes what is left")
    func picturesOnTheTerminal() throws {
        let recorder = try Recorder(size: Size(rows: 10, columns: 40))
        let poster = PlacedImage(format: .kitty, identity: 1, bytes: kittyBytes())!
        let rect = Rect(row: 2, column: 5, rows: 3, columns: 6)
        recorder.screen.frame { canvas in
            canvas.put("Title", row: 0, column: 0)
            canvas.placeImage(poster, in: rect)
        }
        let first = String(decoding: try recorder.newBytes(), as: UTF8.self)
        let picture = "\u{1B}7\u{1B}[3;6H\u{1B}_Gi=1,p=1,q=2,C=1,a=T,f=32,s=1,v=1,m=1;AAAA\u{1B}\\\u{1B}_Gm=0;/w==\u{1B}\\\u{1B}8"
        #expect(first.hasSuffix(picture))
        #expect(first.range(of: "Title")!.lowerBound < first.range(of: picture)!.lowerBound)
        recorder.screen.frame { canvas in
            canvas.put("Title", row: 0, column: 0)
            canvas.placeImage(poster, in: rect)
        }
        #expect(try recorder.newBytes().isEmpty)
        recorder.screen.frame { $0.put("Title", row: 0, column: 0) }
        let removal = String(decoding: try recorder.newBytes(), as: UTF8.self)
        // (ncurses may move its cursor first: a carriage return.)
        #expect(removal.hasSuffix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\") && removal.count < 25, "\(Array(removal.utf8))")
        recorder.screen.frame { canvas in
            canvas.placeImage(poster, in: rect)
        }
        _ = try recorder.newBytes()
        recorder.screen.stop()
        let last = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(last.hasPrefix("\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\"))
    }

    @Test("a sixel is sent again when text beside it changes (the update could erase it), not when nothing changed; its rows are redrawn when it goes")
    func sixelOnTheTerminal() throws {
        let recorder = try Recorder(size: Size(rows: 10, columns: 40))
        let still = PlacedImage(format: .sixel, identity: 2, bytes: sixelBytes())!
        let rect = Rect(row: 1, column: 20, rows: 2, columns: 4)
        func draw(_ text: String, picture: Bool = true) {
            recorder.screen.frame { canvas in
                canvas.put(text, row: 1, column: 0)
                canvas.put("Footer", row: 9, column: 0)
                if picture { canvas.placeImage(still, in: rect) }
            }
        }
        draw("Some long title")
        #expect(String(decoding: try recorder.newBytes(), as: UTF8.self).hasSuffix("\u{1B}7\u{1B}[2;21H" + String(decoding: sixelBytes(), as: UTF8.self) + "\u{1B}8"))
        draw("Some long title")
        #expect(try recorder.newBytes().isEmpty)
        draw("Short")
        #expect(String(decoding: try recorder.newBytes(), as: UTF8.self).contains(String(decoding: sixelBytes(), as: UTF8.self)))
        draw("Short", picture: false)
        let removal = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(!removal.isEmpty && !removal.contains("\u{1B}P"))
        #expect(recorder.screen.windowRowText(1) == "Short")
    }

    @Test("a list scrolling beside a kitty image: the image is placed again where it belongs, from the terminal's copy (ncurses may have scrolled its rows)")
    func kittyBesideAScrollingList() throws {
        let recorder = try Recorder(size: Size(rows: 24, columns: 80))
        let poster = PlacedImage(format: .kitty, identity: 1, bytes: kittyBytes())!
        let rect = Rect(row: 5, column: 50, rows: 5, columns: 10)
        let titles = (1...100).map { "Title number \($0)" }
        func draw(offset: Int) {
            recorder.screen.frame { canvas in
                for row in 0..<24 { canvas.put(titles[offset + row], row: row, column: 0, width: 40) }
                canvas.placeImage(poster, in: rect)
            }
        }
        draw(offset: 0)
        _ = try recorder.newBytes()
        draw(offset: 0)
        #expect(try recorder.newBytes().isEmpty)
        draw(offset: 1)
        let output = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(output.hasSuffix("\u{1B}7\u{1B}[6;51H\u{1B}_Ga=p,i=1,p=1,c=10,r=5,q=2,C=1\u{1B}\\\u{1B}8"))
        #expect(!output.contains("a=T") && !output.contains("a=d"))
        for row in 0..<24 { #expect(recorder.screen.windowRowText(row) == titles[1 + row]) }
    }

    @Test("coloured cells are written row by row from the rectangle's left column, between a saved and a restored cursor; sent again when text beside them changes; their rows redrawn when they go")
    func cellsOnTheTerminal() throws {
        let recorder = try Recorder(size: Size(rows: 10, columns: 40))
        let bytes = Array("\u{1B}[0;38;2;1;2;3;48;2;4;5;6m▀▀\n\u{1B}[49m ▄\u{1B}[0m".utf8)
        let cells = PlacedImage(format: .cells, identity: 3, bytes: bytes)!
        let rect = Rect(row: 1, column: 20, rows: 2, columns: 2)
        func draw(_ text: String, picture: Bool = true) {
            recorder.screen.frame { canvas in
                canvas.put(text, row: 1, column: 0)
                canvas.put("Footer", row: 9, column: 0)
                if picture { canvas.placeImage(cells, in: rect) }
            }
        }
        draw("Some long title")
        let rows = "\u{1B}7\u{1B}[2;21H\u{1B}[0;38;2;1;2;3;48;2;4;5;6m▀▀\u{1B}[3;21H\u{1B}[49m ▄\u{1B}[0m\u{1B}8"
        #expect(String(decoding: try recorder.newBytes(), as: UTF8.self).hasSuffix(rows))
        draw("Some long title")
        #expect(try recorder.newBytes().isEmpty)
        draw("Short")
        #expect(String(decoding: try recorder.newBytes(), as: UTF8.self).hasSuffix(rows))
        draw("Short", picture: false)
        let removal = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(!removal.isEmpty && !removal.contains("▀"))
        #expect(recorder.screen.windowRowText(1) == "Short")
    }
}
