extension ServedContent: CustomStringConvertible {
    /// "4194304 bytes" (never the bytes: a failed expectation prints this).
    package var description: String { "\(size) bytes" }
}
