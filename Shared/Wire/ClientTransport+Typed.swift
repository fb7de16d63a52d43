import NIOCore
public import SwiftProtobuf

/// Typed calls over any transport; generated clients are thin wrappers over these.
extension ClientTransport {
    public func unary<Request: SwiftProtobuf.Message & Sendable, Response: SwiftProtobuf.Message & Sendable>(
        _ method: MethodDescriptor,
        request: Request,
        as: Response.Type = Response.self,
        options: CallOptions
    ) async throws -> Response {
        let buffer = try await unary(method, request: try ProtobufCoding.encode(request), options: options)
        return try ProtobufCoding.decode(Response.self, from: buffer)
    }

    public func serverStreaming<
        Request: SwiftProtobuf.Message & Sendable,
        Response: SwiftProtobuf.Message & Sendable,
        Result: Sendable
    >(
        _ method: MethodDescriptor,
        request: Request,
        as: Response.Type = Response.self,
        options: CallOptions,
        onResponse: @Sendable (ResponseStream<Response>) async throws -> Result
    ) async throws -> Result {
        try await streamingCall(
            method,
            firstRequest: try ProtobufCoding.encode(request),
            halfClose: true,
            options: options
        ) { call in
            try await onResponse(ResponseStream(raw: call.responses))
        }
    }

    public func clientStreaming<
        Request: SwiftProtobuf.Message & Sendable,
        Response: SwiftProtobuf.Message & Sendable
    >(
        _ method: MethodDescriptor,
        as: Response.Type = Response.self,
        options: CallOptions,
        requestProducer: @Sendable (MessageWriter<Request>) async throws -> Void
    ) async throws -> Response {
        try await streamingCall(method, firstRequest: nil, halfClose: false, options: options) { call in
            try await requestProducer(MessageWriter(raw: RawResponseWriter(call.send)))
            try await call.finish()
            var responses = ResponseStream<Response>(raw: call.responses).makeAsyncIterator()
            guard let response = try await responses.next() else {
                throw RPCError(code: .internal, message: "\(method) ended OK without a response")
            }
            return response
        }
    }

    public func bidirectionalStreaming<
        Request: SwiftProtobuf.Message & Sendable,
        Response: SwiftProtobuf.Message & Sendable,
        Result: Sendable
    >(
        _ method: MethodDescriptor,
        as: Response.Type = Response.self,
        options: CallOptions,
        requestProducer: @escaping @Sendable (MessageWriter<Request>) async throws -> Void,
        onResponse: @Sendable (ResponseStream<Response>) async throws -> Result
    ) async throws -> Result {
        try await streamingCall(method, firstRequest: nil, halfClose: false, options: options) { call in
            try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
                group.addTask {
                    try await requestProducer(MessageWriter(raw: RawResponseWriter(call.send)))
                    try await call.finish()
                }
                let result = try await onResponse(ResponseStream(raw: call.responses))
                try await group.waitForAll()
                return result
            }
        }
    }
}
