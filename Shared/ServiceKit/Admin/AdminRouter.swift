import Prometheus

/// Maps an admin request to its response: the routes, with no networking in sight.
struct AdminRouter: Sendable {
    let registry: PrometheusCollectorRegistry
    let readinessChecks: ReadinessChecks

    /// Answers `GET /healthz`, `GET /readyz` and `GET /metrics`; other paths 404, other methods 405.
    func respond(method: String, uri: String) async -> AdminResponse {
        let path = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let isKnownPath = ["/healthz", "/readyz", "/metrics"].contains(path)
        guard isKnownPath else {
            return .text(404, "not found: \(path)\nroutes: /healthz /readyz /metrics")
        }
        guard method == "GET" else {
            return .text(405, "method \(method) not allowed; use GET", headers: [("allow", "GET")])
        }
        switch path {
        case "/healthz":
            return .text(200, "ok")
        case "/readyz":
            let reasons = await self.readinessChecks.notReadyReasons()
            return reasons.isEmpty ? .text(200, "ready") : .text(503, reasons.joined(separator: "\n"))
        default:
            return AdminResponse(
                status: 200,
                contentType: AdminResponse.prometheusContentType,
                body: self.registry.emitToBuffer()
            )
        }
    }
}
