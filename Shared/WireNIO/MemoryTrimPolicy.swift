/// When a server gives freed memory back to the system (issue 11, item 7). glibc's allocator
/// keeps memory freed by many connections (their TLS state and buffers) in its arenas; after a
/// storm of connections the process would stay at its peak size. Once the open connections have
/// fallen to half of their peak since the last trim, with at least `minimumDrop` fewer, the
/// server calls `malloc_trim(0)`, which returns the free pages of every arena.
///
/// Pure: the server feeds it connection counts and performs the trim it asks for.
struct MemoryTrimPolicy: Sendable {
    /// Connections that must have closed since the peak before a trim is worth its cost.
    let minimumDrop: Int
    private var peak = 0

    init(minimumDrop: Int = 1_000) {
        self.minimumDrop = minimumDrop
    }

    /// A connection opened; `count` are open now.
    mutating func opened(count: Int) {
        peak = max(peak, count)
    }

    /// A connection closed; `count` are open now. True: trim now.
    mutating func closed(count: Int) -> Bool {
        guard peak - count >= minimumDrop, count * 2 <= peak else { return false }
        peak = count
        return true
    }
}
