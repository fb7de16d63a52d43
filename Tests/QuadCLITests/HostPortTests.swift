import QuadWire
import Testing
import QuadToolKit

@testable import quad

@Suite("host:port parsing")
struct HostPortTests {
    @Test(
        "parses host:port",
        arguments: [
            ("127.0.0.1:7001", HostPort(host: "127.0.0.1", port: 7001)),
            ("localhost:1", HostPort(host: "localhost", port: 1)),
            ("[::1]:65535", HostPort(host: "::1", port: 65535)),
        ]
    )
    func parses(text: String, expected: HostPort) {
        #expect(HostPort(parsing: text) == expected)
        #expect(HostPort(parsing: text)?.description == text)
    }

    @Test(
        "refuses what is not host:port",
        arguments: ["identity", ":80", "host:", "host:0", "host:65536", "::1:80", "[::1]80", "h:x"]
    )
    func refuses(text: String) {
        #expect(HostPort(parsing: text) == nil)
    }
}
