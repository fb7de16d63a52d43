public import QuadContracts
public import QuadWire

/// Where the sweep asks whether a job exists: jobs' `GetJobStatus` in the service, a table in tests.
public protocol JobStatusSource: Sendable {
    /// How `jobID` stands at jobs.
    ///
    /// - Throws: `RPCError` when jobs cannot answer (UNAVAILABLE when it is down); the sweep asks again later.
    func status(ofJob jobID: String) async throws -> Quad_Jobs_V1_JobStatus
}

/// Jobs' `GetJobStatus` over a transport (`environment.peers.transport("jobs")`).
public struct JobsStatusClient: JobStatusSource {
    private let client: Quad_Jobs_V1_Jobs.Client
    private let timeout: Duration

    /// A client of jobs over `transport`, each call waiting at most `timeout`.
    public init(transport: any ClientTransport, timeout: Duration = .seconds(5)) {
        client = Quad_Jobs_V1_Jobs.Client(transport: transport)
        self.timeout = timeout
    }

    public func status(ofJob jobID: String) async throws -> Quad_Jobs_V1_JobStatus {
        try await client.getJobStatus(.with { $0.jobID = jobID }, options: CallOptions(timeout: timeout))
    }
}
