import Crypto
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import QuadCertificates

/// The baseline of documents.sh: the same bytes moved over NIO + swift-nio-ssl on the same loopback with the same
/// certificates as a fleet-documents call (mutual TLS 1.3, the service's certificate and the CLI's client
/// certificate from a `quad certs` directory), and nothing else: no framing, no hashing, no storage.
///
///   quad-bench raw-copy-server --certs-dir DIR [--ready-file F] [--fsync-dir DIR]
///   quad-bench raw-copy --rpc 127.0.0.1:P --certs-dir DIR [--size-mib 25] [--transfers 5] [--warmup-transfers 1]
///                       [--server-pid PID] [--impl raw]
///
/// One connection; each transfer starts with a 9-byte header (`U` or `D`, then the size as a big-endian UInt64).
/// `U`: the client writes the bytes in 256 KiB writes, as fast as the socket takes them; the server counts them and
/// answers one byte when all arrived. `D`: the server writes the file (the same bytes as documents-copy's) in 256 KiB
/// writes and the client collects them; their SHA-256 is checked after the clock stops. With `--fsync-dir` the
/// server also writes what it receives to a file there and fsyncs it before answering (what a disk adds, as
/// fleet-documents' blob writer does). Prints one JSON line (``DocumentsBench/CopyResult``). The clock starts after
/// the TLS handshake, as the quad client's does after its connection is open.
enum RawCopyBench {
    static let block = 256 * 1_024

    static func serverContext(_ certificates: String) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificates + "/fleet-documents.pem").map {
                .certificate($0)
            },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: certificates + "/fleet-documents-key.pem", format: .pem))
        )
        // As a service's port (TLSSettings.mutualTLSServer): a client certificate signed by the CA, chain only.
        configuration.minimumTLSVersion = .tlsv12
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificates + "/ca.pem"))
        configuration.certificateVerification = .noHostnameVerification
        configuration.applicationProtocols = ["quad/1"]
        return try NIOSSLContext(configuration: configuration)
    }

    static func clientContext(_ certificates: String) throws -> NIOSSLContext {
        // As QuadClient's TLSSettings.client with the CLI's certificate.
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv13
        configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificates + "/ca.pem"))
        configuration.certificateChain = try NIOSSLCertificate.fromPEMFile(certificates + "/client.pem").map {
            .certificate($0)
        }
        configuration.privateKey = .privateKey(
            try NIOSSLPrivateKey(file: certificates + "/client-key.pem", format: .pem)
        )
        configuration.certificateVerification = .fullVerification
        configuration.applicationProtocols = ["quad/1"]
        return try NIOSSLContext(configuration: configuration)
    }

    // MARK: Server

    final class ServerHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        enum State {
            case header
            case receiving(remaining: Int)
            case sending(offset: Int, end: Int)
        }

        let file: ByteBuffer
        let fsyncDirectory: String?
        var state = State.header
        var header = ByteBuffer()
        var descriptor: Int32 = -1
        var path = ""

        init(file: ByteBuffer, fsyncDirectory: String?) {
            self.file = file
            self.fsyncDirectory = fsyncDirectory
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = Self.unwrapInboundIn(data)
            while buffer.readableBytes > 0 {
                switch state {
                case .header:
                    var part = buffer.readSlice(length: min(9 - header.readableBytes, buffer.readableBytes))!
                    header.writeBuffer(&part)
                    guard header.readableBytes == 9 else { continue }
                    let operation = header.readInteger(as: UInt8.self)!
                    let size = Int(header.readInteger(as: UInt64.self)!)
                    header.clear()
                    if operation == UInt8(ascii: "U") {
                        startReceiving()
                        state = .receiving(remaining: size)
                        if size == 0 { finishReceiving(context: context) }
                    } else {
                        state = .sending(offset: 0, end: min(size, file.readableBytes))
                        sendMore(context: context)
                    }
                case .receiving(let remaining):
                    let part = buffer.readSlice(length: min(remaining, buffer.readableBytes))!
                    if descriptor >= 0 {
                        part.withUnsafeReadableBytes { raw in
                            var offset = 0
                            while offset < raw.count {
                                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                                if written <= 0 { break }
                                offset += written
                            }
                        }
                    }
                    state = .receiving(remaining: remaining - part.readableBytes)
                    if remaining == part.readableBytes { finishReceiving(context: context) }
                case .sending:
                    // The client sends nothing while it downloads.
                    context.close(promise: nil)
                    return
                }
            }
        }

        private func startReceiving() {
            guard let fsyncDirectory else { return }
            path = fsyncDirectory + "/raw-" + UUID().uuidString + ".part"
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }

        private func finishReceiving(context: ChannelHandlerContext) {
            if descriptor >= 0 {
                fsync(descriptor)
                close(descriptor)
                unlink(path)
                descriptor = -1
            }
            state = .header
            context.writeAndFlush(Self.wrapOutboundOut(ByteBuffer(bytes: [UInt8(ascii: "K")])), promise: nil)
        }

        /// Writes 256 KiB slices of the file while the channel takes them (flushing each, so that writability
        /// follows the socket), and goes on when it becomes writable again.
        private func sendMore(context: ChannelHandlerContext) {
            while case .sending(let offset, let end) = state, offset < end, context.channel.isWritable {
                let length = min(RawCopyBench.block, end - offset)
                let slice = file.getSlice(at: file.readerIndex + offset, length: length)!
                state = offset + length == end ? .header : .sending(offset: offset + length, end: end)
                context.writeAndFlush(Self.wrapOutboundOut(slice), promise: nil)
            }
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            sendMore(context: context)
            context.fireChannelWritabilityChanged()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }

    static func serve(_ arguments: Arguments) async throws {
        let certificates = try arguments.string("certs-dir")
        // The directory the services use (minted here when the raw copy runs first).
        _ = try DevCertificateSet.ensure(directory: certificates, services: ["identity", "gateway", "fleet-documents"])
        let sslContext = try serverContext(certificates)
        let fsyncDirectory = arguments.optional("fsync-dir")
        let file = ByteBuffer(bytes: DocumentsBench.file(size: try arguments.int("size-mib", default: 25) << 20))
        let channel = try await ServerBootstrap(group: benchEventLoopGroup)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext))
                    try channel.pipeline.syncOperations.addHandler(
                        ServerHandler(file: file, fsyncDirectory: fsyncDirectory)
                    )
                }
            }
            .bind(host: "127.0.0.1", port: try arguments.int("port", default: 0))
            .get()
        let port = channel.localAddress?.port ?? 0
        let line = "{\"rpc\":\"127.0.0.1:\(port)\",\"pid\":\(getpid())}\n"
        if let file = arguments.optional("ready-file") {
            try line.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try await channel.closeFuture.get()
    }

    // MARK: Client

    /// Used only on its channel's event loop (hence `@unchecked Sendable`: the driver hands it to `loop.execute`).
    final class ClientHandler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        enum Operation {
            case upload(offset: Int, promise: EventLoopPromise<ByteBuffer?>)
            case download(received: ByteBuffer, promise: EventLoopPromise<ByteBuffer?>)
        }

        let file: ByteBuffer
        let handshake: EventLoopPromise<Void>
        var context: ChannelHandlerContext?
        var operation: Operation?

        init(file: ByteBuffer, handshake: EventLoopPromise<Void>) {
            self.file = file
            self.handshake = handshake
        }

        func handlerAdded(context: ChannelHandlerContext) { self.context = context }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? TLSUserEvent, case .handshakeCompleted = event { handshake.succeed() }
            context.fireUserInboundEventTriggered(event)
        }

        func start(upload: Bool, promise: EventLoopPromise<ByteBuffer?>) {
            guard let context else { return promise.fail(UsageError("not connected")) }
            var header = ByteBuffer()
            header.writeInteger(UInt8(ascii: upload ? "U" : "D"))
            header.writeInteger(UInt64(file.readableBytes))
            context.writeAndFlush(Self.wrapOutboundOut(header), promise: nil)
            if upload {
                operation = .upload(offset: 0, promise: promise)
                sendMore(context: context)
            } else {
                let received = context.channel.allocator.buffer(capacity: file.readableBytes)
                operation = .download(received: received, promise: promise)
            }
        }

        private func sendMore(context: ChannelHandlerContext) {
            while case .upload(let offset, let promise) = operation, offset < file.readableBytes,
                context.channel.isWritable
            {
                let length = min(RawCopyBench.block, file.readableBytes - offset)
                operation = .upload(offset: offset + length, promise: promise)
                context.writeAndFlush(
                    Self.wrapOutboundOut(file.getSlice(at: file.readerIndex + offset, length: length)!),
                    promise: nil
                )
            }
        }

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            sendMore(context: context)
            context.fireChannelWritabilityChanged()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = Self.unwrapInboundIn(data)
            switch operation {
            case .upload(_, let promise):
                // The server's one-byte answer: everything arrived.
                operation = nil
                promise.succeed(nil)
            case .download(var received, let promise):
                operation = nil
                received.writeBuffer(&buffer)
                if received.readableBytes >= file.readableBytes {
                    promise.succeed(received)
                } else {
                    operation = .download(received: received, promise: promise)
                }
            case nil:
                break
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            handshake.fail(error)
            switch operation {
            case .upload(_, let promise), .download(_, let promise): promise.fail(error)
            case nil: break
            }
            operation = nil
            context.close(promise: nil)
        }
    }

    static func run(_ arguments: Arguments) async throws {
        let endpoint = try BenchEndpoint(arguments, serverName: "fleet-documents")
        let size = try arguments.int("size-mib", default: 25) << 20
        let transfers = try arguments.int("transfers", default: 5)
        let warmups = try arguments.int("warmup-transfers", default: 1)
        let serverPID = arguments.optional("server-pid").flatMap { Int32($0) }
        let bytes = DocumentsBench.file(size: size)
        let expected = DocumentsBench.hex(bytes)
        let file = ByteBuffer(bytes: bytes)
        let sslContext = try clientContext(endpoint.certificates)
        let loop = benchEventLoopGroup.next()
        let handshake = loop.makePromise(of: Void.self)
        let handler = ClientHandler(file: file, handshake: handshake)
        let channel = try await ClientBootstrap(group: loop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        try NIOSSLClientHandler(context: sslContext, serverHostname: endpoint.serverName)
                    )
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
            .get()
        try await handshake.futureResult.get()

        func transfer(upload: Bool) async throws -> ByteBuffer? {
            let promise = loop.makePromise(of: ByteBuffer?.self)
            loop.execute { handler.start(upload: upload, promise: promise) }
            return try await promise.futureResult.get()
        }

        var result = DocumentsBench.CopyResult(impl: arguments.optional("impl") ?? "raw", sizeBytes: size)
        for upload in [true, false] {
            var phase = DocumentsBench.Phase()
            for index in 0..<(warmups + transfers) {
                let probe = DocumentsBench.Probe(serverPID: serverPID, upstreamPID: nil)
                let received = try await transfer(upload: upload)
                let sample = probe.end()
                if let received {
                    guard received.readableBytes == size,
                        DocumentsBench.hex(received.readableBytesView) == expected
                    else { throw UsageError("raw-copy: the downloaded bytes are not the file") }
                }
                if index >= warmups { phase.add(sample) }
            }
            phase.summarise(sizeBytes: size)
            if upload { result.upload = phase } else { result.download = phase }
        }
        result.sha256Verified = true
        try? await channel.close()
        try DocumentsBench.print(result)
    }
}
