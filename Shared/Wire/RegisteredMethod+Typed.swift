import NIOCore
public import SwiftProtobuf

extension RegisteredMethod {
    /// A unary method from a typed handler.
    public static func unary<Request: SwiftProtobuf.Message & Sendable, Response: SwiftProtobuf.Message & Sendable>(
        _ descriptor: MethodDescriptor,
        _ body: @escaping @Sendable (Request, ServerContext) async throws -> Response
    ) -> RegisteredMethod {
        RegisteredMethod(
            descriptor: descriptor,
            handler: .unary { buffer, context in
                let request = try ProtobufCoding.decode(Request.self, from: buffer)
                return try ProtobufCoding.encode(try await body(request, context))
            }
        )
    }

    /// A unary method from a typed handler that never suspends (``MethodHandler/unarySync(_:)``):
    /// served inline on the connection's event loop, without a task. For quick, non-blocking
    /// work only (an echo, a lookup in memory); anything that awaits uses ``unary(_:_:)``.
    public static func unarySync<
        Request: SwiftProtobuf.Message & Sendable,
        Response: SwiftProtobuf.Message & Sendable
    >(
        _ descriptor: MethodDescriptor,
        _ body: @escaping @Sendable (Request, ServerContext) throws -> Response
    ) -> RegisteredMethod {
        RegisteredMethod(
            descriptor: descriptor,
            handler: .unarySync { buffer, context in
                let request = try ProtobufCoding.decode(Request.self, from: buffer)
                return try ProtobufCoding.encode(try body(request, context))
            }
        )
    }

    /// A server-streaming method: one request, a stream of responses.
    public static func serverStreaming<
        Request: SwiftProtobuf.Message & Sendable,
        Response: SwiftProtobuf.Message & Sendable
    >(
        _ descriptor: MethodDescriptor,
        _ body: @escaping @Sendable (Request, MessageWriter<Response>, ServerContext) async throws -> Void
    ) -> RegisteredMethod {
        RegisteredMethod(
            descriptor: descriptor,
            handler: .streaming { requests, writer, context in
                let request = try await single(Request.self, from: requests, method: descriptor)
                try await body(request, MessageWriter(raw: writer), context)
                return nil
            }
        )
    }

    /// A client-streaming method: a stream of requests, one response.
    public static func clientStreaming<
        Request: SwiftProtobuf.Message & Sendable,
        Response: SwiftProtobuf.Message & Sendable
    >(
        _ descriptor: MethodDescriptor,
        _ body: @escaping @Sendable (RequestStream<Request>, ServerContext) async throws -> Response
    ) -> RegisteredMethod {
        RegisteredMethod(
            descriptor: descriptor,
            handler: .streaming { requests, _, context in
                try ProtobufCoding.encode(try await body(RequestStream(raw: requests), context))
            }
        )
    }

    /// A bidirectional-streaming method.
    public static func bidirectionalStreaming<
        Request: SwiftProtobuf.Message & Sendable,
        Response: SwiftProtobuf.Message & Sendable
    >(
        _ descriptor: MethodDescriptor,
        _ body:
            @escaping @Sendable (RequestStream<Request>, MessageWriter<Response>, ServerContext) async throws -> Void
    ) -> RegisteredMethod {
        RegisteredMethod(
            descriptor: descriptor,
            handler: .streaming { requests, writer, context in
                try await body(RequestStream(raw: requests), MessageWriter(raw: writer), context)
                return nil
            }
        )
    }

    /// The one request of a server-streaming call; anything else is INVALID_ARGUMENT.
    private static func single<Request: SwiftProtobuf.Message>(
        _ type: Request.Type,
        from requests: RawRequestStream,
        method: MethodDescriptor
    ) async throws -> Request {
        var iterator = requests.makeAsyncIterator()
        guard let first = try await iterator.next() else {
            throw RPCError(code: .invalidArgument, message: "\(method) expects exactly one request; none was sent")
        }
        guard try await iterator.next() == nil else {
            throw RPCError(code: .invalidArgument, message: "\(method) expects exactly one request; more were sent")
        }
        return try ProtobufCoding.decode(Request.self, from: first)
    }
}
