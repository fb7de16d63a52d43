import Foundation
import QuadFaultProxy
import QuadLoadCore

/// One fault of a ``FaultInjector``'s plan, from waiting for its time to its service being back.
struct FaultPerformance: Sendable {
    /// The fault.
    let fault: Fault
    /// The run's start, which ``Fault/at`` counts from.
    let startedAt: ContinuousClock.Instant
    /// Where the service's current pid is found.
    let pidLookup: FaultInjector.PIDLookup
    /// Where the service's fault proxy is found.
    let proxyLookup: FaultInjector.ProxyLookup
    /// How a service's return is watched for.
    let configuration: FaultInjector.Configuration
    /// Where each event goes.
    let emit: @Sendable (FaultEvent) async -> Void

    /// Waits for the fault's time, then performs it; does nothing when cancelled first.
    func perform() async {
        guard (try? await Task.sleep(until: startedAt + fault.at, clock: .continuous)) != nil else { return }
        if fault.action.isProxyFault { return await performThroughProxy() }
        let service = fault.service
        let pid: Int32
        do {
            guard let found = try pidLookup(service) else {
                return await report("failed", "\(fault): \(service) has no pid now")
            }
            pid = found
        } catch {
            return await report("failed", "\(fault): cannot find \(service)'s pid: \(error)")
        }
        switch fault.action {
        case .kill:
            guard await send(SIGKILL, to: pid) else { return }
            await report("kill", "kill \(service) pid \(pid)")
            await awaitReturn(of: pid, since: ContinuousClock.now) { new, after in
                "\(service) back as pid \(new) after \(after)"
            }
        case .stop(let duration):
            guard await send(SIGSTOP, to: pid) else { return }
            await report("stop", "stop \(service) pid \(pid) for \(FaultTime.oneDecimal(duration))")
            // Resume whatever happens to the sleep: a cancelled run must not leave a service frozen.
            let ended = (try? await Task.sleep(for: duration)) == nil
            _ = await send(SIGCONT, to: pid)
            await report("resume", "resume \(service) pid \(pid)" + (ended ? " (the run ended)" : ""))
        case .restart:
            let sent = ContinuousClock.now
            guard await send(SIGTERM, to: pid) else { return }
            await report("restart", "restart \(service) pid \(pid) (SIGTERM)")
            await awaitReturn(of: pid, since: sent) { new, after in
                "restart \(service) pid \(pid) -> \(new) back after \(after)"
            }
        case .delay, .drop, .reset, .partition:
            break
        }
    }

    /// Commands the service's fault proxy, then heals it after the fault's duration (always, even when the run
    /// ends first). The proxy is told the duration too, so it heals itself should quad-load die meanwhile.
    private func performThroughProxy() async {
        let service = fault.service
        let proxy: FaultProxyControlClient
        do {
            guard let found = try proxyLookup(service) else {
                return await report("failed", "\(fault): \(service) has no fault proxy now")
            }
            proxy = found
        } catch {
            return await report("failed", "\(fault): cannot find \(service)'s fault proxy: \(error)")
        }
        let command: FaultProxyCommand
        let lasting: Duration?
        let what: String
        switch fault.action {
        case .delay(let delay, let duration):
            (command, lasting) = (.delay(delay, for: duration), duration)
            what = "delay \(service) by \(FaultTime.format(delay)) for \(FaultTime.oneDecimal(duration))"
        case .drop(let duration):
            (command, lasting) = (.drop(for: duration), duration)
            what = "drop \(service)'s traffic for \(FaultTime.oneDecimal(duration))"
        case .partition(let duration):
            (command, lasting) = (.partition(for: duration), duration)
            what = "partition \(service) for \(FaultTime.oneDecimal(duration))"
        case .reset, .kill, .stop, .restart:
            (command, lasting) = (.reset, nil)
            what = "reset \(service)'s connections"
        }
        let verb = String(command.description.prefix { $0 != " " })
        do {
            let status = try await proxy.send(command)
            await report(verb, "\(what) (proxy: \(status))")
        } catch {
            return await report("failed", "\(fault): \(error)")
        }
        guard let lasting else { return }
        let ended = (try? await Task.sleep(for: lasting)) == nil
        do {
            let status = try await proxy.send(.heal)
            await report("heal", "heal \(service)" + (ended ? " (the run ended)" : "") + " (proxy: \(status))")
        } catch {
            await report("failed", "heal \(service) after \(fault): \(error)")
        }
    }

    /// Polls the pid lookup until it gives a live process other than `old`, then reports it (`back`), or reports
    /// that it did not come back within the timeout (`not-back`); stops quietly when cancelled.
    private func awaitReturn(
        of old: Int32,
        since start: ContinuousClock.Instant,
        detail: (Int32, String) -> String
    ) async {
        let deadline = start + configuration.returnTimeout
        while ContinuousClock.now < deadline {
            // The lookup belongs to another process's file: it is asked again every poll interval.
            if let pid = try? pidLookup(fault.service), pid != old, Self.isAlive(pid) {
                return await report("back", detail(pid, FaultTime.oneDecimal(ContinuousClock.now - start)))
            }
            guard (try? await Task.sleep(for: configuration.pollInterval)) != nil else { return }
        }
        await report(
            "not-back",
            "\(fault.service) did not come back within \(FaultTime.oneDecimal(configuration.returnTimeout))"
                + " after pid \(old) (is quad up running with --supervise?)"
        )
    }

    /// Sends `signal` to `pid`; on failure reports it (`failed`) and returns false.
    private func send(_ signal: Int32, to pid: Int32) async -> Bool {
        guard kill(pid, signal) != 0 else { return true }
        let reason = String(cString: strerror(errno))
        await report("failed", "\(fault): cannot signal \(fault.service) pid \(pid): \(reason)")
        return false
    }

    /// Whether a process `pid` exists (one owned by another user counts).
    private static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    private func report(_ action: String, _ detail: String) async {
        let seconds = (ContinuousClock.now - startedAt).seconds
        await emit(FaultEvent(atSeconds: seconds, action: action, service: fault.service, detail: detail))
    }
}
