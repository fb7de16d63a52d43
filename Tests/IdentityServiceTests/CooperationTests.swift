import Foundation
import IdentityTestSupport
import QuadContracts
import QuadWire
import QuadWireCore
import QuadWireNIO
import Testing

@Suite("Identity: ratings and jobs done from jobs' outbox, public profiles in bulk (A4, L11)")
struct CooperationTests {
    static func review(subject: String, stars: UInt32, job: String) throws -> Quad_Types_V1_OutboxDelivery {
        try .with {
            $0.source = "jobs"
            $0.topic = "review.submitted"
            $0.key = "\(job):review:reviewer"
            $0.payload = try Quad_Jobs_V1_ReviewSubmitted.with {
                $0.review = .with {
                    $0.jobID = job; $0.subjectID = subject; $0.reviewerID = "reviewer"; $0.stars = stars
                }
            }.serializedData()
        }
    }

    @Test("a review delivered twice counts once; the rating is the mean of what was received")
    func ratings() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let service = try harness.gatewayTransport()
            defer { service.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: service)
            let first = try await identity.deliver(try Self.review(subject: ada.profile.userID, stars: 5, job: "job-1"))
            let again = try await identity.deliver(try Self.review(subject: ada.profile.userID, stars: 5, job: "job-1"))
            _ = try await identity.deliver(try Self.review(subject: ada.profile.userID, stars: 2, job: "job-2"))
            #expect(first.applied)
            #expect(!again.applied)
            let profile = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(ada.session))
            #expect(profile.ratingCount == 2)
            #expect(profile.rating == 3.5)
        }
    }

    @Test("a completed job counts once for the dasher; an unknown topic is INVALID_ARGUMENT")
    func jobsDone() async throws {
        try await IdentityHarness.run { harness in
            let dasher = try await harness.register()
            let service = try harness.gatewayTransport()
            defer { service.close() }
            let identity = Quad_Identity_V1_Identity.Client(transport: service)
            let delivery = try Quad_Types_V1_OutboxDelivery.with {
                $0.source = "jobs"
                $0.topic = "job.completed"
                $0.key = "job-1:completed"
                $0.payload = try Quad_Jobs_V1_JobCompleted.with {
                    $0.jobID = "job-1"; $0.dasherID = dasher.profile.userID
                }.serializedData()
            }
            _ = try await identity.deliver(delivery)
            _ = try await identity.deliver(delivery)
            let seen = try await harness.client.getPublicProfile(
                .with { $0.userID = dasher.profile.userID },
                options: IdentityHarness.bearer(dasher.session)
            )
            #expect(seen.jobsDone == 1)
            var unknown = delivery
            unknown.topic = "job.exploded"
            let error = await #expect(throws: RPCError.self) { _ = try await identity.deliver(unknown) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("job.exploded") == true)
        }
    }

    @Test("Deliver is for services: a signed-in user's call is PERMISSION_DENIED and changes nothing")
    func deliverIsServiceOnly() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register()
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.deliver(
                    try Self.review(subject: ada.profile.userID, stars: 0, job: "job-1"),
                    options: IdentityHarness.bearer(ada.session)
                )
            }
            #expect(error?.code == .permissionDenied)
            let profile = try await harness.client.getMyProfile(.init(), options: IdentityHarness.bearer(ada.session))
            #expect(profile.ratingCount == 0)
        }
    }

    @Test("GetPublicProfiles answers known users in order, leaves unknown ones out, and caps the batch")
    func publicProfiles() async throws {
        try await IdentityHarness.run { harness in
            let ada = try await harness.register("ada@northfield.edu")
            let bob = try await harness.register("bob@northfield.edu")
            let options = IdentityHarness.bearer(ada.session)
            let answer = try await harness.client.getPublicProfiles(
                .with { $0.userIds = [bob.profile.userID, "nobody", ada.profile.userID] },
                options: options
            )
            #expect(answer.profiles.map(\.userID) == [bob.profile.userID, ada.profile.userID])
            #expect(answer.profiles.allSatisfy { !$0.lastInitial.isEmpty })
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client.getPublicProfiles(
                    .with { $0.userIds = Array(repeating: "x", count: 201) },
                    options: options
                )
            }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("user_ids") == true)
        }
    }
}
