package import NIOCore
package import QuadWire
package import QuadWireCore

/// The checks a server makes on a CallStart before any handler runs, and the deadline it
/// gives the call: shared by the wire's connection handler and the in-process transport, so
/// both refuse the same calls with the same statuses.
package enum ServerCallAcceptance {
    /// Whether a call may start.
    package enum Decision {
        case accept(RegisteredMethod)
        /// End the call at once with this status; no handler runs.
        case refuse(Status)
    }

    /// Checks the method (UNIMPLEMENTED when the router has none), the metadata keys
    /// (INVALID_ARGUMENT unless lower-case ASCII), and that a unary or server-streaming call
    /// carries its one request in the CallStart with half-close (INVALID_ARGUMENT).
    package static func check(_ start: CallStart<ByteBuffer>, router: Router) -> Decision {
        guard let method = router.method(named: start.method) else {
            return .refuse(Status(code: .unimplemented, message: "unknown method '\(start.method)'"))
        }
        if let bad = start.metadata.keys.first(where: { !isValidMetadataKey($0) }) {
            return .refuse(Status(code: .invalidArgument, message: "metadata key '\(bad)' is not lower-case ASCII"))
        }
        let needsOneRequest = method.descriptor.kind == .unary || method.descriptor.kind == .serverStreaming
        if needsOneRequest && (start.payload == nil || !start.halfClose) {
            return .refuse(
                Status(
                    code: .invalidArgument,
                    message:
                        "\(method.descriptor.kind.rawValue) method \(start.method) takes its one request in the CallStart, with half_close"
                )
            )
        }
        return .accept(method)
    }

    /// The caller's timeout (`nil` when it sent none) and the one the server enforces: the
    /// caller's capped by `cap`, the cap alone when the caller sent none.
    package static func timeouts(requestedMicros: UInt64, cap: Duration?) -> (requested: Duration?, enforced: Duration?)
    {
        let requested = requestedMicros > 0 ? Duration.microseconds(Int64(clamping: requestedMicros)) : nil
        var enforced = requested
        if let cap { enforced = min(enforced ?? cap, cap) }
        return (requested, enforced)
    }

    /// The CallStart's `timeout_micros` for a caller's timeout: at least 1 (0 means none).
    package static func timeoutMicros(_ timeout: Duration?) -> UInt64 {
        guard let timeout else { return 0 }
        let micros = max(1, timeout.components.seconds * 1_000_000 + timeout.components.attoseconds / 1_000_000_000_000)
        return UInt64(max(0, micros))
    }

    package static func isValidMetadataKey(_ key: String) -> Bool {
        !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2d || byte == 0x5f
                    || byte == 0x2e
            }
    }
}
