public import Logging
public import QuadStorage
public import QuadWire

/// What a service's setup gets from the runner: its options, its database and a logger.
public struct ServiceEnvironment: Sendable {
    /// The bounded context's name, e.g. `identity`.
    public var name: String
    public var options: ServiceOptions
    public var database: QuadDatabase
    public var logger: Logger
}

/// What a service hands back to the runner.
public struct ServiceSetup: Sendable {
    /// The RPC services to host (Health and Reflection are added by the runner).
    public var services: [any QuadService]
    /// Verifies `authorization: Bearer` tokens for services that accept them directly.
    public var verifyBearer: (@Sendable (String) throws -> Caller)?

    public init(services: [any QuadService], verifyBearer: (@Sendable (String) throws -> Caller)? = nil) {
        self.services = services
        self.verifyBearer = verifyBearer
    }
}
