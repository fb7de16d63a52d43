/// Finds the handler for a method name; built once when a server starts.
public struct Router: Sendable {
    private let methods: [String: RegisteredMethod]
    /// The fully qualified names of the services hosted, sorted.
    public let serviceNames: [String]

    public init(services: [any QuadService]) {
        var methods: [String: RegisteredMethod] = [:]
        for service in services {
            for method in service.registeredMethods { methods[method.descriptor.fullName] = method }
        }
        self.methods = methods
        self.serviceNames = Set(methods.values.map(\.descriptor.service)).sorted()
    }

    /// The method registered under `package.Service/Method`, if any.
    public func method(named fullName: String) -> RegisteredMethod? { methods[fullName] }

    /// All registered methods (for metrics, reflection and routing tables).
    public var allMethods: [RegisteredMethod] { Array(methods.values) }
}
