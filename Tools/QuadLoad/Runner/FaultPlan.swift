/// The faults of one run, parsed from `quad-load --fault` values:
///
/// - `kill:SERVICE@AT`: SIGKILL at AT (the supervisor of `quad up --supervise` brings it back);
/// - `stop:SERVICE@AT+FOR`: SIGSTOP at AT, SIGCONT after FOR;
/// - `restart:SERVICE@AT`: SIGTERM at AT, then wait for the supervisor to bring a new pid;
/// - `delay:SERVICE@AT+FOR=DELAY`: the service's fault proxy adds DELAY to every chunk, both ways, from AT for FOR;
/// - `drop:SERVICE@AT+FOR`: the proxy black-holes the service's traffic from AT for FOR;
/// - `reset:SERVICE@AT`: the proxy resets every open connection to the service at AT;
/// - `partition:SERVICE@AT+FOR`: the proxy resets every connection, open and new, from AT for FOR.
///
/// Proxy faults need `quad up --fault-proxy`; they apply to the services behind the gateway, not to the gateway.
/// Times are a number and a unit: `500ms`, `10s`, `1.5s`, `2m`. ``FaultInjector`` performs the plan.
public struct FaultPlan: Sendable, Hashable {
    /// The faults, in the order of their times (those at the same time in the order given).
    public var faults: [Fault]

    /// A plan of `faults`, ordered by time.
    public init(faults: [Fault]) {
        // Sorting by time alone, with the given order as the tie-break (sort is not stable).
        self.faults = faults.enumerated()
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
    }

    /// Parses `--fault` values, one fault each.
    ///
    /// - Throws: ``FaultPlanError`` naming the first value (and the part of it) that is not one of the accepted
    ///   forms.
    public static func parse(_ values: [String]) throws -> FaultPlan {
        FaultPlan(faults: try values.map(parseFault))
    }

    /// The services the plan names, each once, in the order of their first fault.
    public var services: [String] {
        Self.once(faults.map(\.service))
    }

    /// The services the plan signals (kill, stop, restart), each once.
    public var signalledServices: [String] {
        Self.once(faults.filter { !$0.action.isProxyFault }.map(\.service))
    }

    /// The services whose fault proxy the plan commands (delay, drop, reset, partition), each once.
    public var proxiedServices: [String] {
        Self.once(faults.filter(\.action.isProxyFault).map(\.service))
    }

    private static func once(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// Parses one `--fault` value.
    static func parseFault(_ value: String) throws -> Fault {
        guard let colon = value.firstIndex(of: ":") else {
            throw FaultPlanError.refusing(value, .malformed, "no ':' after the action")
        }
        let name = value[..<colon]
        let rest = value[value.index(after: colon)...]
        guard let at = rest.firstIndex(of: "@") else {
            throw FaultPlanError.refusing(value, .malformed, "no '@' before the time")
        }
        let service = rest[..<at]
        guard !service.isEmpty else { throw FaultPlanError.refusing(value, .malformed, "no service before '@'") }
        guard service.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw FaultPlanError.refusing(value, .malformed, "'\(service)' is not a service name")
        }
        var timing = rest[rest.index(after: at)...]
        var amount: Substring?
        if let equals = timing.firstIndex(of: "=") {
            amount = timing[timing.index(after: equals)...]
            timing = timing[..<equals]
        }
        let start: Substring
        let length: Substring?
        if let plus = timing.firstIndex(of: "+") {
            start = timing[..<plus]
            length = timing[timing.index(after: plus)...]
        } else {
            start = timing
            length = nil
        }
        guard let time = FaultTime.parse(start) else {
            throw FaultPlanError.refusing(value, .badTime, "'\(start)' is not a time")
        }
        guard ["kill", "stop", "restart", "delay", "drop", "reset", "partition"].contains(name) else {
            throw FaultPlanError.refusing(value, .unknownAction, "unknown action '\(name)'")
        }
        if let amount, name != "delay" {
            throw FaultPlanError.refusing(value, .malformed, "\(name) takes no amount ('=\(amount)'); only delay does")
        }
        let proxied = ["delay", "drop", "reset", "partition"].contains(name)
        if proxied, service == "gateway" {
            throw FaultPlanError.refusing(
                value,
                .malformed,
                "the gateway has no fault proxy in front of it (proxies sit between the gateway and each service); "
                    + "kill, stop or restart the gateway instead"
            )
        }
        func duration(_ length: Substring?) throws -> Duration {
            guard let length else {
                throw FaultPlanError.refusing(value, .malformed, "\(name) needs a duration: '+FOR' after the time")
            }
            guard let duration = FaultTime.parse(length), duration > .zero else {
                throw FaultPlanError.refusing(value, .badTime, "'\(length)' is not a duration longer than zero")
            }
            return duration
        }
        let action: Fault.Action
        switch (name, length) {
        case ("delay", _):
            let lasting = try duration(length)
            guard let amount else {
                throw FaultPlanError.refusing(value, .malformed, "delay needs the delay: '=DELAY' after the duration")
            }
            guard let delay = FaultTime.parse(amount), delay > .zero else {
                throw FaultPlanError.refusing(value, .badTime, "'\(amount)' is not a delay longer than zero")
            }
            action = .delay(delay, for: lasting)
        case ("drop", _):
            action = .drop(for: try duration(length))
        case ("partition", _):
            action = .partition(for: try duration(length))
        case ("reset", nil):
            action = .reset
        case ("reset", let length?):
            throw FaultPlanError.refusing(value, .malformed, "reset takes no duration ('+\(length)')")
        case ("kill", nil):
            action = .kill
        case ("restart", nil):
            action = .restart
        case ("kill", let length?), ("restart", let length?):
            throw FaultPlanError.refusing(value, .malformed, "\(name) takes no duration ('+\(length)')")
        case ("stop", nil):
            throw FaultPlanError.refusing(value, .malformed, "stop needs a duration: '+FOR' after the time")
        case ("stop", let length?):
            guard let duration = FaultTime.parse(length), duration > .zero else {
                throw FaultPlanError.refusing(value, .badTime, "'\(length)' is not a duration longer than zero")
            }
            action = .stop(for: duration)
        default:
            throw FaultPlanError.refusing(value, .unknownAction, "unknown action '\(name)'")
        }
        return Fault(action: action, service: String(service), at: time)
    }
}
