import NIOCore
import QuadServiceKit
public import QuadWire
public import QuadWireCore
import QuadWireInProcess
import QuadContracts
import QuadDynamicMessages

/// One service as a fuzz target: an input names one of its routed methods and a caller and carries the request's
/// bytes, and the call runs through the service's in-process transport (the server's own checks, interceptor,
/// runner, request decoding and handler) against the real service and its real peers of one ``FuzzSystem``.
///
/// An input is: a byte choosing the method (modulo the count, in the order of their full names), a byte whose low
/// four bits choose the caller (modulo ``callers``) and whose high four bits choose the idempotency key (0: none,
/// else `fuzz-key-N`, so that a key can come back with another request), then the request. A unary or server
/// streaming call sends the rest as its one request; a client or bidirectional stream reads the rest as messages,
/// each a length byte and that many bytes. Placeholders for the seeded people's ids (``FuzzPlaceholder``), and for
/// the ids earlier answers handed out (``FuzzRecentIDs``), are swapped for the ids first.
public struct ServiceFuzzTarget: Sendable {
    /// Who a call comes from.
    public struct FuzzCaller: Sendable {
        public var label: String
        public var peer: PeerInfo
        /// What the call carries: the signed-in person the gateway names in `x-quad-caller`, or a bearer token.
        public var metadata: [String: String] = [:]
        /// Who calls instead of this person a method that would delete her (``deleting``): Alice and Bob stay for
        /// every other input.
        public var standIn: [String: String]? = nil

        /// A person signed in at the gateway, as a service behind it sees her.
        static func user(_ label: String, _ caller: Caller, standIn: Caller, through gateway: PeerInfo) -> FuzzCaller {
            FuzzCaller(
                label: label,
                peer: gateway,
                metadata: [CallerIdentityInterceptor.callerHeader: caller.headerValue],
                standIn: [CallerIdentityInterceptor.callerHeader: standIn.headerValue]
            )
        }
    }

    /// The context, one of ``FuzzSystem/contexts``.
    public let name: String
    /// Every method its services register, ordered by full name.
    public let methods: [MethodDescriptor]
    public let callers: [FuzzCaller]
    let placeholders: [FuzzPlaceholder]
    let client: @Sendable (PeerInfo) -> any ClientTransport
    /// The ids answers handed out, for later inputs' placeholders.
    let recent: FuzzRecentIDs
    /// Each method's answer type (as ``methods`` are ordered), to read the ids out of its answers.
    let answerTypes: [String?]
    /// A server stream's deadline: how long one that answers nothing is waited for (one that answers is read until it
    /// goes quiet, ``FuzzStreamReader``).
    public var streamDeadline = Duration.milliseconds(50)

    init(
        name: String,
        methods: [MethodDescriptor],
        callers: [FuzzCaller],
        placeholders: [FuzzPlaceholder],
        client: @escaping @Sendable (PeerInfo) -> any ClientTransport
    ) throws {
        self.name = name
        self.methods = methods
        self.callers = callers
        self.placeholders = placeholders
        self.client = client
        let pool = try DescriptorPool(files: Array(QuadProtoFiles.all.values))
        self.recent = FuzzRecentIDs(pool: pool)
        self.answerTypes = methods.map { try? pool.method(named: $0.fullName).outputType }
    }

    /// Methods that delete their caller: Carol calls them instead of Alice and Bob.
    static let deleting: Set<String> = ["DeleteAccount"]

    /// The names of every target: each service, then the gateway in front of them all.
    public static let names = FuzzSystem.contexts + ["gateway"]

    /// `name`'s target on this process's system.
    public static func make(_ name: String) async throws -> ServiceFuzzTarget {
        if name == "gateway" { return try await GatewayFuzzDoor.target() }
        guard FuzzSystem.contexts.contains(name) else {
            throw FuzzFailure(code: .invalidArgument, message: "no fuzz target \(name); the targets: \(names)")
        }
        let system = try await FuzzSystem.shared()
        let gateway = try system.peerInfo(presenting: "gateway")
        var callers = [
            FuzzCaller.user("Alice", system.people.alice, standIn: system.people.carol, through: gateway),
            FuzzCaller.user("Bob", system.people.bob, standIn: system.people.carol, through: gateway),
            FuzzCaller(label: "the gateway", peer: gateway),
            FuzzCaller(label: "an operator", peer: try system.operatorInfo()),
            FuzzCaller(label: "no certificate", peer: PeerInfo(address: "in-process")),
        ]
        for context in FuzzSystem.contexts {
            callers.append(FuzzCaller(label: context, peer: try system.peerInfo(presenting: context)))
        }
        let methods = (system.services[name] ?? []).flatMap { $0.registeredMethods.map(\.descriptor) }
            .sorted { $0.fullName < $1.fullName }
        return try ServiceFuzzTarget(
            name: name,
            methods: methods,
            callers: callers,
            placeholders: system.people.placeholders,
            client: { peer in system.client(of: name, as: peer) }
        )
    }

    /// Runs one input and returns what it called and the status it ended with; throws ``FuzzFailure`` when that
    /// status is forbidden.
    @discardableResult
    public func run(_ bytes: [UInt8]) async throws -> (method: String, caller: String, status: StatusCode) {
        var input = FuzzInput(FuzzPlaceholder.substitute(placeholders + recent.placeholders, in: bytes))
        let index = Int(input.byte()) % methods.count
        let method = methods[index]
        let selector = input.byte()
        let caller = callers[Int(selector & 0x0f) % callers.count]
        let metadata = Self.deleting.contains(method.method) ? caller.standIn ?? caller.metadata : caller.metadata
        var options = CallOptions(timeout: .seconds(10), metadata: metadata)
        if selector >> 4 != 0 { options.metadata["idempotency-key"] = "fuzz-key-\(selector >> 4)" }
        let transport = client(caller.peer)
        var code = StatusCode.ok
        do {
            switch method.kind {
            case .unary:
                let answer = try await transport.unary(
                    method,
                    request: ByteBuffer(bytes: input.rest()),
                    options: options
                )
                if let type = answerTypes[index] { recent.learn(from: Array(buffer: answer), messageType: type) }
            case .serverStreaming:
                // An event source or feed answers as events happen: its first answers (or a refusal) are what is
                // checked, within a short deadline, and until it goes quiet (FuzzStreamReader).
                options.timeout = streamDeadline
                try await transport.streamingCall(
                    method,
                    firstRequest: ByteBuffer(bytes: input.rest()),
                    halfClose: true,
                    options: options
                ) { call in
                    try await FuzzStreamReader().read(call)
                }
            case .clientStreaming, .bidirectionalStreaming:
                let messages = input.messages()
                try await transport.streamingCall(
                    method,
                    firstRequest: messages.first.map { ByteBuffer(bytes: $0) },
                    halfClose: false,
                    options: options
                ) { call in
                    for message in messages.dropFirst() { try await call.send(ByteBuffer(bytes: message)) }
                    try await call.finish()
                    try await FuzzStreamReader().read(call)
                }
            }
        } catch {
            let status = RPCError.from(error)
            code = status.code
            if FuzzFailure.forbidden.contains(status.code) {
                throw FuzzFailure(
                    code: status.code,
                    message: "\(method.fullName) called by \(caller.label): \(status.message)"
                )
            }
        }
        return (method.fullName, caller.label, code)
    }
}
