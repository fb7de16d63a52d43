/// A `host:port` address: where a service listens (`--peers`, the gateway's `--upstreams`), what `quad call` takes
/// and `endpoints.json` stores. The project's one host:port type.
public struct HostPort: Hashable, Sendable, CustomStringConvertible {
    /// The host name or IP address; an IPv6 address without brackets.
    public var host: String
    /// The TCP port.
    public var port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `host:port` or `[v6]:port`; nil when the text is not of that shape or the port is not 1...65535.
    public init?(parsing text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, let number = Int(port), (1...65535).contains(number) else { return nil }
        self.init(host: String(host), port: number)
    }

    /// `host:port`, with brackets around an IPv6 host.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
