/// A call that failed in a way its journey did not expect: kept for the report while the run goes on.
public struct FailureRecord: Codable, Sendable, Hashable {
    /// Seconds since the run's start.
    public var atSeconds: Double
    /// The journey the call belonged to.
    public var journey: String
    /// The method called.
    public var method: String
    /// The status name, e.g. "INTERNAL".
    public var status: String
    /// The status message the server sent.
    public var message: String

    /// Creates a record.
    public init(atSeconds: Double, journey: String, method: String, status: String, message: String) {
        self.atSeconds = atSeconds
        self.journey = journey
        self.method = method
        self.status = status
        self.message = message
    }
}
