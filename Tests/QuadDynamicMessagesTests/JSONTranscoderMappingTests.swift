import Foundation
import QuadContracts
import QuadDynamicMessages
import SwiftProtobuf
import Testing

@Suite("JSONTranscoder follows the proto3 JSON mapping")
struct JSONTranscoderMappingTests {
    let transcoder = Fixtures.transcoder

    @Test("writes pretty JSON with JSON names in field-number order")
    func prettyFieldNumberOrder() throws {
        // Given JSON whose keys are out of order and use proto names
        let json = #"{"phone": "+1", "date_of_birth": {"day": 29, "year": 2004}, "email": "a@b.c"}"#
        // When it goes to binary and back
        let bytes = try transcoder.binary(fromJSON: json, messageType: "quad.identity.v1.RegisterRequest")
        let output = try transcoder.json(fromBinary: bytes, messageType: "quad.identity.v1.RegisterRequest")
        // Then the output is pretty, in field-number order, under JSON names
        #expect(
            output == """
                {
                  "email": "a@b.c",
                  "dateOfBirth": {
                    "year": 2004,
                    "day": 29
                  },
                  "phone": "+1"
                }
                """
        )
    }

    @Test("writes an empty message as {}")
    func emptyMessage() throws {
        #expect(try transcoder.json(fromBinary: [], messageType: "quad.identity.v1.LogoutResponse") == "{}")
    }

    @Test("accepts quoted integers, enum numbers and null, and writes 64-bit integers as strings")
    func lenientInput() throws {
        let json =
            #"{"roles": [1, "ROLE_DASHER"], "memberSinceMicros": "-5", "ratingCount": "7", "gender": 2,"#
            + #" "jobsDone": 3e0, "room": null}"#
        let bytes = try transcoder.binary(fromJSON: json, messageType: "quad.identity.v1.Profile")
        let profile = try Quad_Identity_V1_Profile(serializedBytes: bytes)
        #expect(profile.roles == [.customer, .dasher])
        #expect(profile.memberSinceMicros == -5)
        #expect(profile.ratingCount == 7)
        #expect(profile.gender == .male)
        #expect(profile.jobsDone == 3)
        let output = try transcoder.json(fromBinary: bytes, messageType: "quad.identity.v1.Profile")
        #expect(output.contains(#""memberSinceMicros": "-5""#))
        #expect(output.contains(#""ratingCount": 7"#))
    }

    @Test("omits proto3 defaults but keeps set proto3 optionals")
    func presence() throws {
        let register = try transcoder.binary(
            fromJSON: #"{"email": "", "gender": "GENDER_UNSPECIFIED"}"#,
            messageType: "quad.identity.v1.RegisterRequest"
        )
        #expect(register.isEmpty)
        let update = try transcoder.binary(
            fromJSON: #"{"phone": ""}"#,
            messageType: "quad.identity.v1.UpdateMyProfileRequest"
        )
        #expect(try Quad_Identity_V1_UpdateMyProfileRequest(serializedBytes: update).hasPhone)
    }

    @Test("skips binary fields the descriptor does not know")
    func unknownBinaryFields() throws {
        // Given a RegisterRequest followed by a varint field 99 and a group field 100
        var bytes: [UInt8] = try Sample.register.serializedBytes()
        bytes += [0x98, 0x06, 0x2A, 0xA3, 0x06, 0x08, 0x01, 0xA4, 0x06]
        // When it is written as JSON, then the unknown fields are gone and nothing else is
        let json = try transcoder.json(fromBinary: bytes, messageType: "quad.identity.v1.RegisterRequest")
        #expect(try Quad_Identity_V1_RegisterRequest(jsonString: json) == Sample.register)
    }

    @Test("reads repeated scalars both packed and unpacked")
    func packedAndUnpacked() throws {
        // roles (field 11) as two unpacked varints, then one packed record
        let bytes: [UInt8] = [0x58, 0x01, 0x58, 0x03, 0x5A, 0x02, 0x02, 0x04]
        let json = try transcoder.json(fromBinary: bytes, messageType: "quad.identity.v1.Profile")
        let profile = try Quad_Identity_V1_Profile(jsonString: json)
        #expect(profile.roles == [.customer, .dasher, .requester, .buyer])
    }

    @Test("writes NaN and infinities as strings and reads them back")
    func nonFiniteDoubles() throws {
        var quiz = Quad_Identity_V1_DasherQuiz()
        for value in [Double.nan, .infinity, -.infinity] {
            quiz.passRatio = value
            let json = try transcoder.json(
                fromBinary: try quiz.serializedBytes(),
                messageType: "quad.identity.v1.DasherQuiz"
            )
            let bytes = try transcoder.binary(fromJSON: json, messageType: "quad.identity.v1.DasherQuiz")
            let decoded = try Quad_Identity_V1_DasherQuiz(serializedBytes: bytes)
            #expect(decoded.passRatio.isNaN == value.isNaN)
            if !value.isNaN { #expect(decoded.passRatio == value) }
        }
    }

    @Test("accepts URL-safe and unpadded base64")
    func base64Variants() throws {
        for text in ["-_8", "+/8=", "+/8"] {
            let bytes = try transcoder.binary(
                fromJSON: #"{"payload": "\#(text)"}"#,
                messageType: "quad.wire.v1.Message"
            )
            #expect(try Quad_Wire_V1_Message(serializedBytes: bytes).payload == Data([0xFB, 0xFF]))
        }
    }

    @Test("treats well-known types as ordinary messages")
    func wellKnownTypesAreOrdinary() throws {
        // google.protobuf.FileOptions is in the pool through descriptor.proto
        let bytes = try transcoder.binary(
            fromJSON: #"{"javaPackage": "q", "optimizeFor": "CODE_SIZE"}"#,
            messageType: "google.protobuf.FileOptions"
        )
        let options = try Google_Protobuf_FileOptions(serializedBytes: bytes)
        #expect(options.javaPackage == "q")
        #expect(options.optimizeFor == .codeSize)
    }

    @Test(
        "writes every scalar kind as the mapping says",
        arguments: [
            (#"{"si32": -1}"#, [0x88, 0x01, 0x01]),
            (#"{"si64": "-2"}"#, [0x90, 0x01, 0x03]),
            (#"{"f": 1.5}"#, [0x15, 0x00, 0x00, 0xC0, 0x3F]),
            (#"{"sf32": -1}"#, [0x7D, 0xFF, 0xFF, 0xFF, 0xFF]),
            (#"{"i32": -1}"#, [0x28] + [UInt8](repeating: 0xFF, count: 9) + [0x01]),
            (#"{"rsi32": [1, -1]}"#, [0xA2, 0x01, 0x02, 0x02, 0x01]),
            (
                #"{"byId": {"-3": "x"}}"#,
                [0xF2, 0x01, 0x0E, 0x08, 0xFD] + [UInt8](repeating: 0xFF, count: 8) + [0x01, 0x12, 0x01, 0x78]
            ),
        ] as [(String, [UInt8])]
    )
    func scalarEncodings(json: String, expected: [UInt8]) throws {
        let transcoder = SyntheticDescriptors.transcoder
        #expect(try transcoder.binary(fromJSON: json, messageType: "test.Kinds") == expected)
    }

    @Test("reads back what it writes for every scalar kind, integer and bool map keys")
    func syntheticRoundTrip() throws {
        let transcoder = SyntheticDescriptors.transcoder
        let json = """
            {
              "d": 0.1,
              "f": 3.4028235e+38,
              "i64": "-9223372036854775808",
              "u64": "18446744073709551615",
              "i32": -2147483648,
              "f64": "1",
              "f32": 4294967295,
              "b": true,
              "s": "s",
              "by": "AA==",
              "u32": 1,
              "sf32": -1,
              "sf64": "-1",
              "si32": 2147483647,
              "si64": "9223372036854775807",
              "rsi32": [
                -1,
                0
              ],
              "rf": [
                "NaN",
                "-Infinity",
                1e-45
              ],
              "byId": {
                "-3": "x",
                "0": ""
              },
              "byFlag": {
                "true": {
                  "b": true
                },
                "false": {}
              }
            }
            """
        let bytes = try transcoder.binary(fromJSON: json, messageType: "test.Kinds")
        #expect(try transcoder.json(fromBinary: bytes, messageType: "test.Kinds") == json)
    }

    @Test("reads and writes proto2 groups and unpacked repeated fields")
    func proto2Groups() throws {
        let transcoder = SyntheticDescriptors.transcoder
        let bytes = try transcoder.binary(
            fromJSON: #"{"item": {"id": 5}, "unpacked": [1, 2], "count": 0}"#,
            messageType: "test.Legacy"
        )
        #expect(bytes == [0x0B, 0x10, 0x05, 0x0C, 0x18, 0x01, 0x18, 0x02, 0x20, 0x00])
        let json = try transcoder.json(fromBinary: bytes, messageType: "test.Legacy")
        #expect(json.contains(#""count": 0"#))
        #expect(try transcoder.binary(fromJSON: json, messageType: "test.Legacy") == bytes)
    }
}
