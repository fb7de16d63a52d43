/// Which connections a server accepts (issue 11, item 7): at most `maxPerAddress` from one client
/// address and `maxTotal` in all, decided as each is accepted, before any TLS work, so a storm of
/// connections costs an accept and a close each. At the total cap, a newcomer takes the place of
/// the oldest connection still in its TLS handshake (a silent connection is far more likely a
/// storm than a client) and is refused only when every open connection has finished its
/// handshake.
///
/// Pure: ``QuadServer`` holds it behind a lock and performs what it decides.
struct ConnectionLimiter: Sendable {
    /// What to do with a connection just accepted.
    enum Decision: Sendable, Hashable {
        case accept
        /// Accept, and close this older connection, still in its handshake, to make room.
        case acceptEvicting(UInt64)
        /// Close it at once: its address already has `maxPerAddress` open.
        case refusePerAddress(limit: Int)
        /// Close it at once: `maxTotal` are open, all past their handshake.
        case refuseTotal(limit: Int)
    }

    let maxPerAddress: Int?
    let maxTotal: Int
    private var open: [UInt64: (host: String, handshaking: Bool)] = [:]
    private var perAddress: [String: Int] = [:]
    /// Connections in their handshake, oldest first; ids that finished or closed are skipped lazily.
    private var handshaking: [UInt64] = []
    private var handshakingStart = 0

    init(maxPerAddress: Int?, maxTotal: Int) {
        precondition(maxTotal >= 1 && (maxPerAddress ?? 1) >= 1)
        self.maxPerAddress = maxPerAddress
        self.maxTotal = maxTotal
    }

    /// Connections open now.
    var count: Int { open.count }

    /// Connections open from `host` now.
    func count(from host: String) -> Int { perAddress[host] ?? 0 }

    /// Connection `id` from `host` was accepted; `handshake`: it must finish a TLS handshake
    /// before it counts as established.
    mutating func accepted(_ id: UInt64, from host: String, handshake: Bool) -> Decision {
        if let limit = maxPerAddress, perAddress[host, default: 0] >= limit { return .refusePerAddress(limit: limit) }
        var evicted: UInt64?
        if open.count >= maxTotal {
            guard let oldest = popOldestHandshaking() else { return .refuseTotal(limit: maxTotal) }
            closed(oldest)
            evicted = oldest
        }
        open[id] = (host, handshake)
        perAddress[host, default: 0] += 1
        if handshake { handshaking.append(id) }
        return evicted.map { .acceptEvicting($0) } ?? .accept
    }

    /// Connection `id` finished its handshake: it is no longer the first to make room.
    mutating func handshakeCompleted(_ id: UInt64) {
        open[id]?.handshaking = false
    }

    /// Connection `id` closed (or was evicted); unknown ids are ignored.
    mutating func closed(_ id: UInt64) {
        guard let (host, _) = open.removeValue(forKey: id) else { return }
        let remaining = (perAddress[host] ?? 1) - 1
        perAddress[host] = remaining > 0 ? remaining : nil
        if open.isEmpty {
            handshaking.removeAll(keepingCapacity: false)
            handshakingStart = 0
        }
    }

    private mutating func popOldestHandshaking() -> UInt64? {
        defer { compact() }
        while handshakingStart < handshaking.count {
            let id = handshaking[handshakingStart]
            handshakingStart += 1
            if open[id]?.handshaking == true { return id }
        }
        return nil
    }

    /// Drops skipped ids once they are most of the list, keeping it proportional to what is open.
    private mutating func compact() {
        guard handshakingStart > 1024, handshakingStart * 2 > handshaking.count else { return }
        handshaking.removeFirst(handshakingStart)
        handshakingStart = 0
    }
}
