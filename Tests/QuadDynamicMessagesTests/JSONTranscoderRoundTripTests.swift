import Foundation
import QuadDynamicMessages
import Testing

@Suite("JSONTranscoder agrees with SwiftProtobuf")
struct JSONTranscoderRoundTripTests {
    let transcoder = Fixtures.transcoder

    @Test("JSON from SwiftProtobuf becomes binary that decodes to the same message", arguments: Sample.all)
    func jsonToBinary(sample: Sample) throws {
        // Given SwiftProtobuf's JSON for a populated message
        let json = try sample.jsonString()
        // When the transcoder turns it into binary
        let bytes = try transcoder.binary(fromJSON: json, messageType: sample.messageType)
        // Then SwiftProtobuf decodes the binary to an equal message
        #expect(try sample.equalsBinary(bytes))
    }

    @Test("binary from SwiftProtobuf becomes JSON that parses to the same message", arguments: Sample.all)
    func binaryToJSON(sample: Sample) throws {
        let bytes = try sample.serializedBytes()
        let json = try transcoder.json(fromBinary: bytes, messageType: sample.messageType)
        #expect(try sample.equalsJSON(json), "\(json)")
    }

    @Test(
        "binary written from JSON is byte-for-byte SwiftProtobuf's",
        arguments: Sample.all.filter(\.hasDeterministicBytes)
    )
    func identicalBytes(sample: Sample) throws {
        let bytes = try transcoder.binary(fromJSON: try sample.jsonString(), messageType: sample.messageType)
        #expect(bytes == (try sample.serializedBytes()))
    }

    @Test("JSON written by the transcoder reads back to the same binary", arguments: Sample.all)
    func ownRoundTrip(sample: Sample) throws {
        let json = try transcoder.json(fromBinary: try sample.serializedBytes(), messageType: sample.messageType)
        let bytes = try transcoder.binary(fromJSON: json, messageType: sample.messageType)
        #expect(try sample.equalsBinary(bytes))
    }
}
