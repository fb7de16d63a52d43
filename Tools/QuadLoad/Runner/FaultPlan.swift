/// The faults of one run, parsed from `quad-load --fault` values:
///
/// - `kill:SERVICE@AT`: SIGKILL at AT (the supervisor of `quad up --supervise` brings it back);
/// - `stop:SERVICE@AT+FOR`: SIGSTOP at AT, SIGCONT after FOR;
/// - `restart:SERVICE@AT`: SIGTERM at AT, then wait for the supervisor to bring a new pid.
///
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
        var seen: Set<String> = []
        return faults.map(\.service).filter { seen.insert($0).inserted }
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
        let timing = rest[rest.index(after: at)...]
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
        let action: Fault.Action
        switch (name, length) {
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
