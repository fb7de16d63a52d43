import Foundation
public import QuadWire

/// `--peers` and the gateway's `--upstreams`: where the other contexts listen.
extension HostPort {
    /// Parses `context=HOST:PORT` pairs separated by commas (`--peers`, the gateway's
    /// `--upstreams`), naming the first bad entry.
    public static func parseList(_ text: String, flag: String) throws -> [String: HostPort] {
        var addresses: [String: HostPort] = [:]
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let address = HostPort(parsing: parts[1]) else {
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
