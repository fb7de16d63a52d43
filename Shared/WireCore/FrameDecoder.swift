/// Decodes the protobuf body of one frame (the bytes after the 4-byte length).
///
/// Payloads are returned as byte ranges of the input so the caller slices its own buffer
/// without copying; strings and metadata are decoded and validated as UTF-8. Unknown
/// fields are skipped, as protobuf requires; a frame with no body, or any encoding error,
/// is a ``WireProtocolError`` with code `.malformedFrame`.
public enum FrameDecoder {
    /// Decodes `bytes[range]`; payload ranges are indices into `bytes`. A CallStart's method
    /// found in `methodNames` is that table's string, not a new one.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer,
        range: Range<Int>,
        methodNames: MethodNames? = nil
    ) throws(WireProtocolError) -> Frame<Range<Int>> {
        var reader = ProtobufReader(bytes: bytes, base: 0, range: range)
        var callID: UInt32 = 0
        var body: Frame<Range<Int>>.Body?
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch field {
            case 1:
                try ProtobufReader.expect(wireType, 0, field: "Frame.call_id")
                callID = UInt32(truncatingIfNeeded: try reader.readVarint())
            case 2...9:
                try ProtobufReader.expect(wireType, 2, field: "Frame.body")
                let nested = reader.nested(try reader.readLengthDelimited())
                body = try decodeBody(field: field, nested, methodNames: methodNames)
            default:
                try reader.skip(wireType: wireType)
            }
        }
        guard let body else { throw ProtobufReader.malformed("frame has no body") }
        return Frame(callID: callID, body: body)
    }

    private static func decodeBody(
        field: UInt32,
        _ reader: ProtobufReader,
        methodNames: MethodNames?
    ) throws(WireProtocolError) -> Frame<Range<Int>>.Body {
        switch field {
        case 2: return .start(try decodeCallStart(reader, methodNames: methodNames))
        case 3: return .message(try decodeMessage(reader))
        case 4: return .end(try decodeCallEnd(reader))
        case 5:
            var reader = reader
            try skipAll(&reader)
            return .cancel
        case 6: return .credit(UInt32(truncatingIfNeeded: try decodeSingleVarint(reader, name: "Credit.messages")))
        case 7: return .ping(try decodeSingleVarint(reader, name: "Ping.nonce"))
        case 8: return .pong(try decodeSingleVarint(reader, name: "Pong.nonce"))
        default: return .goAway(try decodeGoAway(reader))
        }
    }

    private static func skipAll(_ reader: inout ProtobufReader) throws(WireProtocolError) {
        while !reader.isAtEnd {
            let (_, wireType) = try reader.readTag()
            try reader.skip(wireType: wireType)
        }
    }

    /// Credit, Ping and Pong: a message whose only field (1) is a varint.
    private static func decodeSingleVarint(_ reader: ProtobufReader, name: String) throws(WireProtocolError) -> UInt64 {
        var reader = reader
        var value: UInt64 = 0
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            if field == 1 {
                try ProtobufReader.expect(wireType, 0, field: name)
                value = try reader.readVarint()
            } else {
                try reader.skip(wireType: wireType)
            }
        }
        return value
    }

    private static func decodeCallStart(
        _ reader: ProtobufReader,
        methodNames: MethodNames?
    ) throws(WireProtocolError) -> CallStart<Range<Int>> {
        var reader = reader
        var start = CallStart<Range<Int>>(method: "")
        var payload: Range<Int>?
        var hasPayload = false
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch field {
            case 1:
                try ProtobufReader.expect(wireType, 2, field: "CallStart.method")
                start.method = try reader.readString(interning: methodNames)
            case 2:
                try ProtobufReader.expect(wireType, 0, field: "CallStart.timeout_micros")
                start.timeoutMicros = try reader.readVarint()
            case 3:
                try ProtobufReader.expect(wireType, 2, field: "CallStart.metadata")
                let (key, value) = try decodeMapEntry(reader.nested(try reader.readLengthDelimited()))
                start.metadata[key] = value
            case 4:
                try ProtobufReader.expect(wireType, 2, field: "CallStart.payload")
                payload = reader.external(try reader.readLengthDelimited())
            case 5:
                try ProtobufReader.expect(wireType, 0, field: "CallStart.has_payload")
                hasPayload = try reader.readVarint() != 0
            case 6:
                try ProtobufReader.expect(wireType, 0, field: "CallStart.half_close")
                start.halfClose = try reader.readVarint() != 0
            default:
                try reader.skip(wireType: wireType)
            }
        }
        start.payload = resolvePayload(payload, hasPayload: hasPayload)
        return start
    }

    private static func decodeMessage(_ reader: ProtobufReader) throws(WireProtocolError) -> StreamMessage<Range<Int>> {
        var reader = reader
        var payload: Range<Int>?
        var halfClose = false
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch field {
            case 1:
                try ProtobufReader.expect(wireType, 2, field: "Message.payload")
                payload = reader.external(try reader.readLengthDelimited())
            case 2:
                try ProtobufReader.expect(wireType, 0, field: "Message.half_close")
                halfClose = try reader.readVarint() != 0
            default:
                try reader.skip(wireType: wireType)
            }
        }
        // An absent payload is an empty message (proto3 omits empty bytes).
        let empty = reader.external(reader.position..<reader.position)
        return StreamMessage(payload: payload ?? empty, halfClose: halfClose)
    }

    private static func decodeCallEnd(_ reader: ProtobufReader) throws(WireProtocolError) -> CallEnd<Range<Int>> {
        var reader = reader
        var end = CallEnd<Range<Int>>(status: .ok)
        var payload: Range<Int>?
        var hasPayload = false
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch field {
            case 1:
                try ProtobufReader.expect(wireType, 2, field: "CallEnd.status")
                end.status = try decodeStatus(reader.nested(try reader.readLengthDelimited()))
            case 2:
                try ProtobufReader.expect(wireType, 2, field: "CallEnd.trailers")
                let (key, value) = try decodeMapEntry(reader.nested(try reader.readLengthDelimited()))
                end.trailers[key] = value
            case 3:
                try ProtobufReader.expect(wireType, 2, field: "CallEnd.payload")
                payload = reader.external(try reader.readLengthDelimited())
            case 4:
                try ProtobufReader.expect(wireType, 0, field: "CallEnd.has_payload")
                hasPayload = try reader.readVarint() != 0
            default:
                try reader.skip(wireType: wireType)
            }
        }
        end.payload = resolvePayload(payload, hasPayload: hasPayload)
        return end
    }

    /// A payload is present when `has_payload` is set (an empty message) or when payload bytes arrived.
    private static func resolvePayload(_ payload: Range<Int>?, hasPayload: Bool) -> Range<Int>? {
        if let payload { return payload.isEmpty && !hasPayload ? nil : payload }
        return hasPayload ? 0..<0 : nil
    }

    private static func decodeStatus(_ reader: ProtobufReader) throws(WireProtocolError) -> Status {
        var reader = reader
        var status = Status(code: .ok)
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch field {
            case 1:
                try ProtobufReader.expect(wireType, 0, field: "Status.code")
                status.code = StatusCode(rawValue: UInt32(truncatingIfNeeded: try reader.readVarint()))
            case 2:
                try ProtobufReader.expect(wireType, 2, field: "Status.message")
                status.message = try reader.readString()
            case 3:
                try ProtobufReader.expect(wireType, 2, field: "Status.details")
                let range = try reader.readLengthDelimited()
                status.details.append(Array(UnsafeRawBufferPointer(rebasing: reader.bytes[range])))
            default:
                try reader.skip(wireType: wireType)
            }
        }
        return status
    }

    private static func decodeGoAway(_ reader: ProtobufReader) throws(WireProtocolError) -> GoAway {
        var reader = reader
        var goAway = GoAway(lastCallID: 0, reason: "")
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch field {
            case 1:
                try ProtobufReader.expect(wireType, 0, field: "GoAway.last_call_id")
                goAway.lastCallID = UInt32(truncatingIfNeeded: try reader.readVarint())
            case 2:
                try ProtobufReader.expect(wireType, 2, field: "GoAway.reason")
                goAway.reason = try reader.readString()
            default:
                try reader.skip(wireType: wireType)
            }
        }
        return goAway
    }

    private static func decodeMapEntry(_ reader: ProtobufReader) throws(WireProtocolError) -> (String, String) {
        var reader = reader
        var key = ""
        var value = ""
        while !reader.isAtEnd {
            let (field, wireType) = try reader.readTag()
            switch field {
            case 1:
                try ProtobufReader.expect(wireType, 2, field: "map key")
                key = try reader.readString()
            case 2:
                try ProtobufReader.expect(wireType, 2, field: "map value")
                value = try reader.readString()
            default:
                try reader.skip(wireType: wireType)
            }
        }
        return (key, value)
    }
}
