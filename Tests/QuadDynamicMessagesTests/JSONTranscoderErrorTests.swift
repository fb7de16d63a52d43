import QuadDynamicMessages
import Testing

@Suite("JSONTranscoder names what is wrong and where")
struct JSONTranscoderErrorTests {
    let transcoder = Fixtures.transcoder

    private func jsonError(_ json: String, _ messageType: String) throws -> TranscodingError {
        try #require(throws: TranscodingError.self) {
            try transcoder.binary(fromJSON: json, messageType: messageType)
        }
    }

    @Test("rejects an unknown field with the message type")
    func unknownField() throws {
        let error = try jsonError(#"{"email": "a", "foo": 1}"#, "quad.identity.v1.RegisterRequest")
        #expect(error.code == .unknownField)
        #expect(error.message == #"unknown field "foo" in quad.identity.v1.RegisterRequest"#)
    }

    @Test("rejects an unknown nested field with its path")
    func unknownNestedField() throws {
        let error = try jsonError(#"{"dateOfBirth": {"yaer": 1}}"#, "quad.identity.v1.RegisterRequest")
        #expect(error.code == .unknownField)
        #expect(error.message == #"date_of_birth: unknown field "yaer" in quad.identity.v1.Date"#)
        #expect(error.fieldPath == "date_of_birth.yaer")
    }

    @Test(
        "rejects a value of the wrong type with the field path",
        arguments: [
            (
                #"{"dateOfBirth": {"year": "abc"}}"#, "quad.identity.v1.RegisterRequest",
                "date_of_birth.year: expected an integer"
            ),
            (#"{"email": 5}"#, "quad.identity.v1.RegisterRequest", "email: expected a string"),
            (#"{"dateOfBirth": []}"#, "quad.identity.v1.RegisterRequest", "date_of_birth: expected an object"),
            (#"{"campuses": {}}"#, "quad.identity.v1.ListCampusesResponse", "campuses: expected an array"),
            (
                #"{"campuses": [{"dorms": [{"washerPrice": {"minorUnits": true}}]}]}"#,
                "quad.identity.v1.ListCampusesResponse",
                "campuses[0].dorms[0].washer_price.minor_units: expected an integer"
            ),
            (#"{"metadata": {"k": 1}}"#, "quad.wire.v1.CallStart", #"metadata["k"]: expected a string"#),
            (#"{"halfClose": "true"}"#, "quad.wire.v1.CallStart", "half_close: expected true or false"),
            (#"[]"#, "quad.wire.v1.CallStart", "expected an object for quad.wire.v1.CallStart"),
        ] as [(String, String, String)]
    )
    func wrongType(json: String, messageType: String, prefix: String) throws {
        let error = try jsonError(json, messageType)
        #expect(error.code == .typeMismatch)
        #expect(error.message.hasPrefix(prefix), "\(error.message)")
    }

    @Test(
        "rejects values out of range or not whole",
        arguments: [
            #"{"dateOfBirth": {"year": 3000000000}}"#,
            #"{"dateOfBirth": {"year": 1.5}}"#,
            #"{"dateOfBirth": {"year": "1e10"}}"#,
        ]
    )
    func outOfRange(json: String) throws {
        let error = try jsonError(json, "quad.identity.v1.RegisterRequest")
        #expect(error.code == .invalidValue)
        #expect(error.message.hasPrefix("date_of_birth.year: "))
    }

    @Test("rejects an unknown enum name, listing the known ones")
    func badEnumName() throws {
        let error = try jsonError(#"{"gender": "GENDER_ROBOT"}"#, "quad.identity.v1.RegisterRequest")
        #expect(error.code == .invalidValue)
        #expect(error.message.hasPrefix(#"gender: unknown value "GENDER_ROBOT" of enum quad.identity.v1.Gender"#))
        #expect(error.message.contains("GENDER_FEMALE"))
    }

    @Test("rejects bad base64", arguments: [#"{"payload": "!!!!"}"#, #"{"payload": "QQ=Q"}"#, #"{"payload": "Q"}"#])
    func badBase64(json: String) throws {
        let error = try jsonError(json, "quad.wire.v1.CallStart")
        #expect(error.code == .invalidValue)
        #expect(error.message.hasPrefix("payload: expected base64"))
    }

    @Test("rejects two members of one oneof and one field given twice")
    func conflictingFields() throws {
        let oneof = try jsonError(#"{"start": {}, "cancel": {}}"#, "quad.wire.v1.Frame")
        #expect(oneof.code == .invalidValue)
        #expect(oneof.message.contains("oneof body"))
        let twice = try jsonError(#"{"firstName": "a", "first_name": "b"}"#, "quad.identity.v1.RegisterRequest")
        #expect(twice.code == .invalidValue)
        #expect(twice.message.hasPrefix("first_name: given twice"))
    }

    @Test(
        "rejects text that is not JSON",
        arguments: [#"{"email": }"#, #"{"email": "a"} x"#, "", #"{"a" 1}"#, #"{"a": "\x"}"#]
    )
    func malformedJSON(json: String) throws {
        #expect(try jsonError(json, "quad.identity.v1.RegisterRequest").code == .malformedJSON)
    }

    @Test("rejects unknown message types both ways")
    func unknownMessageType() throws {
        let toBinary = try jsonError("{}", "quad.identity.v1.Nope")
        #expect(toBinary.code == .unknownType)
        #expect(toBinary.message.contains("quad.identity.v1.Nope"))
        let toJSON = try #require(throws: TranscodingError.self) {
            try transcoder.json(fromBinary: [], messageType: "quad.identity.v1.Nope")
        }
        #expect(toJSON.code == .unknownType)
    }

    @Test(
        "rejects malformed binary",
        arguments: [
            [0x0A, 0x05, 0x61] as [UInt8],  // email: length past the end
            [0x0A],  // email: no length
            [0x0A, 0x01, 0xFF],  // email: not UTF-8
            [0x4A, 0x02, 0x08],  // date_of_birth: truncated varint inside
            [0x00],  // field number 0
            [0xA3, 0x06],  // group never ended
        ]
    )
    func malformedBinary(bytes: [UInt8]) throws {
        let error = try #require(throws: TranscodingError.self) {
            try transcoder.json(fromBinary: bytes, messageType: "quad.identity.v1.RegisterRequest")
        }
        #expect(error.code == .malformedBinary)
    }
}
