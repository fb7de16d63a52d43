/// What a ``FaultProxy`` is told to do, as its control port reads it: one line, `TOKEN VERB [ARGUMENTS]`.
///
/// | line | what the proxy does |
/// |---|---|
/// | `delay MS [FOR_MS]` | adds MS milliseconds to every chunk, both ways (in order) |
/// | `drop [FOR_MS]` | black-holes every byte both ways; connections stay open (a silent peer) |
/// | `reset` | resets (RST) every open connection, then accepts new ones as before |
/// | `partition [FOR_MS]` | resets every open connection and every new one until healed |
/// | `heal` | back to plain forwarding; a connection that lost bytes to `drop` is reset (its stream has a gap) |
/// | `status` | changes nothing; answers the state |
///
/// With FOR_MS the proxy heals itself after that long, so a fault outlives no crashed controller.
public enum FaultProxyCommand: Sendable, Hashable, CustomStringConvertible {
    /// Delay every chunk, both ways, by the duration; heal after `for` when given.
    case delay(Duration, for: Duration?)
    /// Black-hole every byte; heal after `for` when given.
    case drop(for: Duration?)
    /// Reset every open connection.
    case reset
    /// Reset every open and new connection; heal after `for` when given.
    case partition(for: Duration?)
    /// Plain forwarding again.
    case heal
    /// Nothing: the answer is the state.
    case status

    /// The command as its control line writes it, without the token: `delay 200 5000`, `reset`.
    public var description: String {
        func ms(_ duration: Duration) -> String { String(Self.milliseconds(duration)) }
        func suffix(_ duration: Duration?) -> String { duration.map { " " + ms($0) } ?? "" }
        switch self {
        case .delay(let delay, let duration): return "delay \(ms(delay))" + suffix(duration)
        case .drop(let duration): return "drop" + suffix(duration)
        case .reset: return "reset"
        case .partition(let duration): return "partition" + suffix(duration)
        case .heal: return "heal"
        case .status: return "status"
        }
    }

    /// Parses a line's words after the token.
    ///
    /// - Throws: ``FaultProxyError`` (``FaultProxyError/Code/badCommand``) naming the bad word.
    public static func parse(_ words: [Substring]) throws -> FaultProxyCommand {
        guard let verb = words.first else { throw FaultProxyError(.badCommand, "empty command") }
        let arguments = words.dropFirst()
        func duration(_ word: Substring, _ what: String) throws -> Duration {
            guard let value = Int64(word), value >= 0, value <= 86_400_000 else {
                throw FaultProxyError(.badCommand, "\(verb): \(what) '\(word)' is not whole milliseconds (0-86400000)")
            }
            return .milliseconds(value)
        }
        func optionalFor(_ words: ArraySlice<Substring>) throws -> Duration? {
            guard words.count <= 1 else { throw FaultProxyError(.badCommand, "\(verb): too many arguments") }
            return try words.first.map { try duration($0, "FOR_MS") }
        }
        switch verb {
        case "delay":
            guard let first = arguments.first else {
                throw FaultProxyError(.badCommand, "delay needs the delay in milliseconds: delay MS [FOR_MS]")
            }
            return .delay(try duration(first, "MS"), for: try optionalFor(arguments.dropFirst()))
        case "drop": return .drop(for: try optionalFor(arguments))
        case "partition": return .partition(for: try optionalFor(arguments))
        case "reset", "heal", "status":
            guard arguments.isEmpty else { throw FaultProxyError(.badCommand, "\(verb) takes no arguments") }
            return verb == "reset" ? .reset : verb == "heal" ? .heal : .status
        default:
            throw FaultProxyError(
                .badCommand,
                "unknown command '\(verb)'; known: delay MS [FOR_MS], drop [FOR_MS], reset, partition [FOR_MS], heal, status"
            )
        }
    }

    /// Whole milliseconds of `duration`.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
