/// A dictionary that remembers the order its keys were last used in, so the least recently used can be evicted.
///
/// A doubly linked list threaded through the dictionary's own entries (each node names its older and newer
/// neighbour by key): every operation is O(1) and there is no separate list to keep in step.
struct LRUMap<Key: Hashable, Value> {
    fileprivate struct Node {
        var value: Value
        var older: Key?
        var newer: Key?
    }

    private var nodes: [Key: Node] = [:]
    /// The least recently used key.
    private(set) var oldestKey: Key?
    /// The most recently used key.
    private(set) var newestKey: Key?

    /// The number of entries.
    var count: Int { nodes.count }

    /// The value for `key`, without marking it used.
    func peek(_ key: Key) -> Value? { nodes[key]?.value }

    /// Every key, in no particular order.
    var keys: [Key] { Array(nodes.keys) }

    /// Marks `key` as the most recently used and changes its value in place; `nil` when absent.
    mutating func modify<R>(_ key: Key, _ body: (inout Value) -> R) -> R? {
        guard nodes[key] != nil else { return nil }
        moveToNewest(key)
        return body(&nodes[key]!.value)
    }

    /// Adds `value` under `key` (replacing any) as the most recently used.
    mutating func set(_ value: Value, for key: Key) {
        if nodes[key] != nil {
            nodes[key]!.value = value
            moveToNewest(key)
            return
        }
        nodes[key] = Node(value: value, older: newestKey, newer: nil)
        if let newestKey { nodes[newestKey]!.newer = key } else { oldestKey = key }
        newestKey = key
    }

    /// Removes `key`; its value, if it was there.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let node = nodes.removeValue(forKey: key) else { return nil }
        if let older = node.older { nodes[older]!.newer = node.newer } else { oldestKey = node.newer }
        if let newer = node.newer { nodes[newer]!.older = node.older } else { newestKey = node.older }
        return node.value
    }

    /// Removes the least recently used entry.
    mutating func removeOldest() -> (key: Key, value: Value)? {
        guard let key = oldestKey, let value = remove(key) else { return nil }
        return (key, value)
    }

    private mutating func moveToNewest(_ key: Key) {
        guard newestKey != key, let value = remove(key) else { return }
        set(value, for: key)
    }
}

extension LRUMap: Sendable where Key: Sendable, Value: Sendable {}
extension LRUMap.Node: Sendable where Key: Sendable, Value: Sendable {}
