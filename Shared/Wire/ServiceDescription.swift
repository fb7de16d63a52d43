/// One service of Proto/ as the generator saw it: its name, the bounded context that serves
/// it, its methods and its files. `QuadServiceCatalog.all` (generated) lists every product's
/// service; the gateway builds its routing table from it.
public struct ServiceDescription: Hashable, Sendable {
    /// The fully qualified service name, e.g. `quad.identity.v1.Identity`.
    public var name: String
    /// `(quad.options.v1.context)`: the context whose executable serves the service, or nil
    /// for services that are not routed (health, reflection, admin).
    public var context: String?
    /// Every method, in declaration order.
    public var methods: [MethodDescriptor]
    /// The serialized descriptors of the service's .proto file and of every file it imports, by
    /// file name (``QuadService/protoFiles``): what a server forwarding the service (the gateway)
    /// hands to its Reflection.
    public var protoFiles: [String: [UInt8]]

    public init(name: String, context: String?, methods: [MethodDescriptor], protoFiles: [String: [UInt8]] = [:]) {
        self.name = name
        self.context = context
        self.methods = methods
        self.protoFiles = protoFiles
    }
}
