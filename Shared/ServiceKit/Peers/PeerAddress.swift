/// Where another context's service listens: `HOST:PORT` (IPv6 hosts in brackets: `[::1]:7000`).
public struct PeerAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`; nil when it is not one.
    public init?(parsing address: String) {
        guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
            (1...65535).contains(port)
        else { return nil }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        self.init(host: host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Parses `context=HOST:PORT` pairs separated by commas (`--peers`, the gateway's
    /// `--upstreams`), naming the first bad entry.
    public static func parseList(_ text: String, flag: String) throws -> [String: PeerAddress] {
        var addresses: [String: PeerAddress] = [:]
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let address = PeerAddress(parsing: parts[1]) else {
                throw ServiceOptionError(
                    message: "--\(flag): '\(entry)' is not context=HOST:PORT (for example identity=127.0.0.1:7001)"
                )
            }
            guard addresses[parts[0]] == nil else {
                throw ServiceOptionError(message: "--\(flag): '\(parts[0])' is given twice")
            }
            addresses[parts[0]] = address
        }
        return addresses
    }
}

/// A service option that cannot work (a bad `--peers` entry, `--write-batch 0`), naming it.
public struct ServiceOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
