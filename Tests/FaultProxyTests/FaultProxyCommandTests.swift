import QuadFaultProxy
import Testing

@Suite("FaultProxyCommand: the control lines")
struct FaultProxyCommandTests {
    static let good: [(String, FaultProxyCommand)] = [
        ("delay 200", .delay(.milliseconds(200), for: nil)),
        ("delay 200 5000", .delay(.milliseconds(200), for: .seconds(5))),
        ("drop", .drop(for: nil)),
        ("drop 3000", .drop(for: .seconds(3))),
        ("reset", .reset),
        ("partition 5000", .partition(for: .seconds(5))),
        ("heal", .heal),
        ("status", .status),
    ]

    @Test("parses every command and writes it back the same", arguments: good)
    func parses(line: String, command: FaultProxyCommand) throws {
        #expect(try FaultProxyCommand.parse(line.split(separator: " ")) == command)
        #expect(command.description == line)
    }

    @Test(
        "refuses a bad line, naming the bad part",
        arguments: [
            ("", "empty"), ("delay", "delay needs"), ("delay soon", "'soon'"), ("delay -5", "'-5'"),
            ("reset now", "reset takes no arguments"), ("drop 1 2", "too many"),
            ("explode", "unknown command 'explode'"),
        ]
    )
    func refuses(line: String, named: String) {
        do {
            _ = try FaultProxyCommand.parse(line.split(separator: " "))
            Issue.record("'\(line)' was accepted")
        } catch let error as FaultProxyError {
            #expect(error.code == .badCommand)
            #expect(error.message.contains(named), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
