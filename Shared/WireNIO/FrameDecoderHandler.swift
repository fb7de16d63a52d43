public import NIOCore
public import QuadWireCore

/// Splits the byte stream into frames and decodes them; payloads are slices of the
/// received buffer (no copy). A broken or oversized frame throws ``WireProtocolError``,
/// which the connection handler answers with GoAway and close.
public struct FrameDecoderHandler: ByteToMessageDecoder {
    public typealias InboundOut = Frame<ByteBuffer>

    private let splitter: FrameSplitter
    /// A server's method names: CallStarts naming one decode without allocating the name.
    private let methodNames: MethodNames?

    public init(maxFrameSize: Int = FrameSplitter.defaultMaxFrameSize, methodNames: MethodNames? = nil) {
        self.splitter = FrameSplitter(maxFrameSize: maxFrameSize)
        self.methodNames = methodNames
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let frame = try Self.nextFrame(in: &buffer, splitter: splitter, methodNames: methodNames) else {
            return .needMoreData
        }
        context.fireChannelRead(Self.wrapInboundOut(frame))
        return .continue
    }

    public mutating func decodeLast(
        context: ChannelHandlerContext,
        buffer: inout ByteBuffer,
        seenEOF: Bool
    ) throws -> DecodingState {
        // A partial frame at EOF is dropped: the peer closed mid-frame and nobody is left to tell.
        while let frame = try Self.nextFrame(in: &buffer, splitter: splitter, methodNames: methodNames) {
            context.fireChannelRead(Self.wrapInboundOut(frame))
        }
        return .needMoreData
    }

    /// Takes one complete frame off the front of `buffer`, if there is one.
    static func nextFrame(
        in buffer: inout ByteBuffer,
        splitter: FrameSplitter,
        methodNames: MethodNames? = nil
    ) throws -> Frame<ByteBuffer>? {
        let decoded = try buffer.withUnsafeReadableBytes {
            bytes throws(WireProtocolError) -> (Frame<Range<Int>>, Int)? in
            guard let body = try splitter.nextFrame(in: bytes) else { return nil }
            return (try FrameDecoder.decode(bytes, range: body, methodNames: methodNames), body.upperBound)
        }
        guard let (frame, consumed) = decoded else { return nil }
        let base = buffer.readerIndex
        let sliced = frame.mapPayload { range in
            buffer.getSlice(at: base + range.lowerBound, length: range.count)!
        }
        buffer.moveReaderIndex(forwardBy: consumed)
        return sliced
    }
}
