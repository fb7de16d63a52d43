import QuadContracts
import QuadDynamicMessages
import Testing

@Suite("DescriptorPool")
struct DescriptorPoolTests {
    let pool = Fixtures.pool

    @Test("finds methods by package.Service/Method, with or without a leading slash")
    func findsMethods() throws {
        let register = try pool.method(named: "quad.identity.v1.Identity/Register")
        #expect(register.inputType == "quad.identity.v1.RegisterRequest")
        #expect(register.outputType == "quad.identity.v1.RegisterResponse")
        #expect(!register.clientStreaming && !register.serverStreaming)
        let watch = try pool.method(named: "/quad.health.v1.Health/Watch")
        #expect(watch.serverStreaming && !watch.clientStreaming)
        #expect(watch.outputType == "quad.health.v1.HealthCheckResponse")
    }

    @Test(
        "rejects unknown methods and services",
        arguments: ["quad.identity.v1.Identity/Nope", "quad.nope.v1.Nope/Register", "Register"]
    )
    func unknownMethod(name: String) throws {
        let error = try #require(throws: TranscodingError.self) { try pool.method(named: name) }
        #expect(error.code == .unknownMethod)
    }

    @Test("lists the services it read")
    func serviceNames() {
        #expect(pool.serviceNames.contains("quad.identity.v1.Identity"))
        #expect(pool.serviceNames.contains("quad.reflection.v1.Reflection"))
    }

    @Test("describes fields: JSON names, presence, maps, oneofs, in field-number order")
    func describesFields() throws {
        let update = try #require(pool.message(named: "quad.identity.v1.UpdateMyProfileRequest"))
        #expect(update.fields.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(update.fields.allSatisfy { $0.hasPresence })
        let register = try #require(pool.message(named: ".quad.identity.v1.RegisterRequest"))
        #expect(register.field(jsonKey: "dateOfBirth")?.name == "date_of_birth")
        #expect(register.field(jsonKey: "date_of_birth")?.jsonName == "dateOfBirth")
        #expect(register.field(number: 1)?.hasPresence == false)
        #expect(register.field(number: 9)?.kind == .message("quad.identity.v1.Date"))
        let start = try #require(pool.message(named: "quad.wire.v1.CallStart"))
        #expect(start.field(jsonKey: "metadata")?.isMap == true)
        let frame = try #require(pool.message(named: "quad.wire.v1.Frame"))
        #expect(frame.field(jsonKey: "goAway")?.oneofName == "body")
        #expect(pool.message(named: "quad.identity.v1.Nope") == nil)
        #expect(pool.enumType(named: "quad.health.v1.HealthCheckResponse.ServingStatus")?.number(named: "SERVING") == 1)
    }

    @Test("rejects bytes that are not a file descriptor")
    func invalidDescriptor() throws {
        let error = try #require(throws: TranscodingError.self) { try DescriptorPool(files: [[0xFF, 0xFF]]) }
        #expect(error.code == .invalidDescriptor)
    }

    @Test("reads repeated files once and rejects a symbol defined twice")
    func duplicates() throws {
        let identity = try #require(QuadProtoFiles.all["quad/identity/v1/identity.proto"])
        let twice = try DescriptorPool(files: [identity, identity])
        #expect(twice.fileNames == ["quad/identity/v1/identity.proto"])
        // The same file under another name defines every symbol a second time.
        let renamed = identity + [0x0A, 0x01, 0x78]  // the last `name` field wins: "x"
        let error = try #require(throws: TranscodingError.self) { try DescriptorPool(files: [identity, renamed]) }
        #expect(error.code == .invalidDescriptor)
    }
}
