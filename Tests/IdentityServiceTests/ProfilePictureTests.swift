import Foundation
import IdentityTestSupport
import QuadContracts
import QuadWire
import Testing

@Suite("Identity: the profile picture fleet-documents keeps is shown in the profile and the public profile (A8)")
struct ProfilePictureTests {
    static func changed(_ user: String, _ document: String, removed: Bool = false) throws
        -> Quad_Types_V1_OutboxDelivery
    {
        try .with {
            $0.source = "fleet-documents"
            $0.topic = Quad_Documents_V1_ProfilePictureChanged.topic
            $0.key = "\(document):\(removed ? "removed" : "kept")"
            $0.payload = try Quad_Documents_V1_ProfilePictureChanged.with {
                $0.userID = user
                $0.documentID = document
                $0.removed = removed
            }.serializedData()
        }
    }

    @Test(
        "the latest picture kept is shown; deleting another changes nothing; deleting it shows none; repeats apply once"
    )
    func pictures() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let ben = try await harness.register("ben@northfield.edu")
            let service = try harness.gatewayTransport()
            defer { service.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: service)
            let user = ada.profile.userID
            func shown() async throws -> (own: String, seen: String) {
                let own = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(ada.session))
                let seen = try await harness.client.getPublicProfile(
                    .with { $0.userID = user },
                    options: IdentityHarness.bearer(ben.session)
                )
                return (own.pictureDocumentID, seen.pictureDocumentID)
            }
            #expect(try await shown() == ("", ""))
            #expect(try await identity.deliver(try Self.changed(user, "doc-1")).applied)
            #expect(try await shown() == ("doc-1", "doc-1"))
            #expect(try await !identity.deliver(try Self.changed(user, "doc-1")).applied)
            _ = try await identity.deliver(try Self.changed(user, "doc-2"))
            #expect(try await shown() == ("doc-2", "doc-2"))
            _ = try await identity.deliver(try Self.changed(user, "doc-1", removed: true))
            #expect(try await shown() == ("doc-2", "doc-2"))
            _ = try await identity.deliver(try Self.changed(user, "doc-2", removed: true))
            #expect(try await shown() == ("", ""))
            // An account that is gone: applied as nothing.
            #expect(try await identity.deliver(try Self.changed("no-such-user", "doc-9")).applied)
            let empty = await #expect(throws: RPCError.self) {
                _ = try await identity.deliver(try Self.changed(user, ""))
            }
            #expect(empty?.code == .invalidArgument)
        }
    }
}
