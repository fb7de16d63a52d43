import QuadServiceKit
import Testing

@Suite("Traceparent")
struct TraceparentTests {
    private static let valid = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test("parses a valid version-00 header into its parts")
    func parsesValid() throws {
        // Given the W3C specification's example header
        // When it is parsed
        let traceparent = try Traceparent(Self.valid)
        // Then every part is kept and it prints back unchanged
        #expect(traceparent.traceID == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(traceparent.parentID == "00f067aa0ba902b7")
        #expect(traceparent.flags == 0x01)
        #expect(traceparent.isSampled)
        #expect(traceparent.headerValue == Self.valid)
    }

    @Test("accepts a later version with extra fields, and answers as version 00")
    func acceptsLaterVersion() throws {
        // Given a header from a future version with an appended field
        let header = "cc-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-what-the-future-holds"
        // When it is parsed
        let traceparent = try Traceparent(header)
        // Then the known fields are read and the header sent on is version 00
        #expect(!traceparent.isSampled)
        #expect(traceparent.headerValue == "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00")
    }

    @Test(
        "rejects headers that break a rule",
        arguments: [
            ("", TraceparentError.Code.invalidLength),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7", .invalidLength),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-", .invalidLength),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x", .invalidLength),
            ("ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", .invalidVersion),
            ("0g-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", .invalidVersion),
            ("0A-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", .invalidVersion),
            ("00_4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", .invalidFormat),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7-01", .invalidFormat),
            ("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01x", .invalidFormat),
            ("00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", .invalidTraceID),
            ("00-4bf92f3577b34da6a3ce929d0e0e473z-00f067aa0ba902b7-01", .invalidTraceID),
            ("00-00000000000000000000000000000000-00f067aa0ba902b7-01", .zeroTraceID),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-00F067AA0BA902B7-01", .invalidParentID),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", .zeroParentID),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0G", .invalidFlags),
            ("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1-", .invalidFlags),
        ]
    )
    func rejectsInvalid(header: String, code: TraceparentError.Code) {
        // Given a header that breaks one rule
        // When it is parsed
        // Then parsing fails naming that rule, and the message quotes the value
        #expect {
            try Traceparent(header)
        } throws: { error in
            guard let error = error as? TraceparentError else {
                return false
            }
            return error.code == code && error.value == header && error.message.contains("invalid traceparent")
        }
    }

    @Test("generate() makes valid, distinct, sampled traces")
    func generates() throws {
        // Given two generated traceparents
        let first = Traceparent.generate()
        let second = Traceparent.generate(sampled: false)
        // Then each survives a strict parse, and they share nothing
        #expect(try Traceparent(first.headerValue) == first)
        #expect(try Traceparent(second.headerValue) == second)
        #expect(first.isSampled && !second.isSampled)
        #expect(first.traceID != second.traceID)
    }

    @Test("child() keeps the trace id and flags and picks a new parent id")
    func child() throws {
        // Given a received traceparent
        let received = try Traceparent(Self.valid)
        // When a call is made onwards
        let child = received.child()
        // Then it belongs to the same trace with a new span
        #expect(child.traceID == received.traceID)
        #expect(child.flags == received.flags)
        #expect(child.parentID != received.parentID)
        #expect(try Traceparent(child.headerValue) == child)
    }

    @Test("RequestID.generate() makes short distinct lowercase ids")
    func requestIDs() {
        // Given many generated request ids
        let ids = (0..<100).map { _ in RequestID.generate().rawValue }
        // Then each is 12 lowercase base32 characters and none repeats
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 12 && $0.allSatisfy { $0.isLowercase || $0.isNumber } })
    }
}
