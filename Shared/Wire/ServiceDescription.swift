/// One service of Proto/ as the generator saw it: its name, the bounded context that serves
/// it, and its methods. `QuadServiceCatalog.all` (generated) lists every one; the gateway
/// builds its routing table from it.
public struct ServiceDescription: Hashable, Sendable {
    /// The fully qualified service name, e.g. `quad.identity.v1.Identity`.
    public var name: String
    /// `(quad.options.v1.context)`: the context whose executable serves the service, or nil
    /// for services that are not routed (health, reflection, admin).
    public var context: String?
    /// Every method, in declaration order.
    public var methods: [MethodDescriptor]

    public init(name: String, context: String?, methods: [MethodDescriptor]) {
        self.name = name
        self.context = context
        self.methods = methods
    }
}
