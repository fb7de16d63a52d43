/// A bounded set of call ids that ended recently.
///
/// A peer may still send frames for a call that the other side just ended (they crossed
/// on the wire); those frames are ignored rather than treated as protocol errors. The
/// set remembers the last `capacity` ids only, so its memory is bounded.
///
/// Storage grows with the calls that end, up to `capacity`, rather than being reserved up
/// front: a connection that made a few calls and then idles holds a few ids, not 12 KiB of
/// empty ring and set (issue 17 item 5).
struct RecentCallIDs {
    let capacity: Int
    private var ring: [UInt32] = []
    private var next = 0
    private var members: Set<UInt32> = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Ids remembered now (at most `capacity`).
    var count: Int { members.count }

    func contains(_ id: UInt32) -> Bool { members.contains(id) }

    mutating func insert(_ id: UInt32) {
        guard !members.contains(id) else { return }
        members.insert(id)
        if ring.count < capacity {
            ring.append(id)
            return
        }
        let evicted = ring[next]
        if evicted != 0 { members.remove(evicted) }
        ring[next] = id
        next = (next + 1) % capacity
    }

    mutating func remove(_ id: UInt32) {
        guard members.remove(id) != nil, let index = ring.firstIndex(of: id) else { return }
        ring[index] = 0
    }
}
