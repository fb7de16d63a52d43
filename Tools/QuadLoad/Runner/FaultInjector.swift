import Foundation
public import QuadFaultProxy
public import QuadLoadCore

/// Performs a ``FaultPlan`` during a run: signals each named service's process at its time and reports what it
/// did as ``FaultEvent``s, for the report to mark.
///
/// Each fault runs on its own from the run's start, so faults may overlap (matching stopped while payments is
/// killed). After a kill or a restart the injector polls the pid lookup (every
/// ``Configuration/pollInterval``, up to ``Configuration/returnTimeout``) for the service to come back under a
/// new pid, as `quad up --supervise` brings it. When the run ends the task running ``run(startedAt:onEvent:)`` is
/// cancelled: faults not yet due are not performed, and a stopped process is always resumed (SIGCONT) first.
///
/// The processes are real and so is their time: the injector works on the continuous clock, the one the run's
/// start instant comes from.
public actor FaultInjector {
    /// How the injector watches for a service to come back.
    public struct Configuration: Sendable, Hashable {
        /// How often the pid lookup is asked whether the service is back.
        public var pollInterval: Duration
        /// How long a killed or restarted service has to come back before a `not-back` event says it did not.
        public var returnTimeout: Duration

        /// A configuration; see each property.
        public init(pollInterval: Duration, returnTimeout: Duration) {
            self.pollInterval = pollInterval
            self.returnTimeout = returnTimeout
        }

        /// Every 100 ms, up to 60 s.
        public static var defaults: Configuration {
            Configuration(pollInterval: .milliseconds(100), returnTimeout: .seconds(60))
        }
    }

    /// Finds the current pid of a service: nil when it has none; throws when the service is unknown.
    public typealias PIDLookup = @Sendable (String) throws -> Int32?
    /// Finds the control of a service's fault proxy: nil when it has none; throws when the service is unknown.
    public typealias ProxyLookup = @Sendable (String) throws -> FaultProxyControlClient?

    /// The faults.
    public let plan: FaultPlan
    private let pidLookup: PIDLookup
    private let proxyLookup: ProxyLookup
    private let configuration: Configuration
    private var events: [FaultEvent] = []

    /// An injector of `plan`, finding processes through `pidLookup` and fault proxies through `proxyLookup`.
    ///
    /// - Throws: ``FaultPlanError`` before anything runs when a service the plan names is unknown to the lookup,
    ///   has no pid (for kill, stop, restart) or no fault proxy (for delay, drop, reset, partition).
    public init(
        plan: FaultPlan,
        pidLookup: @escaping PIDLookup,
        proxyLookup: @escaping ProxyLookup = { _ in nil },
        configuration: Configuration = .defaults
    ) throws {
        for service in plan.proxiedServices {
            let proxy: FaultProxyControlClient?
            do {
                proxy = try proxyLookup(service)
            } catch let error as FaultPlanError {
                throw error
            } catch {
                throw FaultPlanError(.lookupFailed, "cannot find \(service)'s fault proxy for --fault: \(error)")
            }
            guard proxy != nil else {
                let fault = plan.faults.first { $0.service == service && $0.action.isProxyFault }!
                throw FaultPlanError(
                    .noProxy,
                    "--fault '\(fault)' needs a fault proxy in front of \(service), and endpoints.json lists none: "
                        + "start the system with `quad up --fault-proxy` (the gateway then reaches each service "
                        + "through one)"
                )
            }
        }
        for service in plan.signalledServices {
            let pid: Int32?
            do {
                pid = try pidLookup(service)
            } catch let error as FaultPlanError {
                throw error
            } catch {
                throw FaultPlanError(.lookupFailed, "cannot find \(service)'s pid for --fault: \(error)", cause: error)
            }
            guard pid != nil else {
                throw FaultPlanError(
                    .noPID,
                    "--fault names \(service), which has no pid in endpoints.json: faults signal processes on this "
                        + "machine, so run the system with `quad up --supervise` here (it records every pid)"
                )
            }
        }
        self.plan = plan
        self.pidLookup = pidLookup
        self.proxyLookup = proxyLookup
        self.configuration = configuration
    }

    /// An injector of `plan` finding processes in the endpoints file at `path`, read afresh at each look-up (so
    /// a restarted service is found under its new pid).
    ///
    /// - Throws: ``FaultPlanError`` when the file is missing, does not list a service the plan names, or lists it
    ///   without a pid, or without a fault proxy for a proxy fault.
    public static func forEndpoints(
        plan: FaultPlan,
        path: String,
        configuration: Configuration = .defaults
    ) throws -> FaultInjector {
        try FaultInjector(
            plan: plan,
            pidLookup: endpointsPIDLookup(path: path),
            proxyLookup: endpointsProxyLookup(path: path),
            configuration: configuration
        )
    }

    /// Performs every fault at its time after `startedAt`, reporting each event to `onEvent` as it happens.
    ///
    /// Returns when every fault is done (its service back, or not back in time), or soon after the calling task
    /// is cancelled; a process it stopped is resumed either way. ``recorded`` then holds every event.
    public func run(
        startedAt: ContinuousClock.Instant,
        onEvent: @escaping @Sendable (FaultEvent) -> Void = { _ in }
    ) async {
        let lookup = pidLookup
        let proxies = proxyLookup
        let configuration = configuration
        await withTaskGroup(of: Void.self) { group in
            for fault in plan.faults {
                group.addTask {
                    let performance = FaultPerformance(
                        fault: fault,
                        startedAt: startedAt,
                        pidLookup: lookup,
                        proxyLookup: proxies,
                        configuration: configuration
                    ) { event in
                        await self.record(event)
                        onEvent(event)
                    }
                    await performance.perform()
                }
            }
        }
    }

    /// The events so far, in the order they happened.
    public var recorded: [FaultEvent] { events }

    private func record(_ event: FaultEvent) {
        events.append(event)
    }
}
