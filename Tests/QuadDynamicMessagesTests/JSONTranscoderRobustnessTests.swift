import QuadDynamicMessages
import Testing

@Suite("JSONTranscoder survives hostile input")
struct JSONTranscoderRobustnessTests {
    let transcoder = Fixtures.transcoder

    /// A small seeded generator, so a failure repeats.
    private struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    @Test(
        "random and truncated binary either transcodes or throws TranscodingError",
        arguments: ["quad.identity.v1.RegisterRequest", "quad.wire.v1.Frame", "google.protobuf.FileDescriptorProto"]
    )
    func randomBinary(messageType: String) throws {
        var random = SplitMix64(state: 42)
        let valid: [UInt8] = try Sample.frameWithStart.serializedBytes()
        for round in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            if round % 2 == 0 { bytes = Array(valid.prefix(round % valid.count)) + bytes.prefix(round % 5) }
            do {
                _ = try transcoder.json(fromBinary: bytes, messageType: messageType)
            } catch let error as TranscodingError {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test("deeply nested JSON and binary are refused, not overflowed")
    func deepNesting() throws {
        let json = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: TranscodingError.self) {
            try transcoder.binary(fromJSON: json, messageType: "quad.wire.v1.Frame")
        }
        // FileDescriptorProto.message_type (4) -> DescriptorProto.nested_type (3) -> ... 200 levels
        var bytes: [UInt8] = []
        for level in 0..<200 {
            let tag: UInt8 = level == 199 ? 0x22 : 0x1A
            bytes = [tag] + varint(bytes.count) + bytes
        }
        #expect(throws: TranscodingError.self) {
            try transcoder.json(fromBinary: bytes, messageType: "google.protobuf.FileDescriptorProto")
        }
    }

    private func varint(_ value: Int) -> [UInt8] {
        var value = UInt64(value)
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }
}
