public import Foundation

/// Everything a load run found: the configuration, each run, the knee in step mode, the faults injected and the
/// unexpected failures. Written as JSON (``jsonData()``) and as one HTML page (``HTMLReport``).
public struct LoadReport: Codable, Sendable, Hashable {
    /// The tool that wrote the report: "quad-load".
    public var tool: String
    /// When the run started, ISO 8601.
    public var startedAt: String
    /// How the run was set up.
    public var configuration: RunConfiguration
    /// One run in fixed mode, one per step in step mode.
    public var runs: [RunResult]
    /// Where step mode found the knee; nil in fixed mode.
    public var knee: KneeResult?
    /// Faults injected during the run.
    public var faults: [FaultEvent]
    /// The first ``failuresKept`` unexpected failures.
    public var failures: [FailureRecord]
    /// How many unexpected failures there were in all.
    public var failureCount: Int

    /// How many failure records a report keeps; the rest are only counted.
    public static let failuresKept = 100

    /// Creates a report, keeping the first ``failuresKept`` failures; `failureCount` defaults to how many were given.
    public init(
        tool: String = "quad-load",
        startedAt: String,
        configuration: RunConfiguration,
        runs: [RunResult],
        knee: KneeResult? = nil,
        faults: [FaultEvent] = [],
        failures: [FailureRecord] = [],
        failureCount: Int? = nil
    ) {
        self.tool = tool
        self.startedAt = startedAt
        self.configuration = configuration
        self.runs = runs
        self.knee = knee
        self.faults = faults
        self.failures = Array(failures.prefix(Self.failuresKept))
        self.failureCount = Swift.max(failureCount ?? failures.count, failures.count)
    }

    /// Whether the figures can be trusted: there was at least one run and every run was valid.
    public var valid: Bool {
        !runs.isEmpty && runs.allSatisfy(\.valid)
    }

    /// The headline of a fixed-rate report: the journeys' success and the bounds met or missed, judged on its run
    /// with the configuration's bounds; nil in step mode, where the knee is the headline.
    public var verdict: RunVerdict? {
        guard configuration.step == nil, let run = runs.first else { return nil }
        return RunVerdict.judge(run, bounds: configuration.bounds ?? .defaults)
    }

    /// Why the report is invalid, each reason prefixed with its run's rate; empty when valid.
    public var invalidReasons: [String] {
        if runs.isEmpty { return ["no run finished"] }
        return runs.flatMap { run in
            run.invalidReasons.map { "run at \(NumberFormat.plain(run.targetRate))/s: \($0)" }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case tool, startedAt, configuration, runs, knee, faults, failures, failureCount
        /// Written for readers of the JSON; recomputed from the runs when decoding.
        case valid
        /// Written for readers of the JSON; recomputed from the runs and the bounds when decoding.
        case verdict
    }

    /// Decodes a report; `valid` and `verdict` in the JSON are ignored, being computed from the runs.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tool = try container.decode(String.self, forKey: .tool)
        startedAt = try container.decode(String.self, forKey: .startedAt)
        configuration = try container.decode(RunConfiguration.self, forKey: .configuration)
        runs = try container.decode([RunResult].self, forKey: .runs)
        knee = try container.decodeIfPresent(KneeResult.self, forKey: .knee)
        faults = try container.decode([FaultEvent].self, forKey: .faults)
        failures = try container.decode([FailureRecord].self, forKey: .failures)
        failureCount = try container.decode(Int.self, forKey: .failureCount)
    }

    /// Encodes the report, `valid` and `verdict` included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tool, forKey: .tool)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(runs, forKey: .runs)
        try container.encode(knee, forKey: .knee)
        try container.encode(faults, forKey: .faults)
        try container.encode(failures, forKey: .failures)
        try container.encode(failureCount, forKey: .failureCount)
        try container.encode(valid, forKey: .valid)
        try container.encodeIfPresent(verdict, forKey: .verdict)
    }

    /// The report as pretty JSON with sorted, snake_case keys.
    ///
    /// Dictionary keys that are data (journey names in the mix, status names in errors) are left as they are.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return try encoder.encode(self)
    }

    /// Reads a report written by ``jsonData()``.
    public static func decode(_ data: Data) throws -> LoadReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(LoadReport.self, from: data)
    }
}
