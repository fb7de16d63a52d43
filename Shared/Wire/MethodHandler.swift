public import NIOCore

/// How a transport runs a method, on raw bytes. Generated code builds these from typed
/// handlers (``RegisteredMethod/unary(_:_:)`` and friends).
public enum MethodHandler: Sendable {
    /// One request in (the CallStart payload), one response out (the CallEnd payload).
    case unary(@Sendable (ByteBuffer, ServerContext) async throws -> ByteBuffer)
    /// A unary handler that never suspends: the wire runs it inline on the connection's event
    /// loop as the CallStart is read, with no task (docs/architecture.md, section 4). It must
    /// not block or do heavy work: every other call on its connection waits while it runs.
    /// Cancellation cannot reach it while it runs; a call whose deadline passed before it
    /// starts or while it runs is answered DEADLINE_EXCEEDED.
    case unarySync(@Sendable (ByteBuffer, ServerContext) throws -> ByteBuffer)
    /// Requests stream in (the CallStart payload first, if any), responses stream out; the
    /// returned buffer, if any, travels in the CallEnd.
    case streaming(@Sendable (RawRequestStream, RawResponseWriter, ServerContext) async throws -> ByteBuffer?)
}

/// A method a server answers: its descriptor and its handler.
public struct RegisteredMethod: Sendable {
    public var descriptor: MethodDescriptor
    public var handler: MethodHandler

    public init(descriptor: MethodDescriptor, handler: MethodHandler) {
        self.descriptor = descriptor
        self.handler = handler
    }
}

/// A service a server can host; generated service protocols refine it.
public protocol QuadService: Sendable {
    /// Every method of the service with its handler.
    var registeredMethods: [RegisteredMethod] { get }
    /// The serialized `google.protobuf.FileDescriptorProto` of the .proto file that defines the
    /// service and of every file it imports, by file name: what the server's Reflection serves
    /// for it, so generic tools (`quad call`) can encode its requests. Generated service
    /// protocols hand over their files; a server learns them from the services it registers.
    var protoFiles: [String: [UInt8]] { get }
}

extension QuadService {
    /// None: a hand-written service with no .proto of its own (a test's echo service).
    public var protoFiles: [String: [UInt8]] { [:] }
}
