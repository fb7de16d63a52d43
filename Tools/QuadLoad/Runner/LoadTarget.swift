import Foundation
public import QuadToolKit
import QuadBuiltInContracts
public import QuadWire
public import QuadWireNIO

/// The system under load: the gateway's address, the name its certificate carries and the CA that
/// signed it, from `endpoints.json` or from flags.
public struct LoadTarget: Sendable, Hashable {
    /// The gateway's address.
    public var address: HostPort
    /// The name to verify the gateway's certificate against.
    public var serverName: String
    /// The CA certificate (PEM file) the gateway's certificate must chain to.
    public var caPath: String
    /// Where this came from, for the report: `gateway 127.0.0.1:4433 (from .quad/endpoints.json)`.
    public var description: String

    /// A target given by flags.
    public init(address: HostPort, serverName: String, caPath: String, source: String = "flags") {
        self.address = address
        self.serverName = serverName
        self.caPath = caPath
        description = "gateway \(address) (from \(source))"
    }

    /// The gateway `quad up` wrote into the endpoints file at `path`.
    ///
    /// - Throws: ``CLIError`` when the file is missing or names no gateway.
    public static func endpoints(path: String) throws -> LoadTarget {
        let file = try EndpointsFile.load(path: path)
        guard let gateway = file.gateway else {
            throw CLIError(
                "\(path) names no gateway: quad-load calls the system through it, so run the gateway (quad up does)"
            )
        }
        guard let address = HostPort(parsing: gateway.rpc) else {
            throw CLIError("\(path) gives the gateway the address '\(gateway.rpc)', which is not host:port")
        }
        return LoadTarget(address: address, serverName: gateway.serverName, caPath: file.ca, source: path)
    }

    /// A client of the gateway with `connections` connections.
    ///
    /// - Throws: ``CLIError`` when the CA file cannot be read.
    public func client(connections: Int, from localAddress: String? = nil) throws -> QuadClient {
        let tls: TLSSettings
        do {
            tls = try .client(trustRootsPEM: caPath, serverName: serverName)
        } catch {
            throw CLIError("cannot read the CA certificate \(caPath): \(error)", cause: error)
        }
        var configuration = ClientConfiguration.defaults
        configuration.poolSize = max(connections, 1)
        configuration.connectTimeout = .seconds(5)
        configuration.localAddress = localAddress
        return QuadClient(host: address.host, port: address.port, tls: tls, configuration: configuration)
    }

    /// The address person number `index` calls from: their own phone. On a loopback target each gets an
    /// address of 127.1.0.0/16 (127.1.0.1, 127.1.0.2, …), so the gateway's per-address limits see one
    /// client per person, as in the field; elsewhere nil (the system's choice).
    public func deviceAddress(index: Int) -> String? {
        let loopback = address.host.hasPrefix("127.") || address.host == "::1" || address.host == "localhost"
        guard loopback, address.host != "::1" else { return nil }
        return "127.1.\(index / 254).\(index % 254 + 1)"
    }

    /// Asks the gateway's Health/Check once, so an unreachable target or a certificate that does not
    /// verify is said plainly before any load is sent.
    ///
    /// - Throws: ``CLIError`` saying which of the two it is and what to check.
    public func check(_ client: QuadClient) async throws {
        do {
            _ = try await Quad_Health_V1_Health.Client(transport: client).check(
                .init(),
                options: CallOptions(timeout: .seconds(10))
            )
        } catch let error as RPCError {
            let detail = "\(error.message) \(error.cause.map { "\($0)" } ?? "")"
            let lower = detail.lowercased()
            if lower.contains("certificate") || lower.contains("handshake") || lower.contains("ssl")
                || lower.contains("tls")
            {
                throw CLIError(
                    "the TLS handshake with \(description) failed: \(detail.trimmingCharacters(in: .whitespaces)). "
                        + "Check that \(caPath) is the CA that signed the gateway's certificate and that its name is '\(serverName)'",
                    exitCode: 1,
                    cause: error
                )
            }
            throw CLIError(
                "cannot reach \(description): \(error.code.name): \(detail.trimmingCharacters(in: .whitespaces)). Is `quad up` running?",
                exitCode: 1,
                cause: error
            )
        }
    }
}
