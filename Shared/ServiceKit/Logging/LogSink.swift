/// Where ``JSONLogHandler`` writes its lines.
public protocol LogSink: Sendable {
    /// Writes one whole line, newline included, without interleaving it with other lines.
    func write(line: [UInt8])
}
