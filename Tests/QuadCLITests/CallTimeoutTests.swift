import QuadToolKit
import Testing

@testable import quad

@Suite("--timeout parsing")
struct CallTimeoutTests {
    @Test(
        "parses a number and a unit",
        arguments: [
            ("250ms", Duration.milliseconds(250)),
            ("5s", .seconds(5)),
            ("1.5s", .milliseconds(1500)),
            ("2m", .seconds(120)),
            ("1h", .seconds(3600)),
        ]
    )
    func parses(text: String, expected: Duration) throws {
        #expect(try CallTimeout.parse(text) == expected)
    }

    @Test("refuses what is not a positive duration", arguments: ["5", "s", "0s", "-1s", "5d", "abc", "nans", "25h"])
    func refuses(text: String) {
        #expect(throws: CLIError.self) { try CallTimeout.parse(text) }
    }
}
