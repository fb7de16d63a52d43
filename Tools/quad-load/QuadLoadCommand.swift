import QuadWire
public import ArgumentParser
import Foundation
import QuadLoad
import QuadLoadCore
import QuadToolKit

/// `quad-load`: drives whole user journeys through the gateway at a fixed open-loop arrival rate
/// and reports latency without coordinated omission (G8). See docs/load-testing.md.
@main
struct QuadLoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quad-load",
        abstract: "Load-test a running Quad system with user journeys at a fixed arrival rate.",
        discussion: """
            The default mix, campus, is laundry's (customers, dashers, people browsing) with errands: a requester \
            posts a list, another customer accepts it from the feed, shops, uploads the receipt and delivers. \
            Seeds its own people through the gateway (customers with a sandbox card, accepting dashers, and for \
            freight journeys a carrier with --dispatchers and --drivers, for household journeys --households flats of \
            --housemates with chores, a rent bill and cards; the same --seed reuses the same accounts), then starts journeys at --rate per second (Poisson or \
            constant arrivals) for --warmup, --duration and --cooldown (only --duration is measured), never waiting for answers before the next \
            arrival. Latency is measured from each call's intended start (corrected) and from when it was \
            sent (uncorrected). --step raises the rate by --step-factor until p99 or errors pass their \
            bounds (the knee). Writes REPORT.json and REPORT.html, whose headline is the verdict: the journeys' \
            success rate and whether every method stayed within --max-error-rate and --max-p99. Exit status: 0 \
            the run met its bounds and the harness kept its schedule; 4 a fixed-rate run missed a bound (see \
            the report's verdict); 3 the bounds were met but the run was invalid (the harness could not keep \
            the rate); 1 the run could not start (target unreachable, bad certificate); 64 a bad flag.             `quad-load check` checks a run's invariants afterwards (see its --help).
            """,
        subcommands: [CheckCommand.self]
    )

    @Option(help: "The endpoints file `quad up` writes; its gateway is the target.")
    var endpoints = ".quad/endpoints.json"

    @Option(help: "The gateway's host:port, instead of --endpoints (with --ca).")
    var gateway: String?

    @Option(help: "The CA certificate the gateway's certificate chains to (with --gateway).")
    var ca: String?

    @Option(help: "The name on the gateway's certificate (with --gateway).")
    var serverName = "gateway"

    @Option(
        help:
            "A journey or a named mix: campus (laundry, errands and rides), full (every product's journeys), laundry, laundry-customer, laundry-dasher, browsing, errands, errand, login-storm, ping, freight, freight-load, households, household."
    )
    var journey = JourneyMix.defaultName

    @Option(help: "A weighted mix instead of --journey, e.g. browsing=4,laundry-customer=1,laundry-dasher=1.")
    var mix: String?

    @Option(help: "Journeys started per second (fixed mode).")
    var rate: Double = 10

    @Option(help: "The measured part of the run: 30s, 2m, 500ms.")
    var duration = "30s"

    @Option(help: "Run first and left out of the figures.")
    var warmup = "5s"

    @Option(
        help: "Arrivals go on this long after the measured part, left out of it, so journeys waiting on others finish."
    )
    var cooldown = "10s"

    @Option(
        help:
            "After the cool-down, how long journeys that arrived in the measured part may take to end before they are cancelled (and count as failed); sooner once no call has finished for --call-timeout."
    )
    var drain = "30s"

    @Option(help: "Arrivals: poisson or constant.")
    var arrivals: ArrivalProcess = .poisson

    @Option(help: "The seed of arrivals, picks and the seeded people's names.")
    var seed: UInt64 = 1

    @Option(help: "Journeys in flight at most; an arrival beyond waits (counted in its latency) or is dropped.")
    var maxInFlight = 2_000

    @Option(help: "An arrival still waiting for a free slot after this is dropped.")
    var dropAfter = "1s"

    @Option(help: "The deadline of each call.")
    var callTimeout = "10s"

    @Option(help: "Multiplies every think time (0 removes them).")
    var thinkScale: Double = 1

    @Option(help: "Connections to the gateway for journeys that sign no one in (each seeded person has their own).")
    var connections = 8

    @Option(help: "Customers to seed (laundry customers; errand journeys pick their requester and buyer among them).")
    var customers = 40

    @Option(help: "Dashers to seed (one journey at a time each; the laundry mix at R journeys/s keeps about R busy).")
    var dashers = 80

    @Option(help: "The carrier's dispatchers to seed, for freight journeys (any may create the next load).")
    var dispatchers = 10

    @Option(help: "The carrier's drivers to seed, for freight journeys (one journey of about 20 s at a time each).")
    var drivers = 100

    @Option(help: "Households to seed, for household journeys (one journey at a time each).")
    var households = 20

    @Option(help: "Members of each seeded household, the host among them.")
    var housemates = 4

    @Option(help: "The seeded people's password.")
    var password = "quad-load-password"

    @Flag(help: "Step mode: raise the rate from --start-rate until the knee.")
    var step = false

    @Option(help: "Step mode: the first rate.")
    var startRate: Double = 5

    @Option(help: "Step mode: each step's rate is the last one's times this.")
    var stepFactor: Double = 1.25

    @Option(help: "Step mode: stop at this rate.")
    var maxRate: Double = 5_000

    @Option(
        name: [.customLong("max-p99"), .customLong("p99-bound")],
        help: "The bound on each method's corrected p99: a fixed run that passes it exits 4; step mode's knee."
    )
    var maxP99 = "500ms"

    @Option(
        name: [.customLong("max-error-rate"), .customLong("error-bound")],
        help:
            "The bound on each method's share of failed calls, and on failed journeys (0.01 is 1%): a fixed run that passes it exits 4; step mode's knee."
    )
    var maxErrorRate: Double = 0.01

    @Option(
        help:
            "A fault during the run (repeatable): kill:SERVICE@AT, stop:SERVICE@AT+FOR, restart:SERVICE@AT; with quad up --fault-proxy also delay:SERVICE@AT+FOR=DELAY, drop:SERVICE@AT+FOR, reset:SERVICE@AT, partition:SERVICE@AT+FOR."
    )
    var fault: [String] = []

    @Option(help: "The report's path without extension: writes REPORT.json and REPORT.html.")
    var report = "quad-load-report"

    @Option(help: "Also write one JSON line per call, with its trace id, to this file.")
    var callsJsonl: String?

    @Option(help: "How the machine's cores were shared, for the report.")
    var cores = "harness and system on the same machine, sharing its cores"

    @Flag(help: "Say nothing on stderr but errors: no phases, no progress.")
    var quiet = false

    func validate() throws {
        guard rate > 0, rate.isFinite else {
            throw ValidationError("--rate must be a positive number of journeys per second")
        }
        for (flag, text) in [
            ("--duration", duration), ("--warmup", warmup), ("--cooldown", cooldown), ("--drain", drain),
            ("--drop-after", dropAfter), ("--call-timeout", callTimeout), ("--max-p99", maxP99),
        ] {
            guard DurationText.parse(text) != nil else {
                throw ValidationError("\(flag) '\(text)' is not a duration: write it like 30s, 1.5s, 500ms or 2m")
            }
        }
        guard connections >= 1 else { throw ValidationError("--connections must be at least 1") }
        guard maxInFlight >= 1 else { throw ValidationError("--max-in-flight must be at least 1") }
        guard (0...5_000).contains(customers), (0...5_000).contains(dashers), (1...100).contains(dispatchers),
            (0...5_000).contains(drivers)
        else {
            throw ValidationError("--customers, --dashers and --drivers must be 0...5000, --dispatchers 1...100")
        }
        guard (1...1_000).contains(households), (1...50).contains(housemates) else {
            throw ValidationError("--households must be 1...1000 and --housemates 1...50")
        }
        guard (0...1).contains(maxErrorRate) else {
            throw ValidationError("--max-error-rate must be a share of calls from 0 to 1 (0.01 is 1%)")
        }
        guard thinkScale >= 0 else { throw ValidationError("--think-scale must not be negative") }
        if gateway != nil, ca == nil {
            throw ValidationError("--gateway needs --ca, the CA certificate that signed it")
        }
    }

    func run() async throws {
        let mix: JourneyMix
        do {
            mix = try JourneyMix.parse(self.mix ?? journey)
        } catch {
            throw ValidationError("\(error)")
        }
        let faults: FaultPlan
        do {
            faults = try FaultPlan.parse(fault)
        } catch {
            throw ValidationError("\(error)")
        }
        do {
            try await execute(mix: mix, faults: faults)
        } catch let error as CLIError {
            Self.printError("quad-load: \(error.message)")
            throw ExitCode(error.exitCode)
        }
    }

    private func execute(mix: JourneyMix, faults: FaultPlan) async throws {
        let target: LoadTarget
        if let gateway {
            guard let address = HostPort(parsing: gateway) else {
                throw CLIError("--gateway '\(gateway)' is not host:port")
            }
            target = LoadTarget(address: address, serverName: serverName, caPath: ca ?? "")
        } else {
            target = try LoadTarget.endpoints(path: endpoints)
        }
        let injector: FaultInjector? =
            faults.faults.isEmpty ? nil : try FaultInjector.forEndpoints(plan: faults, path: endpoints)

        let client = try target.client(connections: connections)
        defer { client.close() }
        try await target.check(client)

        let progress = ProgressReporter(
            mode: .choose(quiet: quiet, isTerminal: isatty(STDERR_FILENO) == 1)
        )
        var population = Population.empty
        if mix.needsPeople {
            // With endpoints.json, accounts come from identity's operator-only SeedAccounts (one hash per 500
            // people, sessions included); with --gateway there is no operator certificate, so each person
            // registers through the gateway like an app.
            let identity =
                gateway == nil ? try? EndpointsFile.load(path: endpoints).operatorClient(of: "identity") : nil
            defer { identity?.close() }
            let how =
                identity == nil
                ? "registering each through \(target.description) (no operator certificate: slow)"
                : "accounts through identity's SeedAccounts, cards and presence through \(target.description)"
            progress.say("seeding \(customers) customers and \(dashers) dashers (seed \(seed)): \(how)")
            let seedingStarted = ContinuousClock.now
            population = try await Population.seed(
                device: { try target.client(connections: 1, from: target.deviceAddress(index: $0)) },
                customers: customers,
                dashers: dashers,
                seed: seed,
                password: password,
                operatorIdentity: identity
            ) { done, all in progress.update("seeded \(done)/\(all)") }
            let took = (ContinuousClock.now - seedingStarted).seconds
            progress.say("seeded \(customers + dashers) people in \(Self.format(took)) s")
        }
        if mix.needsCarrier {
            guard gateway == nil else {
                throw CLIError("freight journeys seed their carrier with identity's SeedAccounts: use --endpoints")
            }
            let identity = try EndpointsFile.load(path: endpoints).operatorClient(of: "identity")
            defer { identity.close() }
            progress.say("seeding a carrier with \(dispatchers) dispatchers and \(drivers) drivers (seed \(seed))")
            let seedingStarted = ContinuousClock.now
            let (carrier, devices) = try await Population.seedCarrier(
                device: { try target.client(connections: 1, from: target.deviceAddress(index: $0)) },
                firstDevice: customers + dashers,
                dispatchers: dispatchers,
                drivers: drivers,
                seed: seed,
                password: password,
                operatorIdentity: identity
            )
            population = population.adding(carrier: carrier, devices: devices)
            let took = (ContinuousClock.now - seedingStarted).seconds
            progress.say("seeded the carrier in \(Self.format(took)) s")
        }
        if mix.needsHouseholds {
            guard gateway == nil else {
                throw CLIError("household journeys seed their members with identity's SeedAccounts: use --endpoints")
            }
            let identity = try EndpointsFile.load(path: endpoints).operatorClient(of: "identity")
            defer { identity.close() }
            progress.say("seeding \(households) households of \(housemates) (seed \(seed))")
            let seedingStarted = ContinuousClock.now
            let (flats, devices) = try await Population.seedHouseholds(
                device: { try target.client(connections: 1, from: target.deviceAddress(index: $0)) },
                firstDevice: customers + dashers + (mix.needsCarrier ? dispatchers + drivers : 0),
                count: households,
                members: housemates,
                seed: seed,
                password: password,
                operatorIdentity: identity
            )
            population = population.adding(households: flats, devices: devices)
            let took = (ContinuousClock.now - seedingStarted).seconds
            progress.say("seeded the households in \(Self.format(took)) s")
        }
        defer { population.close() }

        let plan = RunPlan(
            rate: rate,
            process: arrivals,
            duration: DurationText.parse(duration)!,
            warmUp: DurationText.parse(warmup)!,
            coolDown: DurationText.parse(cooldown)!,
            seed: seed,
            maxInFlight: maxInFlight,
            dropAfter: DurationText.parse(dropAfter)!,
            callTimeout: DurationText.parse(callTimeout)!,
            thinkScale: thinkScale,
            drainTimeout: DurationText.parse(drain)!
        )
        let bounds = RunBounds(
            maxErrorRatio: maxErrorRate,
            maxP99Milliseconds: DurationText.parse(maxP99)!.milliseconds
        )
        let stepConfiguration =
            step
            ? StepConfiguration(
                startRate: startRate,
                stepFactor: stepFactor,
                maxRate: maxRate,
                bounds: KneeSearch.Bounds(p99Milliseconds: bounds.maxP99Milliseconds, errorRatio: bounds.maxErrorRatio)
            ) : nil
        let test = LoadTest(
            plan: plan,
            step: stepConfiguration,
            mix: mix,
            targetDescription: target.description,
            cores: cores,
            bounds: bounds
        )
        let callLog = try callsJsonl.map { try CallLog(path: $0) }
        defer { callLog?.close() }
        var hook: LoadTest.FaultHook?
        if let injector {
            hook = { @Sendable (clock: RunClock, report: @escaping @Sendable (FaultEvent) -> Void) async in
                await injector.run(startedAt: clock.start, onEvent: report)
            }
        }
        let phases = "warm-up \(warmup), measured \(duration), cool-down \(cooldown)"
        progress.say(
            step
                ? "step mode from \(Self.short(startRate))/s (\(phases) each)"
                : "running \(self.mix ?? journey) at \(Self.short(rate))/s: \(phases)"
        )
        let stepping = step
        let result: LoadReport
        do {
            result = try await test.run(
                transport: client,
                population: population,
                callLog: callLog,
                faults: hook,
                onStep: { rate in if stepping { progress.say("step: \(Self.short(rate))/s") } },
                onProgress: { progress.update($0.line) }
            )
        } catch let error as KneeSearchError {
            throw ValidationError("\(error)")
        }
        progress.finishLine()
        progress.say("run ended; writing the report")
        try write(result)
        Self.summarize(result)
        let outcome = LoadOutcome(result)
        if outcome != .passed { throw ExitCode(outcome.exitStatus) }
    }

    private func write(_ result: LoadReport) throws {
        let json = report + ".json"
        let html = report + ".html"
        do {
            try result.jsonData().write(to: URL(fileURLWithPath: json), options: .atomic)
            try Data(HTMLReport.render(result).utf8).write(to: URL(fileURLWithPath: html), options: .atomic)
        } catch {
            throw CLIError("cannot write the report \(json) / \(html): \(error)", exitCode: 1, cause: error)
        }
        print("report: \(json), \(html)")
    }

    /// The last lines: the verdict first (fixed mode), the harness's validity beside it, one line per run, then the
    /// knee.
    static func summarize(_ report: LoadReport) {
        if let verdict = report.verdict {
            let met = verdict.metBounds ? "met its bounds" : "MISSED ITS BOUNDS"
            print("verdict: \(met): \(verdict.journeysLine); bounds: \(verdict.bounds.description)")
            for breach in verdict.breaches { print("  missed: \(breach)") }
        }
        print(
            report.valid
                ? "harness: valid (it kept its schedule)"
                : "harness: INVALID: " + report.invalidReasons.joined(separator: "; ")
        )
        for run in report.runs {
            let worst = run.slowestMethod.map { "\($0.name) p99 \(format($0.corrected.p99)) ms" } ?? "no calls"
            print(
                "rate \(format(run.achievedRate))/\(format(run.targetRate))/s  calls ok \(run.methods.map(\.ok).reduce(0, +))"
                    + "  errors \(format(run.errorRatio * 100))%  worst \(worst)"
            )
        }
        if let knee = report.knee {
            print("knee: \(knee.kneeRate.map { "\(format($0))/s" } ?? "below the first step") (\(knee.reason))")
        }
        if report.failureCount > 0 {
            print("unexpected failures: \(report.failureCount) (the first are in the report)")
        }
    }

    /// A rate as typed: `50`, `12.5`.
    static func short(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...1)).grouping(.never))
    }

    static func format(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(1)).grouping(.never))
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

extension ArrivalProcess: ExpressibleByArgument {}
