package import Logging
package import QuadWire
package import QuadWireCore

/// The part of a server that runs calls once they reach it, whatever carried them: the router,
/// the interceptor, the observer and a logger per method. ``QuadServer`` owns one for its
/// connections; the in-process transport (QuadWireInProcess) owns one built from the same
/// services, so a call runs the same code either way.
package struct ServerCallDispatcher: Sendable {
    package let router: Router
    package let logger: Logger
    /// The router's method names, for decoding CallStarts without allocating the name.
    package let methodNames: MethodNames
    /// The server's logger with `method` metadata, per method, built once.
    private let methodLoggers: [String: Logger]
    private let interceptor: (any ServerInterceptor)?
    /// Sees every call, whichever path runs it.
    package let observer: (any ServerCallObserver)?
    /// Whether a ``QuadWire/MethodHandler/unarySync(_:)`` handler may run inline on the event
    /// loop: only without an interceptor, which may suspend.
    package var runsSynchronousHandlersInline: Bool { interceptor == nil }

    package init(
        services: [any QuadService],
        interceptor: (any ServerInterceptor)?,
        observer: (any ServerCallObserver)?,
        logger: Logger
    ) {
        self.router = Router(services: services)
        self.methodNames = MethodNames(router.allMethods.map(\.descriptor.fullName))
        self.logger = logger
        self.interceptor = interceptor
        self.observer = observer
        var methodLoggers: [String: Logger] = [:]
        for method in router.allMethods {
            var methodLogger = logger
            methodLogger[metadataKey: "method"] = .string(method.descriptor.fullName)
            methodLoggers[method.descriptor.fullName] = methodLogger
        }
        self.methodLoggers = methodLoggers
    }

    /// The logger of the method named `fullName` (the server's when it has none).
    package func logger(forMethod fullName: String) -> Logger {
        methodLoggers[fullName] ?? logger
    }

    /// Runs `call`'s interceptor and handler and finishes it on its connection.
    package func run<Connection: ServerCallConnection>(_ call: RunnableCall<Connection>) async {
        await ServerCallRunner.run(
            call,
            logger: methodLoggers[call.method.descriptor.fullName] ?? logger,
            interceptor: interceptor,
            observer: observer
        )
    }
}
