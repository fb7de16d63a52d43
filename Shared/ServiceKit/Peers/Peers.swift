import Foundation
public import Logging
public import QuadWire
public import QuadWireNIO
import NIOCore
import Synchronization

/// Clients of the other contexts' services, over mutual TLS with this process's certificate.
///
/// A peer's address comes from `--peers context=HOST:PORT,…` when given there, else from the
/// ready file its process wrote in `--peers-dir` (`<context>.ready.json`, what `quad up`
/// uses, so services may start in any order and a restarted peer on a new port is found).
/// Resolution is lazy: a peer that is not up yet makes calls fail UNAVAILABLE, which the
/// caller (or the outbox relay) retries; after an UNAVAILABLE the address is read again.
public final class Peers: Sendable {
    private let explicit: [String: HostPort]
    private let readyDirectory: String?
    private let tls: @Sendable (String) throws -> TLSSettings
    private let configuration: ClientConfiguration
    private let logger: Logger
    private let clients = Mutex<[String: (address: HostPort, client: QuadClient)]>([:])

    /// - Parameters:
    ///   - explicit: Fixed addresses by context.
    ///   - readyDirectory: Where peers' ready files are, for contexts not in `explicit`.
    ///   - tls: TLS towards one context (this process's certificate, the CA, the context as server name).
    public init(
        explicit: [String: HostPort],
        readyDirectory: String?,
        configuration: ClientConfiguration = ClientConfiguration(poolSize: 2),
        logger: Logger,
        tls: @escaping @Sendable (String) throws -> TLSSettings
    ) {
        self.explicit = explicit
        self.readyDirectory = readyDirectory
        self.tls = tls
        self.configuration = configuration
        self.logger = logger
    }

    /// The transport to `context`'s service; calls resolve its address as they go.
    public func transport(_ context: String) -> any ClientTransport {
        PeerTransport(peers: self, context: context)
    }

    /// Closes every client.
    public func close() {
        let all = clients.withLock { clients in
            defer { clients.removeAll() }
            return clients.values.map(\.client)
        }
        all.forEach { $0.close() }
    }

    /// The client for `context`, made (or remade, when its address changed) on demand.
    fileprivate func client(_ context: String) throws -> QuadClient {
        if let cached = clients.withLock({ $0[context] }) { return cached.client }
        let address = try resolve(context)
        let settings = try tls(context)
        let (client, replaced) = clients.withLock { clients -> (QuadClient, QuadClient?) in
            if let existing = clients[context], existing.address == address { return (existing.client, nil) }
            let client = QuadClient(
                host: address.host,
                port: address.port,
                tls: settings,
                configuration: configuration,
                logger: logger
            )
            let replaced = clients[context]?.client
            clients[context] = (address, client)
            return (client, replaced)
        }
        replaced?.close()
        return client
    }

    /// Forgets `context`'s address after it was unavailable, so the next call reads it again
    /// (only peers found through ready files move).
    fileprivate func unavailable(_ context: String) {
        guard explicit[context] == nil, let address = try? resolve(context) else { return }
        let stale = clients.withLock { clients -> QuadClient? in
            guard let existing = clients[context], existing.address != address else { return nil }
            clients[context] = nil
            return existing.client
        }
        if let stale {
            logger.info("peer moved", metadata: ["context": "\(context)", "address": "\(address)"])
            stale.close()
        }
    }

    private func resolve(_ context: String) throws -> HostPort {
        if let address = explicit[context] { return address }
        guard let readyDirectory else {
            throw RPCError(
                code: .unavailable,
                message: "no address for \(context): give --peers \(context)=HOST:PORT or --peers-dir"
            )
        }
        let path = "\(readyDirectory)/\(context).ready.json"
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let rpc = object["rpc"] as? String, let address = HostPort(parsing: rpc)
        else {
            throw RPCError(code: .unavailable, message: "\(context) is not running (no ready file at \(path))")
        }
        return address
    }
}

/// One context's transport through ``Peers``.
private struct PeerTransport: ClientTransport {
    let peers: Peers
    let context: String

    func unary(_ method: MethodDescriptor, request: ByteBuffer, options: CallOptions) async throws -> ByteBuffer {
        do {
            return try await peers.client(context).unary(method, request: request, options: options)
        } catch let error as RPCError where error.code == .unavailable {
            peers.unavailable(context)
            throw error
        }
    }

    func streamingCall<Result: Sendable>(
        _ method: MethodDescriptor,
        firstRequest: ByteBuffer?,
        halfClose: Bool,
        options: CallOptions,
        _ body: @Sendable (RawClientCall) async throws -> Result
    ) async throws -> Result {
        do {
            return try await peers.client(context).streamingCall(
                method,
                firstRequest: firstRequest,
                halfClose: halfClose,
                options: options,
                body
            )
        } catch let error as RPCError where error.code == .unavailable {
            peers.unavailable(context)
            throw error
        }
    }
}
