@testable import GatewayDomain
import Testing
import QuadTestSupport

@Suite("LRUMap")
struct LRUMapTests {
    @Test("evicts in order of last use, and modifying a value counts as use")
    func order() {
        var map = LRUMap<String, Int>()
        map.set(1, for: "a")
        map.set(2, for: "b")
        map.set(3, for: "c")
        #expect(map.modify("a") { $0 += 10 } != nil)
        #expect(map.removeOldest()! == ("b", 2))
        #expect(map.removeOldest()! == ("c", 3))
        #expect(map.removeOldest()! == ("a", 11))
        #expect(map.removeOldest() == nil)
        #expect(map.oldestKey == nil && map.newestKey == nil)
    }

    @Test("agrees with a simple list over random operations", arguments: randomSeeds)
    func randomized(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var map = LRUMap<Int, Int>()
        var model: [(key: Int, value: Int)] = []  // oldest first

        for step in 0..<5_000 {
            let key = Int.random(in: 0..<12, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                map.set(step, for: key)
                model.removeAll { $0.key == key }
                model.append((key, step))
            case 1:
                let changed: Void? = map.modify(key) { $0 = step }
                #expect((changed != nil) == model.contains { $0.key == key })
                if let index = model.firstIndex(where: { $0.key == key }) {
                    model.remove(at: index)
                    model.append((key, step))
                }
            case 2:
                let removed = map.remove(key)
                #expect(removed == model.first { $0.key == key }?.value)
                model.removeAll { $0.key == key }
            default:
                let oldest = map.removeOldest()
                #expect(oldest?.key == model.first?.key && oldest?.value == model.first?.value)
                if !model.isEmpty { model.removeFirst() }
            }
            #expect(map.count == model.count)
            #expect(map.oldestKey == model.first?.key && map.newestKey == model.last?.key)
            #expect(map.peek(key) == model.first { $0.key == key }?.value)
        }
    }
}
