import NIOCore
import QuadBuiltInContracts
import QuadTestSupport
import QuadWire
import Synchronization

/// A test service on real generated messages: `text` carries the payload.
typealias Text = Quad_Health_V1_HealthCheckRequest

enum Echo {
    static let service = "quad.test.v1.Echo"
    static let unary = MethodDescriptor(service: service, method: "Unary", kind: .unary)
    static let count = MethodDescriptor(service: service, method: "Count", kind: .serverStreaming)
    static let join = MethodDescriptor(service: service, method: "Join", kind: .clientStreaming)
    static let chat = MethodDescriptor(service: service, method: "Chat", kind: .bidirectionalStreaming)
    static let hang = MethodDescriptor(service: service, method: "Hang", kind: .unary)
    static let missing = MethodDescriptor(service: service, method: "Missing", kind: .unary)
    /// Served inline (`unarySync`): "fail" throws NOT_FOUND, "crash" a plain error, "slow"
    /// spins until the call's deadline has passed; anything else is echoed as "inline:…".
    static let inline = MethodDescriptor(service: service, method: "Inline", kind: .unary)
}

func text(_ value: String) -> Text { .with { $0.service = value } }

/// Records what happened inside handlers so tests can wait for it without sleeping.
/// Each recorded event satisfies one `next` for its name, whoever waits first.
final class HandlerEvents: Sendable {
    private struct Waiter {
        var id: Int
        var name: String
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var pending: [String: Int] = [:]
        var waiters: [Waiter] = []
        var nextID = 0
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

    /// Waits for the next event with this name; false when none came within `limit` (a cap for a loaded machine: a
    /// call that failed before reaching its handler ends the test with a failed expectation instead of hanging it).
    func next(_ name: String, within limit: Duration = Wait.defaultLimit) async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task {
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            self.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if let count = state.pending[name], count > 0 {
                    state.pending[name] = count - 1
                    return true
                }
                state.waiters.append(Waiter(id: id, name: name, continuation: continuation))
                return false
            }
            if ready { continuation.resume(returning: true) }
        }
    }

    /// Ends waiter `id` with false, if it still waits.
    private func expire(_ id: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }
        waiter?.resume(returning: false)
    }
}

struct EchoService: QuadService {
    let events: HandlerEvents

    var registeredMethods: [RegisteredMethod] {
        let events = self.events
        return [
            .unary(Echo.unary) { (request: Text, _) in text("echo:" + request.service) },
            .serverStreaming(Echo.count) { (request: Text, writer: MessageWriter<Text>, _) in
                for index in 0..<(Int(request.service) ?? 0) { try await writer.send(text("\(index)")) }
            },
            .clientStreaming(Echo.join) { (requests: RequestStream<Text>, _) in
                var parts: [String] = []
                for try await request in requests {
                    // A refusal while the client is still sending (an upload refused at its first message).
                    if request.service == "refuse" {
                        events.record("join.refused")
                        throw RPCError(code: .permissionDenied, message: "not yours to join")
                    }
                    parts.append(request.service)
                    if parts.count == 1 { events.record("join.first") }
                }
                return text(parts.joined(separator: ","))
            },
            .bidirectionalStreaming(Echo.chat) { (requests: RequestStream<Text>, writer: MessageWriter<Text>, _) in
                for try await request in requests { try await writer.send(text("re:" + request.service)) }
            },
            .unarySync(Echo.inline) { (request: Text, context) in
                switch request.service {
                case "fail": throw RPCError(code: .notFound, message: "no such thing")
                case "crash": throw InlineCrash()
                case "slow":
                    // Busy until the deadline passes: an inline handler cannot be stopped.
                    if let deadline = context.deadline { while ContinuousClock.now < deadline {} }
                    return text("slow")
                default: return text("inline:" + request.service)
                }
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

/// A handler error that is not an RPCError (it becomes INTERNAL).
struct InlineCrash: Error {}
