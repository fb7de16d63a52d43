/// The services of Quad in the order `quad up` starts them: every bounded context first, the gateway last
/// because it calls all the others.
enum ServiceCatalog {
    /// The gateway's name: the one service clients reach and the one `endpoints.json` lists apart.
    static let gateway = "gateway"

    /// Every service, in start order; the gateway is last.
    static let all = ["identity", "jobs", "matching", "payments", "households", "fleet-documents", gateway]

    /// The executable that runs `service`: `quad-<service>`, next to the `quad` binary.
    static func executableName(service: String) -> String {
        "quad-\(service)"
    }
}
