import Foundation
import QuadBuiltInContracts
import QuadContracts
import QuadDynamicMessages
import SwiftProtobuf
import Testing

/// The pool and transcoder every test uses: all of Quad's own descriptors, the products' and the built-in services'.
enum Fixtures {
    static let pool: DescriptorPool = {
        let files = QuadProtoFiles.all.merging(QuadBuiltInProtoFiles.all) { products, _ in products }
        do {
            return try DescriptorPool(files: files.keys.sorted().map { files[$0]! })
        } catch {
            fatalError("Quad's own descriptors do not load: \(error)")
        }
    }()

    static let transcoder = JSONTranscoder(pool: pool)
}

/// A populated compiled message, with SwiftProtobuf as the oracle for what the transcoder
/// must produce and accept.
struct Sample: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let messageType: String
    /// SwiftProtobuf's JSON for the message.
    let jsonString: @Sendable () throws -> String
    /// SwiftProtobuf's binary for the message.
    let serializedBytes: @Sendable () throws -> [UInt8]
    /// Whether binary decodes (with SwiftProtobuf) to a message equal to the sample.
    let equalsBinary: @Sendable ([UInt8]) throws -> Bool
    /// Whether JSON parses (with SwiftProtobuf) to a message equal to the sample.
    let equalsJSON: @Sendable (String) throws -> Bool
    /// Whether SwiftProtobuf's bytes are deterministic, so the transcoder's must be identical (no maps).
    let hasDeterministicBytes: Bool

    init<M: SwiftProtobuf.Message & Equatable>(_ name: String, _ message: M, hasMaps: Bool = false) {
        testDescription = name
        messageType = M.protoMessageName
        jsonString = { try message.jsonString() }
        serializedBytes = { try message.serializedBytes() }
        equalsBinary = { try M(serializedBytes: $0) == message }
        equalsJSON = { try M(jsonString: $0) == message }
        hasDeterministicBytes = !hasMaps
    }
}
