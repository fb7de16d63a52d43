/// What a ``FaultProxy`` is doing and has done, as `status` (and every command) answers.
public struct FaultProxyStatus: Sendable, Hashable, CustomStringConvertible {
    /// Added to every chunk.
    public var delay: Duration
    /// Whether bytes are black-holed.
    public var dropping: Bool
    /// Whether connections are reset as they come.
    public var partitioned: Bool
    /// Connections open now.
    public var openConnections: Int
    /// Connections accepted since the start.
    public var accepted: Int
    /// Connections reset by `reset`, `partition` or a heal after `drop`.
    public var reset: Int
    /// Bytes forwarded, both ways.
    public var forwardedBytes: Int
    /// Bytes black-holed by `drop`.
    public var droppedBytes: Int

    /// The status line: `delay=0ms drop=no partition=no open=2 accepted=5 reset=0 forwarded=1234 dropped=0`.
    public var description: String {
        "delay=\(FaultProxyCommand.milliseconds(delay))ms drop=\(dropping ? "yes" : "no") "
            + "partition=\(partitioned ? "yes" : "no") open=\(openConnections) accepted=\(accepted) reset=\(reset) "
            + "forwarded=\(forwardedBytes) dropped=\(droppedBytes)"
    }
}
