public import QuadWire

/// Which upstream context answers each method the gateway routes, built from the generated
/// service catalog (`QuadServiceCatalog.all`): every method of every service whose proto names
/// its context (`(quad.options.v1.context)`) is routed under its own name. A service added to
/// Proto/ is routed by regenerating, never by editing the gateway.
public struct RoutingTable: Sendable {
    /// One routed method.
    public struct Route: Sendable, Hashable {
        public var method: MethodDescriptor
        /// The context whose executable serves it, e.g. `identity`.
        public var context: String
    }

    private let routes: [String: Route]
    /// The methods marked `(quad.options.v1.event_source)`: followed by the gateway, not routed.
    public let eventSources: [Route]
    /// The descriptors of the routed services' files and of the files they import, by file name:
    /// what the gateway's Reflection serves, so `quad call gateway …` reaches any routed method.
    public let protoFiles: [String: [UInt8]]

    /// Routes every service of `catalog` that names a context, except its event sources and its
    /// service-only methods (outbox deliveries, operators' methods); the other services (health,
    /// reflection, admin) are the gateway's own business or not for clients.
    public init(catalog: [ServiceDescription]) {
        var routes: [String: Route] = [:]
        var eventSources: [Route] = []
        var protoFiles: [String: [UInt8]] = [:]
        for service in catalog {
            guard let context = service.context else { continue }
            protoFiles.merge(service.protoFiles) { kept, _ in kept }
            for method in service.methods {
                if method.eventSource {
                    eventSources.append(Route(method: method, context: context))
                } else if method.serviceOnly {
                    continue
                } else {
                    routes[method.fullName] = Route(method: method, context: context)
                }
            }
        }
        self.routes = routes
        self.protoFiles = protoFiles
        self.eventSources = eventSources.sorted { $0.method.fullName < $1.method.fullName }
    }

    /// The route of `package.Service/Method`, if the gateway routes it.
    public func route(for fullName: String) -> Route? { routes[fullName] }

    /// Every route, sorted by method name.
    public var allRoutes: [Route] { routes.values.sorted { $0.method.fullName < $1.method.fullName } }

    /// The services routed to `context`, sorted.
    public func services(of context: String) -> [String] {
        Set(routes.values.filter { $0.context == context }.map(\.method.service)).sorted()
    }

    /// The contexts some route needs, sorted.
    public var contexts: [String] { Set(routes.values.map(\.context)).sorted() }
}
