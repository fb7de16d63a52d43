@testable import QuadServiceKit
import Testing

@Suite("PeerNameCache: a peer's certificate parsed once (issue 12 item 5)")
struct PeerNameCacheTests {
    @Test("the same certificate is held once however many calls present it; bytes that are no certificate name no one")
    func sameCertificateOnce() {
        let cache = PeerNameCache()
        let notACertificate: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x07]
        for _ in 0..<100 { #expect(cache.name(of: notACertificate) == .unknown) }
        #expect(cache.count == 1)
        #expect(cache.name(of: [0x30, 0x00]) == .unknown)
        #expect(cache.count == 2)
    }

    @Test("a peer presenting ever new certificates never holds more than the capacity")
    func bounded() {
        let cache = PeerNameCache()
        for value in 0..<(PeerNameCache.capacity * 2 + 3) {
            _ = cache.name(of: [0x30, UInt8(value & 0xFF), UInt8(value >> 8)])
            #expect(cache.count <= PeerNameCache.capacity)
        }
        #expect(cache.count == 3)
    }
}
