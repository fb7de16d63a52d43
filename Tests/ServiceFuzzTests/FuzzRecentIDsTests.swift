@testable import ServiceFuzzHarness
import Testing

/// Issue 17 item 3: the fuzzer's inputs reach past "not found": an id an answer handed out stands in for a later
/// input's placeholder of its name (FuzzRecentIDs), which the seeds put in every `*_id` field.
@Suite("Service fuzz harness: ids learned from answers fill later inputs' placeholders")
struct FuzzRecentIDsTests {
    @Test(
        "what an id names comes from its field, or from the object or answer type it is the id of",
        arguments: [
            ("jobId", nil, "job_id"), ("rideOfferIds", nil, "ride_offer_id"), ("id", "household", "household_id"),
            ("id", "chores", "chore_id"), ("id", "Household", "household_id"), ("id", "RideOffer", "ride_offer_id"),
            ("id", "address", "address_id"),
        ] as [(String, String?, String)]
    )
    func names(key: String, parent: String?, expected: String) {
        #expect(FuzzRecentIDs.name(forKey: key, parent: parent) == expected)
    }

    @Test("an id at the top of an answer, or a field that is no id, names nothing a request asks for")
    func noNames() {
        #expect(FuzzRecentIDs.name(forKey: "id", parent: nil) == nil)
        #expect(FuzzRecentIDs.name(forKey: "name", parent: "household") == nil)
        #expect(FuzzRecentIDs.name(forKey: "id", parent: "aVeryLongMessageTypeNameIndeed") == nil)
        #expect(FuzzRecentIDs.isID("0190f5a7c2d47a3b8c9d0e1f2a3b4c5d"))
        #expect(!FuzzRecentIDs.isID("0190F5A7C2D47A3B8C9D0E1F2A3B4C5D"))
        #expect(!FuzzRecentIDs.isID("fuzz"))
    }

    @Test("a household Alice created through the fuzzer is found by the next input's %fuzz:household_id%")
    func learnedFromAnswer() async throws {
        let target = try await ServiceFuzzTarget.make("households")
        let create = try #require(target.methods.firstIndex { $0.method == "CreateHousehold" })
        let get = try #require(target.methods.firstIndex { $0.method == "GetHousehold" })
        let alice: UInt8 = 0x00
        let lookUp = [UInt8(get), alice] + FuzzSeeds.Filler.delimited(1, FuzzPlaceholder.token("household_id"))

        // Given: no answer has named a household yet: the placeholder is 32 bytes that name nothing
        let before = try await target.run(lookUp)
        #expect(before.status != .ok)

        // When: Alice creates one
        let request =
            FuzzSeeds.Filler.delimited(1, Array("Fuzz Flat".utf8))
            + FuzzSeeds.Filler.delimited(2, Array("Europe/London".utf8))
        let created = try await target.run([UInt8(create), alice] + request)
        #expect(created.status == .ok)

        // Then: the same input finds it
        let after = try await target.run(lookUp)
        #expect(after.status == .ok, "GetHousehold answered \(after.status) for the household Alice created")
    }

    @Test(
        "every valid seed (FuzzSeeds.creations) makes what it names, on its service's target and through the gateway",
        arguments: ServiceFuzzTarget.names
    )
    func creationsSucceed(target name: String) async throws {
        let target = try await ServiceFuzzTarget.make(name)
        let creations = try FuzzSeeds.creations()
        for creation in creations {
            guard let index = target.methods.firstIndex(where: { $0.fullName == creation.method }) else { continue }
            let made = try await target.run([UInt8(index), creation.caller] + creation.request)
            #expect(made.status == .ok, "\(creation.method) on \(name) answered \(made.status)")
        }
    }
    @Test(
        "a laundry job, an errand and a ride offer Alice made through the jobs fuzzer are found by the next input",
        arguments: [
            ("quad.jobs.v1.Jobs/SubmitLaundryJob", "quad.jobs.v1.Jobs/GetLaundryJob", "job_id"),
            ("quad.jobs.v1.Errands/PostErrand", "quad.jobs.v1.Errands/GetErrand", "errand_id"),
            ("quad.jobs.v1.Rides/OfferRide", "quad.jobs.v1.Rides/GetRideOffer", "offer_id"),
        ]
    )
    func jobsCreationsLearned(create: String, get: String, placeholder: String) async throws {
        let target = try await ServiceFuzzTarget.make("jobs")
        let creation = try #require(try FuzzSeeds.creations().first { $0.method == create })
        let made = try #require(target.methods.firstIndex { $0.fullName == create })
        let lookUp = try #require(target.methods.firstIndex { $0.fullName == get })

        let created = try await target.run([UInt8(made), creation.caller] + creation.request)
        #expect(created.status == .ok, "\(create) answered \(created.status)")

        let found = try await target.run(
            [UInt8(lookUp), FuzzSeeds.alice] + FuzzSeeds.Filler.delimited(1, FuzzPlaceholder.token(placeholder))
        )
        #expect(found.status == .ok, "\(get) answered \(found.status) for what \(create) made")
    }
}
