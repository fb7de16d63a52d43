import Foundation
import QuadContracts
import QuadWireCore
import SwiftProtobuf
import Testing

/// The hand-written codec is checked against SwiftProtobuf's generated `quad.wire.v1.Frame`.
@Suite("Frame codec")
struct FrameCodecTests {
    static let frames: [Frame<[UInt8]>] = [
        Frame(
            callID: 1,
            body: .start(
                CallStart(
                    method: "quad.identity.v1.Identity/Login",
                    timeoutMicros: 1_500_000,
                    metadata: ["authorization": "Bearer x", "x-request-id": "r1"],
                    payload: [1, 2, 3],
                    halfClose: true
                )
            )
        ),
        Frame(callID: 2, body: .start(CallStart(method: "a.B/C", payload: [], halfClose: false))),
        Frame(callID: 3, body: .start(CallStart(method: "a.B/C"))),
        Frame(callID: 4, body: .message(StreamMessage(payload: [9, 9], halfClose: true))),
        Frame(callID: 4, body: .message(StreamMessage(payload: [], halfClose: false))),
        Frame(
            callID: 5,
            body: .end(
                CallEnd(
                    status: Status(code: .notFound, message: "no such user", details: [[7]]),
                    trailers: ["retry-after-seconds": "3"],
                    payload: nil
                )
            )
        ),
        Frame(callID: 5, body: .end(CallEnd(status: .ok, payload: []))),
        Frame(callID: 6, body: .cancel),
        Frame(callID: 6, body: .credit(8)),
        Frame(callID: 0, body: .ping(UInt64.max)),
        Frame(callID: 0, body: .pong(0)),
        Frame(callID: 0, body: .goAway(GoAway(lastCallID: 41, reason: "server is shutting down"))),
        Frame(callID: UInt32.max, body: .credit(UInt32.max)),
    ]

    static func decode(_ bytes: [UInt8]) throws -> Frame<[UInt8]> {
        try bytes.withUnsafeBytes { raw in
            let body = try #require(try FrameSplitter().nextFrame(in: raw))
            #expect(body.upperBound == bytes.count)
            return try FrameDecoder.decode(raw, range: body).mapPayload { Array(raw[$0]) }
        }
    }

    @Test("encode then decode gives the same frame", arguments: frames)
    func roundTrip(_ frame: Frame<[UInt8]>) throws {
        #expect(try Self.decode(FrameEncoder.encode(frame)) == frame)
    }

    @Test("what we encode, SwiftProtobuf decodes to the same fields", arguments: frames)
    func readableBySwiftProtobuf(_ frame: Frame<[UInt8]>) throws {
        let bytes = FrameEncoder.encode(frame)
        let length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        #expect(length == bytes.count - 4)
        let decoded = try Quad_Wire_V1_Frame(serializedBytes: Array(bytes[4...]))
        #expect(decoded.callID == frame.callID)
        switch frame.body {
        case .start(let start):
            #expect(decoded.start.method == start.method)
            #expect(decoded.start.timeoutMicros == start.timeoutMicros)
            #expect(decoded.start.metadata == start.metadata)
            #expect(decoded.start.hasPayload_p == (start.payload != nil))
            #expect([UInt8](decoded.start.payload) == (start.payload ?? []))
            #expect(decoded.start.halfClose == start.halfClose)
        case .message(let message):
            #expect([UInt8](decoded.message.payload) == message.payload)
            #expect(decoded.message.halfClose == message.halfClose)
        case .end(let end):
            #expect(decoded.end.status.code == end.status.code.rawValue)
            #expect(decoded.end.status.message == end.status.message)
            #expect(decoded.end.status.details.map { [UInt8]($0) } == end.status.details)
            #expect(decoded.end.trailers == end.trailers)
            #expect(decoded.end.hasPayload_p == (end.payload != nil))
        case .cancel: #expect(decoded.body == .cancel(Quad_Wire_V1_Cancel()))
        case .credit(let n): #expect(decoded.credit.messages == n)
        case .ping(let nonce): #expect(decoded.ping.nonce == nonce)
        case .pong(let nonce): #expect(decoded.pong.nonce == nonce)
        case .goAway(let goAway):
            #expect(decoded.goAway.lastCallID == goAway.lastCallID)
            #expect(decoded.goAway.reason == goAway.reason)
        }
    }

    @Test("what SwiftProtobuf encodes, we decode (unknown fields skipped)")
    func readsSwiftProtobuf() throws {
        var frame = Quad_Wire_V1_Frame()
        frame.callID = 77
        frame.start.method = "quad.health.v1.Health/Check"
        frame.start.metadata = ["traceparent": "00-abc"]
        frame.start.payload = Data([4, 5])
        frame.start.hasPayload_p = true
        frame.start.halfClose = true
        var body: [UInt8] = try frame.serializedBytes()
        body += [0xa0, 0x06, 0x01]  // unknown field 100, varint 1
        let bytes = [UInt8(0), 0, UInt8(body.count >> 8), UInt8(body.count & 0xff)] + body
        let decoded = try Self.decode(bytes)
        #expect(
            decoded
                == Frame(
                    callID: 77,
                    body: .start(
                        CallStart(
                            method: "quad.health.v1.Health/Check",
                            metadata: ["traceparent": "00-abc"],
                            payload: [4, 5],
                            halfClose: true
                        )
                    )
                )
        )
    }

    @Test(
        "malformed bodies are refused with a reason",
        arguments: [
            ([UInt8](), "no body"),
            ([0x08, 0x01], "no body"),
            ([0x12, 0x05, 0x0a], "overruns"),
            ([0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01], "varint"),
            ([0x12, 0x03, 0x0a, 0x01, 0xff], "UTF-8"),
            ([0x10, 0x01], "wire type"),
            ([0x0b], "wire type"),
        ] as [([UInt8], String)]
    )
    func malformed(_ body: [UInt8], _ reason: String) {
        #expect {
            try body.withUnsafeBytes { raw throws in _ = try FrameDecoder.decode(raw, range: 0..<raw.count) }
        } throws: { error in
            guard let error = error as? WireProtocolError else { return false }
            return error.code == .malformedFrame && error.reason.contains(reason)
        }
    }

    @Test("the splitter waits for a whole frame and refuses lengths over the limit")
    func splitter() throws {
        let splitter = FrameSplitter(maxFrameSize: 10)
        func split(_ bytes: [UInt8]) throws -> Range<Int>? {
            try bytes.withUnsafeBytes { raw throws -> Range<Int>? in try splitter.nextFrame(in: raw) }
        }
        #expect(try split([0, 0, 0]) == nil)
        #expect(try split([0, 0, 0, 2, 1]) == nil)
        #expect(try split([0, 0, 0, 2, 1, 2, 3]) == 4..<6)
        #expect(
            throws: WireProtocolError(code: .frameTooLarge, reason: "frame of 11 bytes exceeds the limit of 10 bytes")
        ) {
            try split([0, 0, 0, 11])
        }
    }
}
