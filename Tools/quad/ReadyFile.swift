import Foundation

/// The file a service executable writes atomically once its database is migrated and its listeners are up
/// (`--ready-file`): `{"service": "identity", "rpc": "127.0.0.1:PORT", "admin": "127.0.0.1:PORT", "pid": N}`.
struct ReadyFile: Codable, Hashable, Sendable {
    /// The service's name.
    var service: String
    /// The RPC listener's address, `host:port`.
    var rpc: String
    /// The admin HTTP listener's address, `host:port`.
    var admin: String
    /// The process id of the service, so a file left by an earlier run is not mistaken for this one's.
    var pid: Int32

    /// Parses a ready file's JSON.
    static func decode(_ data: Data) throws -> ReadyFile {
        try JSONDecoder().decode(ReadyFile.self, from: data)
    }
}
