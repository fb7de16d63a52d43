import QuadWire
import QuadToolKit
import Testing

@testable import quad

@Suite("quad call exit codes and error output")
struct CallExitCodeTests {
    @Test("OK exits 0")
    func ok() {
        #expect(CallExitCode.forStatus(.ok) == 0)
    }

    @Test("every other status exits 1", arguments: 1...16)
    func failure(code: Int) {
        #expect(CallExitCode.forStatus(.init(rawValue: UInt32(code))) == 1)
    }

    @Test("local mistakes exit 2, distinct from a refused call")
    func local() {
        #expect(CallExitCode.localFailure == 2)
        #expect(CLIError("x").exitCode == 2)
    }

    @Test("prints the code name, the message and the trailers sorted")
    func report() {
        let error = RPCError(
            code: .resourceExhausted,
            message: "slow down",
            trailers: ["retry-after-seconds": "3", "a": "b"]
        )
        #expect(
            RPCErrorReport.lines(for: error) == [
                "ERROR: RESOURCE_EXHAUSTED: slow down",
                "  a: b",
                "  retry-after-seconds: 3",
            ]
        )
    }
}
