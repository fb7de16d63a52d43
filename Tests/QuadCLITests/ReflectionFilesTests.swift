import QuadBuiltInContracts
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// Reflection knows the files the server's services hand over and its own, and nothing else: the transport
/// compiles in no product's contracts (issue 12 item 6).
@Suite("Reflection serves the files of the services a server registers")
struct ReflectionFilesTests {
    /// A service written by hand, with no .proto of its own.
    struct Unnamed: QuadService {
        var registeredMethods: [RegisteredMethod] { [] }
    }

    @Test("a server hosting a product's service serves exactly its files and the built-ins'")
    func productAndBuiltIns() {
        // Given a server hosting the gateway's service beside Health
        let health = HealthService(services: [])
        // When its Reflection is made from what it registers
        let reflection = ReflectionService(hosting: [StubGateway(), health])
        // Then it serves gateway.proto with everything it imports, health.proto and reflection.proto, and no
        // other file of Proto/ (wire.proto, admin.proto: no service registered here defines or imports them)
        #expect(
            reflection.fileNames == [
                "google/protobuf/descriptor.proto",
                "quad/documents/v1/documents.proto",
                "quad/events/v1/events.proto",
                "quad/freight/v1/freight.proto",
                "quad/freight/v1/positions.proto",
                "quad/gateway/v1/gateway.proto",
                "quad/health/v1/health.proto",
                "quad/households/v1/households.proto",
                "quad/identity/v1/identity.proto",
                "quad/jobs/v1/errands.proto",
                "quad/jobs/v1/jobs.proto",
                "quad/jobs/v1/rides.proto",
                "quad/matching/v1/matching.proto",
                "quad/options/v1/options.proto",
                "quad/payments/v1/errand_quotes.proto",
                "quad/payments/v1/payments.proto",
                "quad/reflection/v1/reflection.proto",
                "quad/types/v1/types.proto",
            ]
        )
        let handedOver = Set(Quad_Gateway_V1_Gateway.protoFiles.keys)
            .union(Quad_Health_V1_Health.protoFiles.keys)
            .union(Quad_Reflection_V1_Reflection.protoFiles.keys)
        #expect(Set(reflection.fileNames) == handedOver)
        #expect(
            reflection.serviceNames == [
                "quad.gateway.v1.Gateway", "quad.health.v1.Health", "quad.reflection.v1.Reflection",
            ]
        )
    }

    @Test("each service's bytes are its module's descriptor of that file, and both modules hold the same shared files")
    func sameBytes() {
        for (name, bytes) in Quad_Gateway_V1_Gateway.protoFiles {
            #expect(QuadProtoFiles.all[name] == bytes, "\(name)")
        }
        for (name, bytes) in Quad_Health_V1_Health.protoFiles {
            #expect(QuadBuiltInProtoFiles.all[name] == bytes, "\(name)")
        }
        // So a server whose services come from both modules may keep either copy of these.
        for name in ["google/protobuf/descriptor.proto", "quad/options/v1/options.proto"] {
            #expect(
                QuadProtoFiles.all[name] != nil && QuadProtoFiles.all[name] == QuadBuiltInProtoFiles.all[name],
                "\(name)"
            )
        }
    }

    @Test("a server hosting only the built-ins and a service without a .proto serves only the built-ins' files")
    func builtInsOnly() {
        let reflection = ReflectionService(hosting: [Unnamed(), HealthService(services: [])])
        #expect(
            reflection.fileNames == [
                "google/protobuf/descriptor.proto",
                "quad/health/v1/health.proto",
                "quad/options/v1/options.proto",
                "quad/reflection/v1/reflection.proto",
            ]
        )
    }
}
