public import Logging
public import QuadKernel
public import QuadStorage
public import QuadWire

/// What a service's setup gets from the runner: its options, its database, a logger, clients
/// of the other contexts and the relay of its outbox.
public struct ServiceEnvironment: Sendable {
    /// The bounded context's name, e.g. `identity`.
    public var name: String
    public var options: ServiceOptions
    public var database: QuadDatabase
    public var logger: Logger
    /// The process's clock (``QuadKernel/QuadClock/system()``): hand it to the service.
    public var clock: QuadClock
    /// The other contexts' services (``Peers``: `--peers`, `--peers-dir`).
    public var peers: Peers
    /// Delivers the database's outbox to the other contexts' `Deliver` methods; the runner runs
    /// it. A handler may call ``QuadStorage/OutboxRelay/deliverDue()`` to hand a message on at once.
    public var relay: OutboxRelay
}

/// What a service hands back to the runner.
public struct ServiceSetup: Sendable {
    /// The RPC services to host (Health and Reflection are added by the runner).
    public var services: [any QuadService]
    /// Verifies `authorization: Bearer` tokens for services that accept them directly.
    public var verifyBearer: (@Sendable (String) throws -> Caller)?
    /// Work beside the server until shutdown (sweeps, timers); the outbox relay is the runner's.
    public var background: [BackgroundWork]
    /// The service's own files for `quad backup` to copy with its database (``BackupHook``); nil for a service that
    /// has only its database.
    public var backup: BackupHook?

    public init(
        services: [any QuadService],
        verifyBearer: (@Sendable (String) throws -> Caller)? = nil,
        background: [BackgroundWork] = [],
        backup: BackupHook? = nil
    ) {
        self.services = services
        self.verifyBearer = verifyBearer
        self.background = background
        self.backup = backup
    }
}
