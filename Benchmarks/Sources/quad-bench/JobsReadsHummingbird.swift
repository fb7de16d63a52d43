import Foundation
import Hummingbird
import HummingbirdTLS
import JobsService
import Logging
import NIOCore
import NIOSSL
import QuadCertificates
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire
import SwiftProtobuf
import Synchronization

/// jobs-reads, side (b): jobs' two hottest reads as HTTP/1.1 + JSON with Hummingbird 2, over TLS, in a process of
/// its own, serving the database `jobs-reads-seed` wrote.
///
///   quad-bench jobs-reads-server --data-dir D --certs-dir C [--port 0] [--ready-file F]
///
///   GET /v1/laundry-jobs/{job_id}                     GetLaundryJob
///   GET /v1/laundry-jobs[?role=&filter=&limit=]        ListMyLaundryJobs (the caller's jobs; the query mirrors
///                                                     ListMyLaundryJobsRequest: role customer|dasher, filter
///                                                     in_progress|past, limit; none of them: both roles, all, 50)
///
/// No shortcuts against `quad-jobs`: the same `JobsService` handlers (the same `JobsStore` reads, the same
/// visibility rule, the same mapping to `quad.jobs.v1.LaundryJob`) on a `QuadDatabase` opened as `quad-jobs` opens
/// it; the caller resolved by the same `CallerIdentityInterceptor` from `x-quad-caller`, honoured only from a peer
/// whose client certificate names a Quad service (mutual TLS against the same dev CA, the same server certificate);
/// metrics per request into the same Prometheus registry (`MetricsSetup.bootstrapProcess()`, through Hummingbird's
/// `MetricsMiddleware`, where quad-jobs has `RPCMetricsObserver`). The answer is SwiftProtobuf's JSON mapping of the
/// same messages (proto3 JSON: lowerCamelCase names, int64 as strings, defaults omitted). A refusal is the HTTP
/// status of its RPC code with Hummingbird's JSON error body.
///
/// The event loop group is NIO's singleton, as QuadServer's default; the database's readers are GRDB's, as in
/// quad-jobs.
enum JobsReadsHummingbird {
    /// Hummingbird's request context, keeping the channel so a request can be tied to its connection's peer.
    struct Context: RequestContext {
        var coreContext: CoreRequestContextStorage
        let channel: any Channel

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
            channel = source.channel
        }
    }

    static func serve(_ arguments: Arguments) async throws {
        let dataDirectory = try arguments.string("data-dir")
        let certificates = try DevCertificateSet.ensure(
            directory: try arguments.string("certs-dir"),
            services: ["jobs"]
        )
        let port = try arguments.int("port", default: 0)
        let readyFile = arguments.optional("ready-file")
        var logger = Logger(label: "quad-bench.jobs-http")
        logger.logLevel = .warning

        _ = MetricsSetup.bootstrapProcess()
        // As QuadServiceMain opens it (synchronous and batch at quad-jobs' defaults).
        let database = try QuadDatabase(
            configuration: DatabaseConfiguration(
                path: dataDirectory + "/jobs.sqlite",
                synchronous: .full,
                maxBatchSize: 256
            ),
            migrator: JobsMigrations.migrator,
            logger: logger
        )
        // As quad-jobs gets it: peer transports to payments and identity, which no read calls.
        let peers = Peers(explicit: [:], readyDirectory: nil, logger: logger) { context in
            try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: "jobs"),
                privateKeyPEM: certificates.keyPath(service: "jobs"),
                serverName: context
            )
        }
        let endpoint = JobsHTTPEndpoint(
            jobs: JobsService(
                database: database,
                payments: peers.transport("payments"),
                pickupPlaces: IdentityPickupPlaces(transport: peers.transport("identity")),
                documents: FleetDocumentsDirectory(transport: peers.transport("fleet-documents"))
            ),
            interceptor: CallerIdentityInterceptor()
        )

        let router = Router(context: Context.self)
        router.middlewares.add(MetricsMiddleware())
        router.get("/v1/laundry-jobs/:id") { request, context in
            try await endpoint.getLaundryJob(request, context: context)
        }
        router.get("/v1/laundry-jobs") { request, context in
            try await endpoint.listMyLaundryJobs(request, context: context)
        }

        let app = Application(
            router: router,
            server: try .tls(.http1(), tlsConfiguration: tlsConfiguration(certificates)),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                let line = "{\"rpc\":\"127.0.0.1:\(channel.localAddress?.port ?? port)\",\"pid\":\(getpid())}\n"
                if let readyFile { try? line.write(toFile: readyFile, atomically: true, encoding: .utf8) }
                FileHandle.standardError.write(Data("ready \(line)".utf8))
            },
            eventLoopGroupProvider: .singleton,
            logger: logger
        )
        try await app.runService()
        peers.close()
        try database.close()
    }

    /// What `TLSSettings.mutualTLSServer` configures for quad-jobs: the service's certificate, client certificates
    /// required and verified against the dev CA (the chain only: they name a service, not a host); ALPN names the
    /// protocol spoken, as quad's `quad/1` does.
    static func tlsConfiguration(_ certificates: DevCertificateSet) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificates.certificatePath(service: "jobs")).map {
                .certificate($0)
            },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: certificates.keyPath(service: "jobs"), format: .pem))
        )
        configuration.minimumTLSVersion = .tlsv12
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificates.caPath))
        configuration.certificateVerification = .noHostnameVerification
        configuration.applicationProtocols = ["http/1.1"]
        return configuration
    }
}

/// The two routes: each builds the `ServerContext` QuadServer would (method, metadata, the connection's peer),
/// runs the interceptor and the handler, and answers the message as JSON.
struct JobsHTTPEndpoint: Sendable {
    let jobs: JobsService
    let interceptor: CallerIdentityInterceptor
    let peers = ConnectionPeers()

    func getLaundryJob(_ request: Request, context: JobsReadsHummingbird.Context) async throws -> Response {
        let jobID = context.parameters.get("id") ?? ""
        return try await answer(Quad_Jobs_V1_Jobs.Method.getLaundryJob, request, context) { call in
            try await jobs.getLaundryJob(request: .with { $0.jobID = jobID }, context: call)
        }
    }

    func listMyLaundryJobs(_ request: Request, context: JobsReadsHummingbird.Context) async throws -> Response {
        let query = request.uri.queryParameters
        var list = Quad_Jobs_V1_ListMyLaundryJobsRequest()
        switch query["role"].map(String.init) {
        case nil, "": list.role = .unspecified
        case "customer": list.role = .customer
        case "dasher": list.role = .dasher
        case let other?:
            throw HTTPError(
                .badRequest,
                message: "role: \(other) is not a role; use customer, dasher or leave it out for both"
            )
        }
        switch query["filter"].map(String.init) {
        case nil, "", "all": list.filter = .all
        case "in_progress": list.filter = .inProgress
        case "past": list.filter = .past
        case let other?:
            throw HTTPError(.badRequest, message: "filter: \(other) is not a filter; use all, in_progress or past")
        }
        if let text = query["limit"] {
            guard let limit = UInt32(String(text)) else {
                throw HTTPError(.badRequest, message: "limit: \(text) is not a count")
            }
            list.limit = limit
        }
        let listing = list
        return try await answer(Quad_Jobs_V1_Jobs.Method.listMyLaundryJobs, request, context) { call in
            try await jobs.listMyLaundryJobs(request: listing, context: call)
        }
    }

    private func answer(
        _ method: MethodDescriptor,
        _ request: Request,
        _ context: JobsReadsHummingbird.Context,
        _ handler: (ServerContext) async throws -> some SwiftProtobuf.Message
    ) async throws -> Response {
        var metadata: [String: String] = [:]
        for field in request.headers { metadata[field.name.canonicalName] = field.value }
        let call = ServerContext(
            method: method,
            metadata: metadata,
            deadline: nil,
            peer: try await peers.peer(of: context.channel),
            logger: context.logger
        )
        do {
            let message = try await handler(try await interceptor.intercept(call))
            let body: [UInt8] = try message.jsonUTF8Bytes()
            return Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
            )
        } catch let error as RPCError {
            throw HTTPError(Self.status(error), message: error.message)
        }
    }

    /// The HTTP status of an RPC refusal, as an HTTP gateway for the same API would map it.
    static func status(_ error: RPCError) -> HTTPResponse.Status {
        switch error.code {
        case .invalidArgument, .outOfRange: .badRequest
        case .unauthenticated: .unauthorized
        case .permissionDenied: .forbidden
        case .notFound: .notFound
        case .alreadyExists, .aborted: .conflict
        case .failedPrecondition: .preconditionFailed
        case .resourceExhausted: .tooManyRequests
        case .unavailable: .serviceUnavailable
        case .deadlineExceeded: .gatewayTimeout
        case .unimplemented: .notImplemented
        default: .internalServerError
        }
    }
}

/// Each connection's `PeerInfo` (address and client certificate), read once per connection, as QuadServer reads it
/// at the handshake: Hummingbird hands a request its channel but runs it off the event loop, so the first request
/// of a connection reads the TLS handler on the loop and the rest find it here. Forgotten when the channel closes.
final class ConnectionPeers: Sendable {
    private let known = Mutex<[ObjectIdentifier: PeerInfo]>([:])

    func peer(of channel: any Channel) async throws -> PeerInfo {
        let id = ObjectIdentifier(channel)
        if let peer = known.withLock({ $0[id] }) { return peer }
        let peer = try await channel.eventLoop.submit {
            let der = try? channel.pipeline.syncOperations.handler(type: NIOSSLHandler.self).peerCertificate?
                .toDERBytes()
            let address = channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "unknown"
            return PeerInfo(address: address, certificateDER: der)
        }.get()
        let isNew = known.withLock { known in
            defer { known[id] = peer }
            return known[id] == nil
        }
        if isNew {
            channel.closeFuture.whenComplete { [weak self] _ in _ = self?.known.withLock { $0.removeValue(forKey: id) }
            }
        }
        return peer
    }
}
