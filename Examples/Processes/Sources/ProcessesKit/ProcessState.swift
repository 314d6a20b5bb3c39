import SpindleUI
import Terminal

/// Everything the process browser shows, as a value. The reducer is the only thing that changes it.
public struct ProcessState: Equatable, Sendable {
    /// Every process of the last sample, with its CPU use.
    public var rows: [ProcessRow] = []
    /// The clocks of the last sample: the next one's CPU use is counted from them.
    public var times: CPUTimes?
    /// The rows the table shows: filtered, then sorted (the reducer keeps them so).
    public var shown: [ProcessRow] = []
    public var sort = ProcessSort.cpu
    public var filter = ""
    /// The filter being typed; nil when not typing it.
    public var filterInput: TextInput?
    /// The selection over `shown`; it follows `selectedPid` when the rows change.
    public var list: ListViewport
    /// The process chosen (by moving to it, or by keeping a filter); nil keeps the selection on
    /// its row, the busiest process at the start.
    public var selectedPid: Int32?
    public var isDetailShown = false
    public var isHelpShown = false
    public var isQuitting = false
    /// Whether a refresh was asked for and not read yet (the first one from the start).
    public var isRefreshing = true
    public var error: String?
    public var size: Size

    public init(size: Size = Size(rows: 24, columns: 80)) {
        self.size = size
        self.list = ListViewport(height: ProcessLayout(size: size, isDetailShown: false).tableRows)
    }

    public var selected: ProcessRow? { shown.indices.contains(list.selection) ? shown[list.selection] : nil }
    /// A refresh for the sampler to read; nil when there is none.
    public var refreshToRead: Bool? { isRefreshing ? true : nil }
}
