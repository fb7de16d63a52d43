import Crypto
import Foundation
import Logging
import QuadCertificates
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireNIO
import Synchronization

/// The document store with 25 MiB files (issue 13 item 8), through the gateway or straight to quad-fleet-documents.
///
///   quad-bench documents-copy --rpc 127.0.0.1:P --certs-dir DIR --server-name gateway|fleet-documents
///                             [--identity-rpc 127.0.0.1:P] [--size-mib 25] [--transfers 5] [--warmup-transfers 1]
///                             [--server-pid PID] [--upstream-pid PID]
///   quad-bench documents-memory (the same connection flags) [--uploads 16] [--size-mib 25]
///                             --documents-pid PID [--gateway-pid PID]
///
/// Each registers one person (through the gateway, or straight to identity at `--identity-rpc` when the target is
/// fleet-documents, which is then called with the gateway's certificate and the person's `x-quad-caller`, as the
/// gateway calls it) and uploads a profile picture of `size-mib` MiB: PNG's signature, then bytes (A8 takes any PNG
/// up to the 25 MiB cap), in 256 KiB chunks after the metadata, as the apps send it.
///
/// `documents-copy` times `transfers` uploads one after another on one connection, then as many downloads of the
/// last upload, after `warmup-transfers` of each (and one ListDocuments, so every connection on the way is open),
/// checking each answer's SHA-256 against the file's and each download's bytes after the clock stopped. It prints
/// one JSON line (``CopyResult``): seconds per transfer, MiB/s, the CPU the server (`--server-pid`), the service
/// behind it (`--upstream-pid`) and this client spent per transfer, and each upload's tail: from the last chunk handed
/// to the transport (which waits for credit, so the service has taken all but the last window) to the answer.
///
/// `documents-memory` runs `uploads` uploads at once, each on a connection of its own, while it samples the resident
/// memory of quad-fleet-documents (and of the gateway, when given) every 2 ms (VmRSS), after resetting their
/// high-water marks (`clear_refs` 5) so that VmHWM in /proc/PID/status is the peak of the uploads alone. Prints one
/// JSON line (``MemoryResult``).
enum DocumentsBench {
    static let chunkSize = 256 * 1_024

    /// The file every run moves: PNG's eight-byte signature, `variant` as eight bytes, then a fixed pattern.
    static func file(size: Int, variant: UInt64 = 0) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for index in 0..<min(size, 8) { bytes[index] = signature[index] }
        for index in 8..<min(size, 16) { bytes[index] = UInt8(truncatingIfNeeded: variant >> (8 * UInt64(index - 8))) }
        if size > 16 {
            for index in 16..<size { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
        }
        return bytes
    }

    static func hex(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    // MARK: Results

    /// One direction's timed transfers.
    struct Phase: Codable {
        var seconds: [Double] = []
        var serverCPUSeconds: [Double] = []
        var upstreamCPUSeconds: [Double] = []
        var clientCPUSeconds: [Double] = []
        /// Uploads through quad: from the last chunk handed to the transport to the answer.
        var tailSeconds: [Double] = []
        var medianTailSeconds: Double?
        var medianSeconds: Double?
        var medianMiBPerSecond: Double?
        var serverCPUSecondsPerTransfer: Double?
        var upstreamCPUSecondsPerTransfer: Double?
        var clientCPUSecondsPerTransfer: Double?

        mutating func add(_ sample: Probe.Sample) {
            seconds.append(sample.seconds)
            if let server = sample.serverCPU { serverCPUSeconds.append(server) }
            if let upstream = sample.upstreamCPU { upstreamCPUSeconds.append(upstream) }
            clientCPUSeconds.append(sample.clientCPU)
        }

        mutating func summarise(sizeBytes: Int) {
            func median(_ values: [Double]) -> Double? {
                guard !values.isEmpty else { return nil }
                let sorted = values.sorted()
                return sorted.count % 2 == 1
                    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            }
            medianSeconds = median(seconds)
            medianTailSeconds = median(tailSeconds)
            medianMiBPerSecond = medianSeconds.map { Double(sizeBytes) / 1_048_576 / $0 }
            // CPU ticks are 10 ms: the mean over the transfers, not a median of coarse values.
            func mean(_ values: [Double]) -> Double? {
                values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
            }
            serverCPUSecondsPerTransfer = mean(serverCPUSeconds)
            upstreamCPUSecondsPerTransfer = mean(upstreamCPUSeconds)
            clientCPUSecondsPerTransfer = mean(clientCPUSeconds)
        }
    }

    struct CopyResult: Codable {
        var impl: String
        var sizeBytes: Int
        var upload = Phase()
        var download = Phase()
        var sha256Verified = false
    }

    /// Wall time and CPU over one transfer.
    struct Probe {
        struct Sample {
            var seconds: Double
            var serverCPU: Double?
            var upstreamCPU: Double?
            var clientCPU: Double
        }

        let serverPID: Int32?
        let upstreamPID: Int32?
        let start = monotonicNanos()
        let server: Double?
        let upstream: Double?
        let client = selfCPUMicros()

        init(serverPID: Int32?, upstreamPID: Int32?) {
            self.serverPID = serverPID
            self.upstreamPID = upstreamPID
            server = serverPID.flatMap(processCPUMicros)
            upstream = upstreamPID.flatMap(processCPUMicros)
        }

        func end() -> Sample {
            let seconds = Double(monotonicNanos() - start) / 1e9
            func delta(_ pid: Int32?, _ before: Double?) -> Double? {
                guard let pid, let before, let after = processCPUMicros(pid: pid) else { return nil }
                return (after - before) / 1e6
            }
            return Sample(
                seconds: seconds,
                serverCPU: delta(serverPID, server),
                upstreamCPU: delta(upstreamPID, upstream),
                clientCPU: (selfCPUMicros() - client) / 1e6
            )
        }
    }

    static func print<T: Encodable>(_ result: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        Swift.print(String(decoding: try encoder.encode(result), as: UTF8.self))
    }

    // MARK: Connecting

    /// Where the documents go, and as whom.
    struct Target {
        let endpoint: BenchEndpoint
        let tls: TLSSettings
        let options: CallOptions
        let userID: String
        let logger: Logger

        var impl: String { endpoint.isGateway ? "gateway" : "direct" }

        func client() -> QuadClient { endpoint.client(tls: tls, logger: logger) }

        /// Registers one person and says how to call as them.
        static func connect(_ arguments: Arguments) async throws -> Target {
            let endpoint = try BenchEndpoint(arguments)
            var logger = Logger(label: "quad-bench.documents")
            logger.logLevel = .warning
            let registration = IdentityBench.registration(
                email: "uploader\(UInt32.random(in: 0...UInt32.max))@northfield.edu",
                room: "101"
            )
            let timeout = Duration.seconds(60)
            if endpoint.isGateway {
                let tls = try endpoint.tls()
                let client = endpoint.client(tls: tls, logger: logger)
                defer { client.close() }
                let answer = try await Quad_Identity_V1_Identity.Client(transport: client).register(registration)
                return Target(
                    endpoint: endpoint,
                    tls: tls,
                    options: CallOptions(
                        timeout: timeout,
                        metadata: ["authorization": "Bearer \(answer.session.accessToken)"]
                    ),
                    userID: answer.profile.userID,
                    logger: logger
                )
            }
            // Straight to fleet-documents: registered at identity with the CLI's certificate, then called as the
            // gateway calls it (its certificate, the verified caller in x-quad-caller).
            var identityArguments = arguments
            identityArguments.set("rpc", try arguments.string("identity-rpc"))
            identityArguments.set("server-name", "identity")
            let identityEndpoint = try BenchEndpoint(identityArguments)
            let identityClient = identityEndpoint.client(tls: try identityEndpoint.tls(), logger: logger)
            defer { identityClient.close() }
            let answer = try await Quad_Identity_V1_Identity.Client(transport: identityClient).register(registration)
            let caller = Caller(
                userID: answer.profile.userID,
                roles: [],
                campusID: registration.campusID,
                dormID: registration.dormID,
                sessionID: answer.session.sessionID
            )
            // The gateway's certificate, minted in the services' directory when no gateway ran there yet.
            let certificates = try DevCertificateSet.ensure(directory: endpoint.certificates, services: ["gateway"])
            let tls = try TLSSettings.client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: "gateway"),
                privateKeyPEM: certificates.keyPath(service: "gateway"),
                serverName: endpoint.serverName
            )
            return Target(
                endpoint: endpoint,
                tls: tls,
                options: CallOptions(
                    timeout: timeout,
                    metadata: [CallerIdentityInterceptor.callerHeader: caller.headerValue]
                ),
                userID: answer.profile.userID,
                logger: logger
            )
        }

        /// The upload's messages: the metadata, then the file in 256 KiB chunks.
        func uploadMessages(_ bytes: [UInt8]) -> [Quad_Documents_V1_UploadRequest] {
            let metadata = Quad_Documents_V1_UploadRequest.with {
                $0.metadata = .with {
                    $0.ownerKind = .profile
                    $0.ownerID = userID
                    $0.purpose = .profilePicture
                    $0.fileName = "bench.png"
                    $0.declaredType = .png
                }
            }
            return [metadata]
                + stride(from: 0, to: bytes.count, by: DocumentsBench.chunkSize).map { offset in
                    .with { $0.chunk = Data(bytes[offset..<min(offset + DocumentsBench.chunkSize, bytes.count)]) }
                }
        }

        /// Opens the connection (and, through the gateway, the gateway's to fleet-documents and fleet-documents'
        /// to identity) with a ListDocuments of the person's profile.
        func warm(_ documents: Quad_Documents_V1_Documents.Client) async throws {
            _ = try await documents.listDocuments(
                .with {
                    $0.ownerKind = .profile
                    $0.ownerID = userID
                    $0.limit = 1
                },
                options: options
            )
        }
    }

    /// Uploads `messages`; answers the document and when the last message was handed to the transport (the rest, up
    /// to the answer, is the service taking the last window of chunks and keeping the document: hash, fsync, rename,
    /// row).
    static func upload(
        _ messages: [Quad_Documents_V1_UploadRequest],
        to documents: Quad_Documents_V1_Documents.Client,
        options: CallOptions
    ) async throws -> (Quad_Documents_V1_Document, sentAt: UInt64) {
        let sentAt = Mutex<UInt64>(0)
        let document = try await documents.upload(options: options) { writer in
            for message in messages { try await writer.send(message) }
            sentAt.withLock { $0 = monotonicNanos() }
        }
        return (document, sentAt.withLock { $0 })
    }

    // MARK: documents-copy

    static func copy(_ arguments: Arguments) async throws {
        let size = try arguments.int("size-mib", default: 25) << 20
        let transfers = try arguments.int("transfers", default: 5)
        let warmups = try arguments.int("warmup-transfers", default: 1)
        let serverPID = arguments.optional("server-pid").flatMap { Int32($0) }
        let upstreamPID = arguments.optional("upstream-pid").flatMap { Int32($0) }
        let target = try await Target.connect(arguments)
        let bytes = file(size: size)
        let expected = hex(bytes)
        let messages = target.uploadMessages(bytes)
        let client = target.client()
        defer { client.close() }
        let documents = Quad_Documents_V1_Documents.Client(transport: client)
        let loop = benchEventLoopGroup.next()
        // The calls run on the client's event loop, as in the other quad-bench drivers.
        var result = try await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            var result = CopyResult(impl: target.impl, sizeBytes: size)
            try await target.warm(documents)
            var kept: Quad_Documents_V1_Document?
            for index in 0..<(warmups + transfers) {
                let probe = Probe(serverPID: serverPID, upstreamPID: upstreamPID)
                let (document, sentAt) = try await upload(messages, to: documents, options: target.options)
                let sample = probe.end()
                let tail = Double(monotonicNanos() - sentAt) / 1e9
                guard document.sha256 == expected, document.sizeBytes == Int64(size) else {
                    throw UsageError(
                        "upload answered \(document.sha256) (\(document.sizeBytes) bytes), not \(expected)"
                    )
                }
                kept = document
                if index >= warmups {
                    result.upload.add(sample)
                    result.upload.tailSeconds.append(tail)
                }
            }
            let id = kept!.documentID
            for index in 0..<(warmups + transfers) {
                let probe = Probe(serverPID: serverPID, upstreamPID: upstreamPID)
                let (document, received) = try await documents.download(
                    .with { $0.documentID = id },
                    options: target.options
                ) { stream in
                    var document = Quad_Documents_V1_Document()
                    var received: [UInt8] = []
                    received.reserveCapacity(size)
                    for try await message in stream {
                        switch message.part {
                        case .document(let first): document = first
                        case .chunk(let chunk): received.append(contentsOf: chunk)
                        case nil: break
                        }
                    }
                    return (document, received)
                }
                let sample = probe.end()
                guard document.sha256 == expected, received.count == size, hex(received) == expected else {
                    throw UsageError("download of \(id): \(received.count) bytes, not the file uploaded")
                }
                if index >= warmups { result.download.add(sample) }
            }
            return result
        }
        result.upload.summarise(sizeBytes: size)
        result.download.summarise(sizeBytes: size)
        result.sha256Verified = true
        try print(result)
    }

    // MARK: documents-memory

    /// A process's memory from /proc/PID/status, KiB.
    struct MemoryStatus: Codable {
        var rssKiB: Int
        var hwmKiB: Int

        init?(pid: Int32) {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
            func field(_ name: String) -> Int? {
                guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                    return nil
                }
                return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            }
            guard let rss = field("VmRSS"), let hwm = field("VmHWM") else { return nil }
            rssKiB = rss
            hwmKiB = hwm
        }

        static func rss(pid: Int32) -> Int? {
            guard let descriptor = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/statm")),
                let data = try? descriptor.readToEnd()
            else { return nil }
            try? descriptor.close()
            let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_024
        }

        /// Resets the process's high-water mark to its current RSS (Linux `clear_refs` 5); false when refused.
        static func resetPeak(pid: Int32) -> Bool {
            (try? "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)) != nil
        }
    }

    struct ProcessMemory: Codable {
        var before: MemoryStatus?
        var peakReset = false
        var after: MemoryStatus?
        /// The largest VmRSS seen while the uploads ran, sampled every 2 ms.
        var sampledPeakRSSKiB = 0
    }

    struct MemoryResult: Codable {
        var impl: String
        var uploads: Int
        var sizeBytes: Int
        var seconds: Double
        var aggregateMiBPerSecond: Double
        var errors: Int
        var fleetDocuments = ProcessMemory()
        var gateway: ProcessMemory?
    }

    /// Samples processes' VmRSS every 2 ms on a thread of its own, keeping each one's largest.
    final class PeakSampler: Sendable {
        private let state = Mutex((running: true, peaks: [Int32: Int]()))

        func sample(_ pids: [Int32]) {
            let thread = Thread { [self] in
                while state.withLock({ $0.running }) {
                    for pid in pids {
                        guard let rss = MemoryStatus.rss(pid: pid) else { continue }
                        state.withLock { $0.peaks[pid] = max($0.peaks[pid] ?? 0, rss) }
                    }
                    usleep(2_000)
                }
            }
            thread.start()
        }

        func stop() -> [Int32: Int] {
            state.withLock {
                $0.running = false
                return $0.peaks
            }
        }
    }

    static func memory(_ arguments: Arguments) async throws {
        let size = try arguments.int("size-mib", default: 25) << 20
        let uploads = try arguments.int("uploads", default: 16)
        let documentsPID = Int32(try arguments.int("documents-pid"))
        let gatewayPID = arguments.optional("gateway-pid").flatMap { Int32($0) }
        let target = try await Target.connect(arguments)
        // The same file with a different eight bytes after the signature each: as many blobs as uploads.
        let shared = target.uploadMessages(file(size: size))
        let files = (0..<uploads).map { index -> ([Quad_Documents_V1_UploadRequest], String) in
            let bytes = file(size: size, variant: UInt64(index + 1))
            var messages = shared
            messages[1] = .with { $0.chunk = Data(bytes[0..<min(chunkSize, size)]) }
            return (messages, hex(bytes))
        }
        let clients = (0..<uploads).map { _ in target.client() }
        defer { for client in clients { client.close() } }
        for client in clients { try await target.warm(Quad_Documents_V1_Documents.Client(transport: client)) }

        var result = MemoryResult(
            impl: target.impl,
            uploads: uploads,
            sizeBytes: size,
            seconds: 0,
            aggregateMiBPerSecond: 0,
            errors: 0
        )
        result.fleetDocuments.before = MemoryStatus(pid: documentsPID)
        result.fleetDocuments.peakReset = MemoryStatus.resetPeak(pid: documentsPID)
        if let gatewayPID {
            result.gateway = ProcessMemory()
            result.gateway?.before = MemoryStatus(pid: gatewayPID)
            result.gateway?.peakReset = MemoryStatus.resetPeak(pid: gatewayPID)
        }
        let sampler = PeakSampler()
        sampler.sample([documentsPID] + (gatewayPID.map { [$0] } ?? []))
        let start = monotonicNanos()
        let options = target.options
        let errors = await withTaskGroup(of: Int.self) { group in
            for (index, client) in clients.enumerated() {
                let (messages, expected) = files[index]
                group.addTask {
                    do {
                        let (document, _) = try await upload(
                            messages,
                            to: Quad_Documents_V1_Documents.Client(transport: client),
                            options: options
                        )
                        return document.sha256 == expected ? 0 : 1
                    } catch {
                        FileHandle.standardError.write(Data("upload \(index) failed: \(error)\n".utf8))
                        return 1
                    }
                }
            }
            var errors = 0
            for await failed in group { errors += failed }
            return errors
        }
        result.seconds = Double(monotonicNanos() - start) / 1e9
        let peaks = sampler.stop()
        result.errors = errors
        result.aggregateMiBPerSecond = Double(uploads * size) / 1_048_576 / result.seconds
        result.fleetDocuments.after = MemoryStatus(pid: documentsPID)
        result.fleetDocuments.sampledPeakRSSKiB = peaks[documentsPID] ?? 0
        if let gatewayPID {
            result.gateway?.after = MemoryStatus(pid: gatewayPID)
            result.gateway?.sampledPeakRSSKiB = peaks[gatewayPID] ?? 0
        }
        try print(result)
    }
}
