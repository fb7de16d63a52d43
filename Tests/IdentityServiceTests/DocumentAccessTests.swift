import IdentityTestSupport
import QuadContracts
import QuadWire
import Testing

@Suite("Identity: what fleet-documents may let people do with a profile's documents (F8, A8)")
struct DocumentAccessTests {
    static func ask(
        _ harness: IdentityHarness,
        owner: String,
        user: String,
        kind: Quad_Documents_V1_OwnerKind = .profile
    ) async throws -> Quad_Documents_V1_DocumentAccessResponse {
        let documents = try PickupPlacesTests.transport(harness, as: "fleet-documents")
        defer { documents.close() }
        return try await Quad_Identity_V1_Identity.Client(transport: documents).documentAccess(
            .with {
                $0.ownerKind = kind
                $0.ownerID = owner
                $0.userID = user
            }
        )
    }

    @Test("anyone sees a profile's picture; only its owner adds or deletes; a profile that does not exist is none")
    func rules() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let own = try await Self.ask(harness, owner: ada.profile.userID, user: ada.profile.userID)
            #expect(own.exists && own.mayView && own.mayAdd && own.mayDeleteAny)
            let other = try await Self.ask(harness, owner: ada.profile.userID, user: "someone-else")
            #expect(other.exists && other.mayView && !other.mayAdd && !other.mayDeleteAny)
            let none = try await Self.ask(harness, owner: "no-such-user", user: ada.profile.userID)
            #expect(none == .init())
        }
    }

    @Test("another owner kind is INVALID_ARGUMENT; a user is refused the service-only method")
    func refusals() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let kind = await #expect(throws: RPCError.self) {
                _ = try await Self.ask(harness, owner: ada.profile.userID, user: ada.profile.userID, kind: .job)
            }
            #expect(kind?.code == .invalidArgument)
            #expect(kind?.message.hasPrefix("owner_kind:") == true)
            let user = await #expect(throws: RPCError.self) {
                _ = try await harness.client.documentAccess(
                    .with {
                        $0.ownerKind = .profile
                        $0.ownerID = ada.profile.userID
                        $0.userID = ada.profile.userID
                    },
                    options: IdentityHarness.bearer(ada.session)
                )
            }
            #expect(user?.code == .permissionDenied)
        }
    }
}
