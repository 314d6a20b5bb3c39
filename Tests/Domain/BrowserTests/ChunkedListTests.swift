import Catalog
import Foundation
import Testing
@testable import Browser

@Suite("Loaded items stored page by page")
struct ChunkedListTests {
    @Test("reads elements across chunks in order")
    func reads() {
        var list = ChunkedList<Int>()
        list.append(contentsOf: [0, 1, 2])
        list.append(contentsOf: [])
        list.append(contentsOf: [3])
        list.append(contentsOf: [4, 5, 6, 7])
        #expect(list.count == 8)
        #expect(Array(list) == Array(0 ..< 8))
        #expect((0 ..< 8).map { list[$0] } == Array(0 ..< 8))
        #expect(list.chunks.count == 3, "empty chunks are not kept")
    }

    @Test("lists with the same elements are equal whatever their chunks")
    func equality() {
        var byOne = ChunkedList<Int>()
        var byTwo = ChunkedList<Int>()
        for n in 0 ..< 4 { byOne.append(contentsOf: [n]) }
        byTwo.append(contentsOf: [0, 1])
        byTwo.append(contentsOf: [2, 3])
        #expect(byOne == byTwo)
        byTwo.append(contentsOf: [4])
        #expect(byOne != byTwo)
    }

    @Test("appending the 2,000th page while a copy of the state is alive copies no loaded titles")
    func appendSharesStorage() {
        let pageSize = 50
        var state = ListState(pageSize: pageSize, viewportRows: 20)
        for page in 0 ..< 1_999 {
            let start = page * pageSize
            state.send(.selectionMoved(.end))
            state.send(.pageLoaded(Page(items: sampleTitles(start ..< start + pageSize), next: .offset(start + pageSize)),
                                   for: state.pageToLoad!))
        }
        state.send(.selectionMoved(.end))
        let rendered = state  // what the UI keeps while the next page arrives
        state.send(.pageLoaded(Page(items: sampleTitles(99_950 ..< 100_000), next: nil), for: state.pageToLoad!))

        #expect(state.items.count == 100_000)
        #expect(rendered.items.count == 99_950)
        #expect(state.items.chunks.count == 2_000)
        // Every chunk loaded before is the very same storage in both copies: nothing was copied.
        let shared = zip(rendered.items.chunks, state.items.chunks).allSatisfy { old, new in
            old.withUnsafeBufferPointer { $0.baseAddress } == new.withUnsafeBufferPointer { $0.baseAddress }
        }
        #expect(shared)
        #expect(state.items[99_999].id == "t99999")
        #expect(rendered.items[99_949].id == "t99949")
    }
}

@Suite("A chunked list grows at its start too")
struct ChunkedListPrependTests {
    @Test("prepending puts the chunk first and moves the others up")
    func prepend() {
        var list = ChunkedList<Int>()
        list.append(contentsOf: [4, 5])
        list.append(contentsOf: [6])
        list.prepend(contentsOf: [1, 2, 3])
        list.prepend(contentsOf: [])
        #expect(Array(list) == [1, 2, 3, 4, 5, 6])
        #expect(list[3] == 4)
        #expect(list[5] == 6)
        #expect(list.count == 6)
    }

    @Test("titles are written a block a chunk, come back in the same chunks, and a list of earlier versions' objects is read")
    func codable() throws {
        let titles = (0 ..< 5).map { Title(id: "t\($0)", title: "T \($0)", year: 2000 + $0, genre: "Drama", duration: 60, introStart: 0,
                                         introEnd: 0, creditsStart: 50) }
        var list = ChunkedList<Title>()
        list.append(contentsOf: Array(titles[..<2]))
        list.append(contentsOf: Array(titles[2...]))
        let data = try JSONEncoder().encode(list)
        #expect(try JSONDecoder().decode([String].self, from: data).count == 2)
        let read = try JSONDecoder().decode(ChunkedList<Title>.self, from: data)
        #expect(read == list && read.chunks.map(\.count) == [2, 3])

        let objects = String(decoding: try JSONEncoder().encode(titles), as: UTF8.self)
        let earlier = try JSONDecoder().decode(ChunkedList<Title>.self, from: Data("[\(objects),\(objects)]".utf8))
        #expect(earlier.chunks == [titles, titles])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ChunkedList<Title>.self, from: Data(#"["1;9;"]"#.utf8)) }
    }
}
