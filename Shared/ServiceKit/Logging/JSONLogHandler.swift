public import Logging
import Synchronization

/// A swift-log handler that writes one JSON object per line.
///
/// Each line starts with `ts` (RFC 3339 UTC with microseconds), `level`, `label` and `msg`, followed by the
/// merged metadata in sorted key order: the handler's (logger) metadata, overridden by the metadata provider,
/// overridden by the metadata of the call. An error passed to the call appears as `error.message` and
/// `error.type`. Values keep their shape: strings, nested objects and arrays. Nothing else is added.
///
/// ```json
/// {"ts":"2025-03-01T12:00:00.000001Z","level":"info","label":"quad-jobs","msg":"listening","port":"7001"}
/// ```
public struct JSONLogHandler: LogHandler {
    /// The logger's label, written as `label`.
    public let label: String
    /// Metadata attached to this logger.
    public var metadata: Logger.Metadata = [:]
    /// Supplies contextual metadata (request id, trace id) at each log call.
    public var metadataProvider: Logger.MetadataProvider?
    /// The least severe level this logger writes.
    public var logLevel: Logger.Level
    private let sink: any LogSink

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - label: Written as `label` on every line; usually the service name.
    ///   - level: The least severe level written.
    ///   - metadataProvider: Contextual metadata added to every line.
    ///   - sink: Where lines go; standard error unless a test injects one.
    public init(
        label: String,
        level: Logger.Level = .info,
        metadataProvider: Logger.MetadataProvider? = nil,
        sink: any LogSink = StandardErrorLogSink.shared
    ) {
        self.label = label
        self.logLevel = level
        self.metadataProvider = metadataProvider
        self.sink = sink
    }

    /// Gets or sets one metadata value of this logger.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { self.metadata[key] }
        set { self.metadata[key] = newValue }
    }

    /// Writes the event as one JSON line.
    public func log(event: LogEvent) {
        var merged = self.metadata
        if let provided = self.metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata, !explicit.isEmpty {
            merged.merge(explicit) { _, explicit in explicit }
        }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let line = JSONLogLine.encode(
            timestamp: RFC3339Timestamp.now(),
            level: event.level,
            label: self.label,
            message: event.message.description,
            metadata: merged
        )
        self.sink.write(line: line)
    }
}

extension JSONLogHandler {
    private static let bootstrapped = Mutex(false)

    /// Makes every logger in the process write JSON lines to standard error, and returns a logger for `label`.
    ///
    /// Safe to call more than once: only the first call installs the handler (swift-log allows one bootstrap
    /// per process); later calls only make a logger.
    ///
    /// - Parameters:
    ///   - label: The label of the returned logger, usually the service name (`quad-jobs`).
    ///   - level: The least severe level written by every logger.
    ///   - metadataProvider: Contextual metadata added to every line (request id, trace id).
    @discardableResult
    public static func bootstrap(
        label: String,
        level: Logger.Level,
        metadataProvider: Logger.MetadataProvider? = nil
    ) -> Logger {
        let isFirst = Self.bootstrapped.withLock { bootstrapped in
            defer { bootstrapped = true }
            return !bootstrapped
        }
        if isFirst {
            LoggingSystem.bootstrap(
                { label, provider in JSONLogHandler(label: label, level: level, metadataProvider: provider) },
                metadataProvider: metadataProvider
            )
        }
        return Logger(label: label)
    }
}
