import Foundation
import QuadServiceKit
import Testing

@Suite("EntityID: UUIDv7-shaped ids as 32 lower-case hex digits")
struct EntityIDTests {
    @Test("the time in milliseconds first, then version 7 and the RFC 9562 variant")
    func layout() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000.123)
        let id = EntityID.generate(now: now)
        #expect(id.utf8.count == 32)
        #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(UInt64(id.prefix(12), radix: 16) == 1_795_000_000_123)
        #expect(Array(id)[12] == "7")
        #expect("89ab".contains(Array(id)[16]))
    }

    @Test("ids sort by time, and ten thousand made in one millisecond are all different")
    func sortableAndUnique() {
        let earlier = EntityID.generate(now: Date(timeIntervalSince1970: 1_000))
        let later = EntityID.generate(now: Date(timeIntervalSince1970: 1_000.002))
        #expect(earlier < later)
        let now = Date()
        #expect(Set((0..<10_000).map { _ in EntityID.generate(now: now) }).count == 10_000)
    }
}
