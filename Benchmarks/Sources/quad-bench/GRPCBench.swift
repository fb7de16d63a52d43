import GRPCCore
import GRPCNIOTransportHTTP2

/// (c) grpc-swift-2 over its HTTP/2 NIO (Posix) transport with TLS 1.3, one connection.
/// Messages are raw bytes (a pass-through serializer), as quad's `Echo`, so both compare
/// transports rather than codecs.
enum GRPCBench {
    static let echo = MethodDescriptor(fullyQualifiedService: "quad.bench.v1.Bench", method: "Echo")

    struct BytesSerializer: MessageSerializer {
        func serialize<Bytes: GRPCContiguousBytes>(_ message: [UInt8]) throws -> Bytes { Bytes(message) }
    }

    struct BytesDeserializer: MessageDeserializer {
        func deserialize<Bytes: GRPCContiguousBytes>(_ serializedMessageBytes: Bytes) throws -> [UInt8] {
            serializedMessageBytes.withUnsafeBytes { Array($0) }
        }
    }

    struct EchoService: RegistrableRPCService {
        func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
            router.registerHandler(
                forMethod: GRPCBench.echo,
                deserializer: BytesDeserializer(),
                serializer: BytesSerializer()
            ) { request, _ in
                let single = try await ServerRequest(stream: request)
                return StreamingServerResponse(single: ServerResponse(message: single.message))
            }
        }
    }

    static func serve(_ options: ServerOptions) async throws {
        let paths = options.certificates
        let transport = HTTP2ServerTransport.Posix(
            address: .ipv4(host: "127.0.0.1", port: options.port),
            transportSecurity: .tls(
                certificateChain: [.file(path: paths.serverCertificate, format: .pem)],
                privateKey: .file(path: paths.serverKey, format: .pem)
            ),
            eventLoopGroup: benchEventLoopGroup
        )
        let server = GRPCServer(transport: transport, services: [EchoService()])
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await server.serve() }
            let address = try await transport.listeningAddress
            announceReady(options, port: address.ipv4?.port ?? options.port)
        }
    }

    static func runClient(_ options: ClientOptions) async throws -> RunResult {
        let paths = options.certificates
        let transport = try HTTP2ClientTransport.Posix(
            target: .ipv4(address: "127.0.0.1", port: options.port),
            transportSecurity: .tls { tls in
                tls.trustRoots = .certificates([.file(path: paths.ca, format: .pem)])
            },
            config: .defaults { config in
                config.http2.authority = BenchCertificates.serverName
            },
            eventLoopGroup: benchEventLoopGroup
        )
        let client = GRPCClient(transport: transport)
        return try await withThrowingTaskGroup(of: Void.self, returning: RunResult.self) { group in
            group.addTask { try await client.runConnections() }
            let payload = options.payloadBytes
            let size = payload.count
            let call: @Sendable () async throws -> Void = {
                try await client.unary(
                    request: ClientRequest(message: payload),
                    descriptor: echo,
                    serializer: BytesSerializer(),
                    deserializer: BytesDeserializer(),
                    options: .defaults
                ) { response in
                    let message = try response.message
                    guard message.count == size else { throw UsageError("echo returned \(message.count) bytes") }
                }
            }
            try await call()
            let window = options.window
            let (samples, cpu) = await runAsyncCallers(
                inFlight: options.inFlight,
                window: window,
                serverPID: options.serverPID,
                countAllocations: options.allocFile != nil,
                call: call
            )
            client.beginGracefulShutdown()
            group.cancelAll()
            return makeResult(impl: options.impl, options: options, window: window, samples: samples, cpu: cpu)
        }
    }
}
