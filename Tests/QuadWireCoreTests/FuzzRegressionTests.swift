// Replays the fuzzer's seed corpus (Fuzz/corpus) and saved crashing inputs (Fuzz/regressions)
// through the same harness the fuzzer runs (Fuzz/FrameFuzzer.swift, see Fuzz/README.md): each
// input is split, decoded, round-tripped and fed to a server and a client connection state
// machine. A trap in the wire core crashes this test; a failed round trip or contract check
// is recorded as an issue naming the file.

import Foundation
import Testing
@testable import QuadWireCore

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // QuadWireCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Fuzz")

    /// Every file in Fuzz/corpus and Fuzz/regressions, as "directory/name".
    static let inputs: [String] = ["corpus", "regressions"].flatMap { directory in
        let url = fuzzDirectory.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(directory)/\($0)" }
    }

    @Test("the seed corpus is present")
    func corpusIsPresent() {
        #expect(Self.inputs.filter { $0.hasPrefix("corpus/") }.count >= 20)
    }

    /// Found while writing the fuzz harness (not a trap, so the harness itself accepts it): a
    /// draining server rejects a CallStart that crossed its GoAway, but forgets the call id, so
    /// the caller's next in-flight Message on that call is "unknown call", a protocol error that
    /// closes the connection and kills the calls that should have finished. Fixed: the state
    /// machine now remembers a rejected streaming call's id among the recently ended ones.
    @Test("a Message for a call rejected while draining is ignored")
    func messageForRejectedCall() {
        var server = ServerConnectionStateMachine()
        let streaming = CallStart<[UInt8]>(method: "quad.jobs.v1.Jobs/WatchJob", payload: [])
        guard case .startCall = server.receive(Frame(callID: 1, body: .start(streaming))) else {
            Issue.record("call 1 did not start")
            return
        }
        #expect(server.beginDrain(reason: "shutdown") == GoAway(lastCallID: 1, reason: "shutdown"))
        // The caller opened call 3 and sent a message on it before it saw the GoAway.
        guard case .rejectCall(callID: 3, _) = server.receive(Frame(callID: 3, body: .start(streaming))) else {
            Issue.record("call 3 was not rejected")
            return
        }
        let action = server.receive(Frame<[UInt8]>(callID: 3, body: .message(StreamMessage(payload: [1]))))
        guard case .none = action else {
            Issue.record("Message for rejected call 3 gave \(action); call 1 would be killed by the close")
            return
        }
        #expect(server.openCalls == 1)
    }

    @Test("input replays without failed checks", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fuzzDirectory.appendingPathComponent(name)))
        bytes.withUnsafeBytes { input in
            do {
                try FrameFuzzHarness.run(input)
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}
