/// Names one method of one service, as generated from Proto/.
public struct MethodDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The kind of call: how many messages flow each way.
    public enum Kind: String, Hashable, Sendable {
        case unary
        case serverStreaming
        case clientStreaming
        case bidirectionalStreaming
    }

    /// The fully qualified service, e.g. `quad.identity.v1.Identity`.
    public var service: String {
        didSet { fullName = "\(service)/\(method)" }
    }
    /// The method's simple name, e.g. `Register`.
    public var method: String {
        didSet { fullName = "\(service)/\(method)" }
    }
    public var kind: Kind
    /// Marked `(quad.options.v1.idempotent) = true` in Proto/: safe to retry.
    public var idempotent: Bool
    /// Marked `(quad.options.v1.allow_anonymous) = true` in Proto/: the gateway admits calls
    /// without an access token.
    public var allowsAnonymous: Bool
    /// `(quad.options.v1.rate_limit_class)` in Proto/ (`login`, `registration`): the gateway's
    /// stricter per-address limit for the method, if any.
    public var rateLimitClass: String?
    /// Marked `(quad.options.v1.event_source) = true` in Proto/: the context's watch stream of
    /// user events (`quad.events.v1`), followed by the gateway and never routed to clients.
    public var eventSource: Bool
    /// Marked `(quad.options.v1.service_only) = true` in Proto/: callable only with a deployment
    /// certificate (other services, operators' CLI), never routed by the gateway.
    public var serviceOnly: Bool

    public init(
        service: String,
        method: String,
        kind: Kind,
        idempotent: Bool = false,
        allowsAnonymous: Bool = false,
        rateLimitClass: String? = nil,
        eventSource: Bool = false,
        serviceOnly: Bool = false
    ) {
        self.service = service
        self.method = method
        self.kind = kind
        self.idempotent = idempotent
        self.allowsAnonymous = allowsAnonymous
        self.rateLimitClass = rateLimitClass
        self.eventSource = eventSource
        self.serviceOnly = serviceOnly
        self.fullName = "\(service)/\(method)"
    }

    /// `package.Service/Method`, the name on the wire (kept with the descriptor: callers and
    /// the server read it on every call).
    public private(set) var fullName: String

    public var description: String { fullName }
}
