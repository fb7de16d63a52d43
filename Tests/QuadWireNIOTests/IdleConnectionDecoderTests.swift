import NIOCore
import NIOEmbedded
import QuadWireCore
@testable import QuadWireNIO
import Testing

/// What a quiet connection's frame decoder keeps: a frame cut across reads survives the quiet
/// spell between them, and a connection that carried only small frames still takes a large one.
@Suite struct IdleConnectionDecoderTests {
    private static func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FrameDecoderHandler()))
        return channel
    }

    private static func encoded(callID: UInt32, payload: ByteBuffer) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeFrame(Frame(callID: callID, body: .message(StreamMessage(payload: payload))))
        return buffer
    }

    private static func payload(of frame: Frame<ByteBuffer>?) -> ByteBuffer? {
        guard case .message(let message) = frame?.body else { return nil }
        return message.payload
    }

    @Test func aFrameCutAcrossReadsIsKeptThroughTheQuietSpell() throws {
        let channel = try Self.channel()
        let payload = ByteBuffer(repeating: 0x41, count: 3_000)
        var bytes = Self.encoded(callID: 1, payload: payload)
        let head = bytes.readSlice(length: 1_000)!
        try channel.writeInbound(head)
        channel.embeddedEventLoop.run()
        #expect(try channel.readInbound(as: Frame<ByteBuffer>.self) == nil)
        // Nothing arrives for a while; then the rest of the frame.
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        try channel.writeInbound(bytes)
        let frame = try channel.readInbound(as: Frame<ByteBuffer>.self)
        #expect(frame?.callID == 1)
        #expect(Self.payload(of: frame) == payload)
        #expect(try channel.finish().isClean)
    }

    @Test func aQuietConnectionOfSmallFramesTakesALargeOne() throws {
        let channel = try Self.channel()
        for id: UInt32 in 1...3 {
            try channel.writeInbound(Self.encoded(callID: id, payload: ByteBuffer(bytes: [0x0a, 0x01, 0x41])))
            #expect(try channel.readInbound(as: Frame<ByteBuffer>.self)?.callID == id)
        }
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        let large = ByteBuffer(repeating: 0x42, count: 1 << 20)
        var bytes = Self.encoded(callID: 5, payload: large)
        // In reads of at most 64 KiB, as a socket delivers it.
        while bytes.readableBytes > 0 {
            try channel.writeInbound(bytes.readSlice(length: min(65_536, bytes.readableBytes))!)
        }
        let frame = try channel.readInbound(as: Frame<ByteBuffer>.self)
        #expect(frame?.callID == 5)
        #expect(Self.payload(of: frame) == large)
        #expect(try channel.finish().isClean)
    }
}
