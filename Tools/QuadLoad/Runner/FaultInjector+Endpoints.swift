import QuadFaultProxy
import QuadToolKit

extension FaultInjector {
    /// A pid lookup reading the endpoints file at `path` afresh each time (`quad up --supervise` rewrites it with
    /// a restarted service's new pid).
    ///
    /// The lookup throws ``FaultPlanError`` (``FaultPlanError/Code/unknownService``) for a service the file does
    /// not list, naming those it does, and the file's ``CLIError`` when it is missing or does not parse.
    public static func endpointsPIDLookup(path: String) -> PIDLookup {
        { service in
            try endpoint(of: service, in: path).pid
        }
    }

    /// A fault proxy lookup reading the endpoints file at `path` afresh each time: the control of the proxy
    /// `quad up --fault-proxy` put in front of the service, nil when it has none.
    public static func endpointsProxyLookup(path: String) -> ProxyLookup {
        { service in
            try endpoint(of: service, in: path).proxy.map {
                FaultProxyControlClient(address: $0.control, token: $0.token)
            }
        }
    }

    /// The endpoint `service` has in the endpoints file at `path`, read afresh; ``FaultPlanError``
    /// (``FaultPlanError/Code/unknownService``) naming those it lists when it has none.
    private static func endpoint(of service: String, in path: String) throws -> ServiceEndpoint {
        let file = try EndpointsFile.load(path: path)
        guard let endpoint = file.endpoint(named: service) else {
            let known = file.serviceNames.joined(separator: ", ")
            throw FaultPlanError(
                .unknownService,
                "--fault names \(service), which \(path) does not list; it lists \(known)"
            )
        }
        return endpoint
    }
}
