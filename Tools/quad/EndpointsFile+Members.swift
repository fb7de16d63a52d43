import QuadToolKit
extension EndpointsFile {
    /// The endpoints of `members` (ready services), with the CA and client certificate paths given; the gateway
    /// goes under `gateway`, every other service under `services`, each with its name as the server name and the
    /// pid its ready file gave.
    init(ca: String, clientCertificate: String, clientKey: String, ready: [ReadyFile]) {
        var services: [String: ServiceEndpoint] = [:]
        var gateway: ServiceEndpoint?
        for file in ready {
            let endpoint = ServiceEndpoint(rpc: file.rpc, admin: file.admin, serverName: file.service, pid: file.pid)
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
