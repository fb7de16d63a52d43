import NIOCore
import QuadBuiltInContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// A test service on real generated messages: `service` carries the text.
typealias Text = Quad_Health_V1_HealthCheckRequest

func text(_ value: String) -> Text { .with { $0.service = value } }

enum Echo {
    static let service = "quad.test.v1.Echo"
    static let unary = MethodDescriptor(service: service, method: "Unary", kind: .unary)
    static let metadata = MethodDescriptor(service: service, method: "Metadata", kind: .unary)
    static let fail = MethodDescriptor(service: service, method: "Fail", kind: .unary)
    static let crash = MethodDescriptor(service: service, method: "Crash", kind: .unary)
    static let count = MethodDescriptor(service: service, method: "Count", kind: .serverStreaming)
    static let join = MethodDescriptor(service: service, method: "Join", kind: .clientStreaming)
    static let slowJoin = MethodDescriptor(service: service, method: "SlowJoin", kind: .clientStreaming)
    static let chat = MethodDescriptor(service: service, method: "Chat", kind: .bidirectionalStreaming)
    static let hang = MethodDescriptor(service: service, method: "Hang", kind: .unary)
    static let missing = MethodDescriptor(service: service, method: "Missing", kind: .unary)
    /// Never suspends (`unarySync`).
    static let inline = MethodDescriptor(service: service, method: "Inline", kind: .unary)
}

/// Records what happened inside handlers so tests can wait for it without sleeping.
/// Each recorded event satisfies one `next` for its name, whoever waits first.
final class HandlerEvents: Sendable {
    private struct State {
        var pending: [String: Int] = [:]
        var waiters: [(name: String, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Mutex(State())

    func record(_ event: String) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if let index = state.waiters.firstIndex(where: { $0.name == event }) {
                return state.waiters.remove(at: index).continuation
            }
            state.pending[event, default: 0] += 1
            return nil
        }
        waiter?.resume(returning: true)
    }

    /// Waits for the next event with this name.
    func next(_ name: String) async -> Bool {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if let count = state.pending[name], count > 0 {
                    state.pending[name] = count - 1
                    return true
                }
                state.waiters.append((name, continuation))
                return false
            }
            if ready { continuation.resume(returning: true) }
        }
    }
}

struct FailedPreconditionInTest: Error {}

struct EchoService: QuadService {
    let events: HandlerEvents

    var registeredMethods: [RegisteredMethod] {
        let events = self.events
        return [
            .unary(Echo.unary) { (request: Text, _) in text("echo:" + request.service) },
            .unary(Echo.metadata) { (request: Text, context) in
                text(context.metadata[request.service] ?? "<none>")
            },
            .unary(Echo.fail) { (_: Text, _) -> Text in
                throw RPCError(
                    code: .failedPrecondition,
                    message: "the job is not open",
                    trailers: ["retry-after-seconds": "3"]
                )
            },
            .unary(Echo.crash) { (_: Text, _) -> Text in throw FailedPreconditionInTest() },
            .serverStreaming(Echo.count) { (request: Text, writer: MessageWriter<Text>, _) in
                for index in 0..<(Int(request.service) ?? 0) { try await writer.send(text("\(index)")) }
            },
            .clientStreaming(Echo.join) { (requests: RequestStream<Text>, _) in
                var parts: [String] = []
                for try await request in requests {
                    // A refusal while the caller is still sending (an upload refused at its first message).
                    if request.service == "refuse" {
                        events.record("join.refused")
                        throw RPCError(code: .permissionDenied, message: "not yours to join")
                    }
                    parts.append(request.service)
                }
                return text(parts.joined(separator: ","))
            },
            .clientStreaming(Echo.slowJoin) { (requests: RequestStream<Text>, _) in
                // Reads nothing until the test says "go".
                events.record("slowJoin.started")
                _ = await events.next("go")
                var count = 0
                for try await _ in requests { count += 1 }
                return text("\(count)")
            },
            .bidirectionalStreaming(Echo.chat) { (requests: RequestStream<Text>, writer: MessageWriter<Text>, _) in
                for try await request in requests { try await writer.send(text("re:" + request.service)) }
            },
            .unarySync(Echo.inline) { (request: Text, _) in
                guard request.service != "fail" else { throw RPCError(code: .notFound, message: "no such thing") }
                return text("inline:" + request.service)
            },
            .unary(Echo.hang) { (_: Text, _) -> Text in
                events.record("hang.started")
                do {
                    // Waits until the call is cancelled; nothing else ends it.
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    events.record("hang.cancelled")
                    throw error
                }
                return text("never")
            },
        ]
    }
}

/// Keeps the context of every call it sees; refuses calls carrying `x-refuse`.
final class RecordingInterceptor: ServerInterceptor {
    private let seen = Mutex<[ServerContext]>([])

    var contexts: [ServerContext] { seen.withLock { $0 } }

    func intercept(_ context: ServerContext) async throws -> ServerContext {
        seen.withLock { $0.append(context) }
        if context.metadata["x-refuse"] != nil {
            throw RPCError(code: .permissionDenied, message: "refused by the interceptor")
        }
        return context
    }
}
