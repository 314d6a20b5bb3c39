import Synchronization
import Terminal

/// Encoded pictures, kept so that a picture shown again costs a lookup: the least recently
/// used are dropped once the total passes `capacity` bytes (32 MiB by default). Keyed by the
/// picture's identity, the size in cells (and a cell's pixels) and the protocol. Safe from any
/// thread.
///
///     let cache = PictureCache(capacity: 8 << 20)
///     PictureView(picture: poster, protocol: .sixel).render(in: area, on: canvas, cache: cache)
public final class PictureCache: Sendable {
    /// What identifies one encoding.
    public struct Key: Hashable, Sendable {
        /// The picture's identity (`Picture.identity`).
        public var picture: Int
        /// The size in cells the picture was fitted to.
        public var columns: Int
        public var rows: Int
        /// A cell's pixels (1 × 2 for half blocks).
        public var cell: CellPixelSize
        /// The protocol encoded for.
        public var `protocol`: PictureProtocol

        /// The encoding of picture `picture` (its identity) in `columns` × `rows` cells of `cell`
        /// pixels, through `protocol`.
        ///
        ///     PictureCache.Key(picture: poster.identity, columns: 29, rows: 22, cell: PictureView.defaultCell, protocol: .sixel)
        public init(picture: Int, columns: Int, rows: Int, cell: CellPixelSize, protocol way: PictureProtocol) {
            self.picture = picture
            self.columns = columns
            self.rows = rows
            self.cell = cell
            self.protocol = way
        }
    }

    /// One encoding: half-block cells, or protocol bytes.
    ///
    ///     if case .bytes(let sixel) = cache.entry(for: key, make: make) { print(sixel.count) }
    public enum Entry: Sendable {
        /// Half-block cells' colours.
        case blocks(PictureEncoder.Blocks)
        /// Kitty, sixel or direct-colour half-block output.
        case bytes([UInt8])

        var cost: Int {
            switch self {
            case .blocks(let blocks): return blocks.cost
            case .bytes(let bytes): return bytes.count + 64
            }
        }
    }

    private struct State: ~Copyable {
        var entries: [Key: (entry: Entry, used: UInt64)] = [:]
        var total = 0
        var clock: UInt64 = 0
    }

    /// The most bytes the kept encodings may take together.
    public let capacity: Int
    private let state = Mutex(State())

    /// The cache every `PictureView` uses unless given another.
    ///
    ///     PictureCache.shared.totalBytes
    public static let shared = PictureCache()

    /// An empty cache holding at most `capacity` bytes of encodings.
    ///
    ///     PictureCache(capacity: 32 << 20)
    public init(capacity: Int = 32 << 20) {
        self.capacity = capacity
    }

    /// The bytes the kept encodings take now.
    public var totalBytes: Int { state.withLock { $0.total } }

    /// How many encodings are kept.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The encoding for `key`, made by `make` when it is not kept (an encoding larger than the
    /// whole capacity is returned but not kept).
    ///
    ///     cache.entry(for: key) { .bytes(PictureEncoder.sixel(picture, columns: 20, rows: 15, cell: cell)) }
    public func entry(for key: Key, make: () -> Entry) -> Entry {
        if let found = state.withLock({ state -> Entry? in
            guard let found = state.entries[key] else { return nil }
            state.clock += 1
            state.entries[key] = (found.entry, state.clock)
            return found.entry
        }) {
            return found
        }
        let made = make()
        state.withLock { state in
            guard made.cost <= capacity else { return }
            if let old = state.entries[key] { state.total -= old.entry.cost }
            state.clock += 1
            state.entries[key] = (made, state.clock)
            state.total += made.cost
            while state.total > capacity, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.total -= oldest.value.entry.cost
                state.entries[oldest.key] = nil
            }
        }
        return made
    }
}
