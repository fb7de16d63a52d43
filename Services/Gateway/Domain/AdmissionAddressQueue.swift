/// The calls one client address has waiting in a partition of ``PartitionedAdmission``, kept per
/// user and taken round-robin across its users, oldest first within each.
struct AdmissionAddressQueue {
    struct Entry {
        var ticket: PartitionedAdmission.Ticket
        var enqueuedAt: Duration
    }

    /// Waiting calls per user, oldest first.
    private(set) var users: [String: [Entry]] = [:]
    /// Users with waiting calls, in round-robin order.
    private var order: [String] = []
    /// Calls waiting, all users together.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    func count(of user: String) -> Int { users[user]?.count ?? 0 }

    mutating func append(_ entry: Entry, user: String) {
        if users[user, default: []].isEmpty { order.append(user) }
        users[user, default: []].append(entry)
        count += 1
    }

    /// The oldest call (the newest when `newest`) of the user whose turn it is; that user goes to
    /// the back of the turn.
    mutating func takeNext(newest: Bool = false) -> Entry? {
        guard !order.isEmpty else { return nil }
        let user = order.removeFirst()
        var entries = users[user] ?? []
        let entry = newest ? entries.removeLast() : entries.removeFirst()
        users[user] = entries.isEmpty ? nil : entries
        if !entries.isEmpty { order.append(user) }
        count -= 1
        return entry
    }

    /// Takes a call out (withdrawn); false when it is not here.
    mutating func remove(_ ticket: PartitionedAdmission.Ticket, user: String) -> Bool {
        guard var entries = users[user], let index = entries.firstIndex(where: { $0.ticket == ticket }) else {
            return false
        }
        entries.remove(at: index)
        settle(user, entries)
        count -= 1
        return true
    }

    /// The user with the most calls waiting and how many.
    var heaviestUser: (user: String, count: Int)? {
        users.max(by: { $0.value.count < $1.value.count }).map { ($0.key, $0.value.count) }
    }

    /// Takes out the newest call of `user`.
    mutating func removeNewest(of user: String) -> Entry? {
        guard var entries = users[user], let newest = entries.popLast() else { return nil }
        settle(user, entries)
        count -= 1
        return newest
    }

    /// Takes out every call that has waited longer than `longest` at `now`, and answers them with
    /// the shortest wait among them (what admission observes of the queue).
    mutating func expire(longerThan longest: Duration, now: Duration) -> (expired: [Entry], shortestWait: Duration?) {
        var expired: [Entry] = []
        var shortest: Duration?
        for user in order {
            guard let entries = users[user] else { continue }
            var cut = 0
            while cut < entries.count, now - entries[cut].enqueuedAt > longest { cut += 1 }
            guard cut > 0 else { continue }
            let wait = now - entries[cut - 1].enqueuedAt
            shortest = min(shortest ?? wait, wait)
            expired += entries[..<cut]
            settle(user, Array(entries[cut...]))
            count -= cut
        }
        return (expired, shortest)
    }

    private mutating func settle(_ user: String, _ entries: [Entry]) {
        users[user] = entries.isEmpty ? nil : entries
        if entries.isEmpty { order.removeAll { $0 == user } }
    }
}
