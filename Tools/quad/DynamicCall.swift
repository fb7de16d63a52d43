import QuadToolKit
import NIOCore
import QuadDynamicMessages
import QuadWire

/// One call made from JSON with descriptors found at run time: the request transcoded to protobuf, the responses
/// back to JSON.
struct DynamicCall: Sendable {
    /// The method, as the server's descriptors describe it.
    let method: MethodInfo
    /// Transcodes with the server's descriptors.
    let transcoder: JSONTranscoder

    /// Finds `methodName` (`package.Service/Method`) in `pool`.
    ///
    /// - Throws: ``CLIError`` for an unknown method (naming the ones there are) or a client-streaming method,
    ///   which a single JSON argument cannot drive.
    init(methodName: String, pool: DescriptorPool) throws {
        do {
            method = try pool.method(named: methodName)
        } catch let error as TranscodingError {
            throw CLIError(error.message, cause: error)
        }
        guard !method.clientStreaming else {
            throw CLIError(
                "\(method.fullName) takes a stream of requests; quad call only makes unary and server-streaming calls"
            )
        }
        transcoder = JSONTranscoder(pool: pool)
    }

    /// The wire's name for the method and its kind.
    var descriptor: MethodDescriptor {
        let parts = method.fullName.split(separator: "/", maxSplits: 1).map(String.init)
        return MethodDescriptor(
            service: parts.first ?? "",
            method: parts.count > 1 ? parts[1] : "",
            kind: method.serverStreaming ? .serverStreaming : .unary
        )
    }

    /// Encodes `json` as the request message.
    ///
    /// - Throws: ``CLIError`` naming the field path of the first mistake.
    func request(fromJSON json: String) throws -> ByteBuffer {
        do {
            return ByteBuffer(bytes: try transcoder.binary(fromJSON: json, messageType: method.inputType))
        } catch let error as TranscodingError {
            throw CLIError("the request is not a valid \(method.inputType): \(error.message)", cause: error)
        }
    }

    /// Makes the call on `transport` and hands each response, as JSON, to `output`.
    ///
    /// - Throws: ``RPCError`` when the call ends non-OK, after the responses that arrived were output.
    func run(
        on transport: any ClientTransport,
        json: String,
        options: CallOptions,
        output: @escaping @Sendable (String) -> Void
    ) async throws {
        let request = try request(fromJSON: json)
        if method.serverStreaming {
            try await transport.streamingCall(descriptor, firstRequest: request, halfClose: true, options: options) {
                call in
                for try await response in call.responses {
                    output(try responseJSON(response))
                }
            }
        } else {
            let response = try await transport.unary(descriptor, request: request, options: options)
            output(try responseJSON(response))
        }
    }

    /// A response message as pretty-printed JSON.
    private func responseJSON(_ buffer: ByteBuffer) throws -> String {
        do {
            return try transcoder.json(fromBinary: Array(buffer.readableBytesView), messageType: method.outputType)
        } catch let error as TranscodingError {
            throw CLIError("the response is not a valid \(method.outputType): \(error.message)", cause: error)
        }
    }
}
