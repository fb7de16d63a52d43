import Foundation
import NIOCore
import NIOPosix

// quad-bench: one side of one benchmark run.
//
//   quad-bench certs --dir DIR
//   quad-bench server --impl quad|quad-pb|raw|grpc|hummingbird --port P --certs DIR [--ready-file F]
//                     [--count-allocations FILE]   (with LD_PRELOAD=libMallocInterposerSwift.so)
//   quad-bench client --impl … --port P --certs DIR --payload 64 --in-flight 64
//                     [--warmup 3] [--duration 10] [--server-pid PID] [--alloc-file FILE]
//   quad-bench documents-copy | documents-memory | raw-copy | raw-copy-server …   (documents.sh: 25 MiB
//                     documents through the gateway and direct against a raw TLS copy; DocumentsBench.swift)
//   quad-bench jobs-reads-seed | jobs-reads-server | jobs-reads-load …   (jobs-reads.sh: quad-jobs against
//                     the same reads over Hummingbird HTTP/1.1 + JSON, open loop; see JobsReadsLoad.swift)
//   quad-bench errands-seed | errands-feed | errands-accept …   (errands.sh: the errand feed's filtered pages
//                     through the gateway and direct, and buyers racing to accept; see ErrandsFeedBench.swift)
//   quad-bench households-expenses | households-balances | households-reminders | households-event-inserts …
//                     (households.sh: GetBalances of a household with 10,000 expenses against recomputing them, and
//                     the reminder scheduler at 1,000 due a second; HouseholdsBalancesBench, HouseholdsRemindersBench)
//   quad-bench rides-offers | rides-search …   (rides.sh: 50,000 ride offers delivered to matching, then SearchRides
//                     through the gateway at 500 a second, on the index and on the full scan; RidesBench.swift)
//
// The client prints one JSON line (RunResult). run.sh pins each side to its own core.

struct ServerOptions: Sendable {
    var impl: String
    var port: Int
    var certificates: CertificatePaths
    var readyFile: String?
    /// Count allocations and report them to this file on SIGUSR1 (AllocationCounter).
    var countAllocations: String?
}

struct ClientOptions: Sendable {
    var impl: String
    var port: Int
    var certificates: CertificatePaths
    var payload: Int
    var inFlight: Int
    var warmup: Double
    var duration: Double
    var serverPID: Int32?
    /// The server's allocation report file, in an allocation pass.
    var allocFile: String?

    var window: Window { Window(warmupSeconds: warmup, durationSeconds: duration) }
    var payloadBytes: [UInt8] { (0..<payload).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }
}

enum Implementation: String, CaseIterable {
    case quad
    case quadProtobuf = "quad-pb"
    case raw
    case grpc
    case hummingbird
}

struct Arguments {
    private var values: [String: String] = [:]
    let command: String

    init(_ arguments: [String]) throws {
        guard let command = arguments.first else {
            throw UsageError("missing command (certs, server, client, identity)")
        }
        self.command = command
        var index = 1
        while index < arguments.count {
            let flag = arguments[index]
            guard flag.hasPrefix("--") else { throw UsageError("unexpected argument \(flag)") }
            let name = String(flag.dropFirst(2))
            if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
                values[name] = arguments[index + 1]
                index += 2
            } else {
                values[name] = "true"
                index += 1
            }
        }
    }

    /// Sets `--name value`, for a command that calls a second server with the same flags.
    mutating func set(_ name: String, _ value: String) { values[name] = value }

    func string(_ name: String) throws -> String {
        guard let value = values[name] else { throw UsageError("missing --\(name)") }
        return value
    }

    func optional(_ name: String) -> String? { values[name] }

    func int(_ name: String, default fallback: Int? = nil) throws -> Int {
        guard let text = values[name] else {
            if let fallback { return fallback }
            throw UsageError("missing --\(name)")
        }
        guard let value = Int(text) else { throw UsageError("--\(name) wants an integer, not \(text)") }
        return value
    }

    func double(_ name: String, default fallback: Double) throws -> Double {
        guard let text = values[name] else { return fallback }
        guard let value = Double(text) else { throw UsageError("--\(name) wants a number, not \(text)") }
        return value
    }

    func implementation() throws -> Implementation {
        let name = try string("impl")
        guard let impl = Implementation(rawValue: name) else {
            throw UsageError("unknown --impl \(name); one of \(Implementation.allCases.map(\.rawValue))")
        }
        return impl
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One event loop thread for every implementation, so each side uses one core's worth of NIO.
let benchEventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)

func announceReady(_ options: ServerOptions, port: Int) {
    let line = "{\"port\":\(port),\"pid\":\(getpid())}\n"
    if let file = options.readyFile { try? line.write(toFile: file, atomically: true, encoding: .utf8) }
    FileHandle.standardError.write(Data("ready \(line)".utf8))
}

func printResult(_ result: RunResult) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    print(String(decoding: try encoder.encode(result), as: UTF8.self))
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    switch arguments.command {
    case "certs":
        try BenchCertificates.mint(into: try arguments.string("dir"))
    case "server":
        let options = ServerOptions(
            impl: try arguments.string("impl"),
            port: try arguments.int("port", default: 0),
            certificates: CertificatePaths(directory: try arguments.string("certs")),
            readyFile: arguments.optional("ready-file"),
            countAllocations: arguments.optional("count-allocations")
        )
        if let path = options.countAllocations { try AllocationCounter.startCounting(reportingTo: path) }
        switch try arguments.implementation() {
        case .quad, .quadProtobuf: try await QuadBench.serve(options)
        case .raw: try await RawBench.serve(options)
        case .grpc: try await GRPCBench.serve(options)
        case .hummingbird: try await HummingbirdBench.serve(options)
        }
    case "client":
        let options = ClientOptions(
            impl: try arguments.string("impl"),
            port: try arguments.int("port"),
            certificates: CertificatePaths(directory: try arguments.string("certs")),
            payload: try arguments.int("payload", default: 64),
            inFlight: try arguments.int("in-flight", default: 1),
            warmup: try arguments.double("warmup", default: 3),
            duration: try arguments.double("duration", default: 10),
            serverPID: arguments.optional("server-pid").flatMap { Int32($0) },
            allocFile: arguments.optional("alloc-file")
        )
        let result: RunResult
        switch try arguments.implementation() {
        case .quad: result = try await QuadBench.runClient(options, protobuf: false)
        case .quadProtobuf: result = try await QuadBench.runClient(options, protobuf: true)
        case .raw: result = try await RawBench.runClient(options)
        case .grpc: result = try await GRPCBench.runClient(options)
        case .hummingbird: result = try await HummingbirdBench.runClient(options)
        }
        try printResult(result)
    case "identity":
        try await IdentityBench.run(arguments)
    case "profile-reads":
        try await ProfileReadBench.run(arguments)
    case "overload":
        try await OverloadBench.run(arguments)
    case "laundry-submit":
        try await LaundryBench.run(arguments, assign: false)
    case "laundry-assign":
        try await LaundryBench.run(arguments, assign: true)
    case "freight-pings":
        try await FreightPingsBench.run(arguments)
    case "storage-writes":
        try await StorageWritesBench.run(arguments)
    case "idle-connections":
        try await IdleConnectionsBench.run(arguments)
    case "connection-storm":
        try await ConnectionStormBench.run(arguments)
    case "documents-copy":
        try await DocumentsBench.copy(arguments)
    case "documents-memory":
        try await DocumentsBench.memory(arguments)
    case "raw-copy-server":
        try await RawCopyBench.serve(arguments)
    case "raw-copy":
        try await RawCopyBench.run(arguments)
    case "probe":
        try await ProbeBench.run(arguments)
    case "jobs-reads-seed":
        try await JobsReadsSeed.run(arguments)
    case "jobs-reads-server":
        try await JobsReadsHummingbird.serve(arguments)
    case "jobs-reads-load":
        try await JobsReadsLoad.run(arguments)
    case "errands-seed":
        try await ErrandsSeedBench.run(arguments)
    case "errands-feed":
        try await ErrandsFeedBench.run(arguments)
    case "errands-accept":
        try await ErrandsAcceptBench.run(arguments)
    case "households-expenses":
        try await HouseholdsBalancesBench.seed(arguments)
    case "households-balances":
        try await HouseholdsBalancesBench.run(arguments)
    case "households-reminders":
        try await HouseholdsRemindersBench.run(arguments)
    case "households-event-inserts":
        try await HouseholdsRemindersBench.inserts(arguments)
    case "rides-offers":
        try await RidesBench.offers(arguments)
    case "rides-search":
        try await RidesBench.search(arguments)
    default:
        throw UsageError("unknown command \(arguments.command)")
    }
} catch {
    FileHandle.standardError.write(Data("quad-bench: \(error)\n".utf8))
    exit(1)
}
