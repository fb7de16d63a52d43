/// A bounded set of call ids that ended recently.
///
/// A peer may still send frames for a call that the other side just ended (they crossed
/// on the wire); those frames are ignored rather than treated as protocol errors. The
/// set remembers the last `capacity` ids only, so its memory is bounded.
struct RecentCallIDs {
    private var ring: [UInt32]
    private var next = 0
    private var members: Set<UInt32> = []

    init(capacity: Int) {
        ring = Array(repeating: 0, count: max(capacity, 1))
        members.reserveCapacity(max(capacity, 1))
    }

    func contains(_ id: UInt32) -> Bool { members.contains(id) }

    mutating func insert(_ id: UInt32) {
        guard !members.contains(id) else { return }
        let evicted = ring[next]
        if evicted != 0 { members.remove(evicted) }
        ring[next] = id
        next = (next + 1) % ring.count
        members.insert(id)
    }

    mutating func remove(_ id: UInt32) {
        guard members.remove(id) != nil, let index = ring.firstIndex(of: id) else { return }
        ring[index] = 0
    }
}
