/// A list stored as the chunks it arrived in (one per loaded page), which can be let go of
/// from either end a chunk at a time.
///
/// Appending a chunk copies only the list of chunks, never the elements already loaded, even
/// while another copy of the list is alive (as the UI keeps the last rendered state): the old
/// chunks' storage stays shared between the copies. Reading an element finds its chunk by
/// binary search, so `list[i]` costs O(log chunks).
///
///     var list = ChunkedList<Int>()
///     list.append(contentsOf: [1, 2, 3])
///     list.append(contentsOf: [4, 5])
///     list[3]  // 4
package struct ChunkedList<Element> {
    /// The chunks in order; none is empty.
    package private(set) var chunks: [[Element]] = []
    /// `chunkStarts[i]` is the index of the first element of `chunks[i]`.
    @usableFromInline var chunkStarts: [Int] = []
    package private(set) var count = 0

    package init() {}

    package mutating func append(contentsOf chunk: [Element]) {
        guard !chunk.isEmpty else { return }
        chunks.append(chunk)
        chunkStarts.append(count)
        count += chunk.count
    }

    /// Puts `chunk` before the first element: the elements already loaded move up by its count.
    /// Copies the lists of chunks and of their starts, never the elements.
    package mutating func prepend(contentsOf chunk: [Element]) {
        guard !chunk.isEmpty else { return }
        chunks.insert(chunk, at: 0)
        chunkStarts = [0] + chunkStarts.map { $0 + chunk.count }
        count += chunk.count
    }

    package mutating func removeAll() {
        self = ChunkedList()
    }

    /// Lets go of the first chunk: the elements after it move down by its count, which is returned.
    @discardableResult
    package mutating func removeFirstChunk() -> Int {
        precondition(!chunks.isEmpty, "no chunk to remove")
        let removed = chunks.removeFirst().count
        chunkStarts = chunkStarts.dropFirst().map { $0 - removed }
        count -= removed
        return removed
    }

    /// Lets go of the last chunk, and returns its count.
    @discardableResult
    package mutating func removeLastChunk() -> Int {
        precondition(!chunks.isEmpty, "no chunk to remove")
        let removed = chunks.removeLast().count
        chunkStarts.removeLast()
        count -= removed
        return removed
    }

    /// The index of the first element of chunk `chunk`.
    package func start(ofChunk chunk: Int) -> Int {
        chunkStarts[chunk]
    }

    /// Puts `element` in place of element `index`: only its chunk is copied, if shared.
    package mutating func replace(at index: Int, with element: Element) {
        precondition(indices.contains(index), "index \(index) out of 0..<\(count)")
        let chunk = chunkIndex(containing: index)
        chunks[chunk][index - chunkStarts[chunk]] = element
    }

    /// The chunk holding element `index`: the last chunk starting at or before it.
    @inlinable
    package func chunkIndex(containing index: Int) -> Int {
        var low = 0
        var high = chunkStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunkStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension ChunkedList: RandomAccessCollection {
    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    // Inlinable, so that the views reading elements get a version specialized for their type.
    @inlinable
    package subscript(position: Int) -> Element {
        precondition(indices.contains(position), "index \(position) out of 0..<\(count)")
        let chunk = chunkIndex(containing: position)
        return chunks[chunk][position - chunkStarts[chunk]]
    }
}

extension ChunkedList: Equatable where Element: Equatable {
    /// Equal when the elements are. Copies of one list compare in O(1): `Array`'s `==` notices
    /// shared storage before looking at elements.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.chunkStarts == rhs.chunkStarts { return lhs.chunks == rhs.chunks }
        return lhs.elementsEqual(rhs)
    }
}

extension ChunkedList: Sendable where Element: Sendable {}
