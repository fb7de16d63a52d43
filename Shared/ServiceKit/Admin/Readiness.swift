/// Whether one part of a service can take traffic.
public enum Readiness: Sendable, Hashable {
    /// Ready for traffic.
    case ready
    /// Not ready; the reason is shown on `/readyz` (e.g. "database migrating", "draining").
    case notReady(String)
}
