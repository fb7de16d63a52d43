import QuadLoad
import Testing

/// `quad-load --fault` values: the accepted forms and a clear refusal of everything else.
@Suite("fault plans")
struct FaultPlanTests {
    @Test(
        "parses each accepted form",
        arguments: [
            ("kill:payments@10s", Fault(action: .kill, service: "payments", at: .seconds(10))),
            ("kill:payments@1.5s", Fault(action: .kill, service: "payments", at: .milliseconds(1500))),
            ("stop:match@500ms+3s", Fault(action: .stop(for: .seconds(3)), service: "match", at: .milliseconds(500))),
            ("stop:jobs@2m+250ms", Fault(action: .stop(for: .milliseconds(250)), service: "jobs", at: .seconds(120))),
            ("restart:fleet-documents@0s", Fault(action: .restart, service: "fleet-documents", at: .zero)),
            ("restart:gateway@0.25m", Fault(action: .restart, service: "gateway", at: .seconds(15))),
            ("kill:gateway@3s", Fault(action: .kill, service: "gateway", at: .seconds(3))),
            (
                "delay:jobs@10s+5s=200ms",
                Fault(action: .delay(.milliseconds(200), for: .seconds(5)), service: "jobs", at: .seconds(10))
            ),
            ("drop:payments@20s+3s", Fault(action: .drop(for: .seconds(3)), service: "payments", at: .seconds(20))),
            ("reset:matching@30s", Fault(action: .reset, service: "matching", at: .seconds(30))),
            (
                "partition:identity@40s+5s",
                Fault(action: .partition(for: .seconds(5)), service: "identity", at: .seconds(40))
            ),
        ]
    )
    func parses(value: String, expected: Fault) throws {
        // When a value in an accepted form is parsed
        let plan = try FaultPlan.parse([value])
        // Then it is the fault it says
        #expect(plan.faults == [expected])
    }

    @Test("writes a fault back in the form it was given")
    func description() throws {
        // Given values already in time order (a plan orders its faults by time)
        let values = [
            "stop:matching@500ms+1.5s", "restart:jobs@2s", "kill:payments@10s", "delay:jobs@10s+5s=200ms",
            "drop:payments@20s+3s", "reset:matching@30s", "partition:identity@40s+5s",
        ]
        #expect(try FaultPlan.parse(values).faults.map(\.description) == values)
    }

    @Test("orders the faults by time, keeping the given order for equal times, and lists each service once")
    func ordering() throws {
        // Given faults out of order, two at the same time
        let plan = try FaultPlan.parse(["restart:jobs@30s", "kill:payments@10s", "stop:jobs@10s+1s"])
        // Then they run in time order, the two at 10 s in the order given
        #expect(plan.faults.map(\.description) == ["kill:payments@10s", "stop:jobs@10s+1s", "restart:jobs@30s"])
        #expect(plan.services == ["payments", "jobs"])
        // And no value is no fault
        #expect(try FaultPlan.parse([]).faults.isEmpty)
    }

    @Test(
        "refuses a value not in an accepted form, naming the bad part",
        arguments: [
            ("payments@10s", FaultPlanError.Code.malformed, "no ':' after the action"),
            ("kill:payments", .malformed, "no '@' before the time"),
            ("kill:@10s", .malformed, "no service before '@'"),
            ("kill:pay ments@10s", .malformed, "'pay ments' is not a service name"),
            ("explode:payments@10s", .unknownAction, "unknown action 'explode'"),
            ("kill:payments@10", .badTime, "'10' is not a time"),
            ("kill:payments@ten s", .badTime, "'ten s' is not a time"),
            ("kill:payments@-1s", .badTime, "'-1s' is not a time"),
            ("kill:payments@1e3s", .badTime, "'1e3s' is not a time"),
            ("kill:payments@10h", .badTime, "'10h' is not a time"),
            ("kill:payments@10s+3s", .malformed, "kill takes no duration ('+3s')"),
            ("restart:jobs@10s+3s", .malformed, "restart takes no duration ('+3s')"),
            ("stop:matching@10s", .malformed, "stop needs a duration: '+FOR' after the time"),
            ("stop:matching@10s+0s", .badTime, "'0s' is not a duration longer than zero"),
            ("stop:matching@10s+", .badTime, "'' is not a duration longer than zero"),
            ("delay:jobs@10s+5s", .malformed, "delay needs the delay: '=DELAY' after the duration"),
            ("delay:jobs@10s=200ms", .malformed, "delay needs a duration: '+FOR' after the time"),
            ("delay:jobs@10s+5s=soon", .badTime, "'soon' is not a delay longer than zero"),
            ("delay:jobs@10s+5s=0ms", .badTime, "'0ms' is not a delay longer than zero"),
            ("drop:payments@20s", .malformed, "drop needs a duration: '+FOR' after the time"),
            ("drop:payments@20s+3s=1s", .malformed, "drop takes no amount ('=1s'); only delay does"),
            ("partition:identity@40s", .malformed, "partition needs a duration: '+FOR' after the time"),
            ("partition:identity@40s+0s", .badTime, "'0s' is not a duration longer than zero"),
            ("reset:matching@30s+1s", .malformed, "reset takes no duration ('+1s')"),
            (
                "delay:gateway@1s+1s=10ms", .malformed,
                "the gateway has no fault proxy in front of it (proxies sit between the gateway and each service); "
                    + "kill, stop or restart the gateway instead"
            ),
        ]
    )
    func refuses(value: String, code: FaultPlanError.Code, problem: String) {
        // When a value in no accepted form is parsed
        let error = #expect(throws: FaultPlanError.self) { try FaultPlan.parse(["kill:jobs@1s", value]) }
        // Then the error quotes the value, says what is wrong with it and shows the accepted forms
        #expect(error?.code == code)
        #expect(error?.message == "--fault '\(value)': \(problem); write \(FaultPlanError.acceptedForms)")
        #expect(error?.message.contains("kill:SERVICE@AT, stop:SERVICE@AT+FOR, restart:SERVICE@AT") == true)
        #expect(error?.message.contains("delay:SERVICE@AT+FOR=DELAY") == true)
        #expect(error?.message.contains("10s, 1.5s, 500ms, 2m") == true)
    }

    @Test("tells the signalled services from the proxied ones")
    func proxiedServices() throws {
        let plan = try FaultPlan.parse(["kill:jobs@1s", "delay:payments@2s+1s=50ms", "reset:jobs@3s"])
        #expect(plan.signalledServices == ["jobs"])
        #expect(plan.proxiedServices == ["payments", "jobs"])
    }

    @Test("refuses a proxy fault when the system has no fault proxies, naming the flag")
    func refusesWithoutProxies() throws {
        let plan = try FaultPlan.parse(["drop:payments@20s+3s"])
        let error = #expect(throws: FaultPlanError.self) {
            try FaultInjector(plan: plan, pidLookup: { _ in 42 }, proxyLookup: { _ in nil })
        }
        #expect(error?.code == .noProxy)
        #expect(error?.message.contains("drop:payments@20s+3s") == true)
        #expect(error?.message.contains("quad up --fault-proxy") == true)
    }
}
