import QuadToolKit
extension EndpointsFile {
    /// The endpoints of `ready` (the ready files of the services `quad up` started), with the CA and client
    /// certificate paths given; the gateway goes under `gateway`, every other service under `services`, each with
    /// its name as the server name, the pid its ready file gave and its status: `exited` (with how, e.g.
    /// `signal 9`) for those in `exited`, `restarting` for those in `restarting`, `running` for the rest, and the
    /// fault proxy in front of it, if any, from `proxies`.
    init(
        ca: String,
        clientCertificate: String,
        clientKey: String,
        ready: [ReadyFile],
        restarting: Set<String> = [],
        exited: [String: String] = [:],
        proxies: [String: ProxyEndpoint] = [:]
    ) {
        var services: [String: ServiceEndpoint] = [:]
        var gateway: ServiceEndpoint?
        for file in ready {
            let how = exited[file.service]
            let status: ServiceStatus =
                how != nil ? .exited : restarting.contains(file.service) ? .restarting : .running
            let endpoint = ServiceEndpoint(
                rpc: file.rpc,
                admin: file.admin,
                serverName: file.service,
                pid: file.pid,
                status: status,
                exit: how,
                proxy: proxies[file.service]
            )
            if file.service == ServiceCatalog.gateway {
                gateway = endpoint
            } else {
                services[file.service] = endpoint
            }
        }
        self.init(
            ca: ca,
            clientCertificate: clientCertificate,
            clientKey: clientKey,
            services: services,
            gateway: gateway
        )
    }
}
