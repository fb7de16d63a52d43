@testable import MatchingService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Matching: a job's listing is its product's")
struct ListingTests {
    /// Laundry's listing fields (LaundryListing in LaundryKernel), written out as jobs sends them.
    static func laundryFields(loads: Int = 3, addOns: String = "folding,ironing", pickup: Int64, dropOff: Int64)
        -> [String: String]
    {
        [
            "estimated_loads": "\(loads)", "add_ons": addOns, "pickup_at_micros": "\(pickup)",
            "drop_off_at_micros": "\(dropOff)",
        ]
    }

    @Test("a submission with laundry's listing is offered with its loads, add-ons, pickup and drop-off")
    func laundryListing() async throws {
        try await MatchingHarness.run { harness in
            // Given: a submission carrying only its product and listing (none of the fields of the previous release)
            let dan = MatchingHarness.dasher("dan")
            try await harness.accepting(dan)
            let fields = Self.laundryFields(pickup: harness.now + 3_600_000_000, dropOff: harness.now + 86_400_000_000)
            var submitted = harness.submission("j1")
            submitted.estimatedLoads = 0
            submitted.addOns = []
            submitted.pickupAtMicros = 0
            submitted.dropOffAtMicros = 0
            submitted.product = "laundry"
            submitted.listing = fields
            try await harness.deliver("job.submitted", key: "j1:job.submitted", submitted)

            // When: Dan asks for a job
            let offer = try #require(try await harness.assignMe(dan))

            // Then: the offer shows laundry's fields from the listing, and the listing itself
            #expect(offer.jobID == "j1")
            #expect(offer.estimatedLoads == 3)
            #expect(offer.addOns == [.folding, .ironing])
            #expect(offer.pickupAtMicros == harness.now + 3_600_000_000)
            #expect(offer.dropOffAtMicros == harness.now + 86_400_000_000)
            #expect(offer.product == "laundry")
            #expect(offer.listing == fields)
        }
    }

    @Test("a submission from before listings is laundry's, its listing made from its own fields")
    func legacySubmission() async throws {
        try await MatchingHarness.run { harness in
            let dan = MatchingHarness.dasher("dan")
            try await harness.accepting(dan)
            try await harness.submit("j1")
            let offer = try #require(try await harness.assignMe(dan))
            #expect(offer.product == "laundry")
            #expect(offer.estimatedLoads == 2)
            #expect(offer.addOns == [.folding, .ironing])
            #expect(offer.listing["estimated_loads"] == "2")
            #expect(offer.listing["add_ons"] == "folding,ironing")
        }
    }

    @Test("an unknown product or an unreadable listing field is INVALID_ARGUMENT naming it, and nothing is queued")
    func refusals() async throws {
        try await MatchingHarness.run { harness in
            let fields = Self.laundryFields(pickup: 0, dropOff: harness.now)
            var rides = harness.submission("j1")
            rides.product = "rides"
            rides.listing = fields
            var unreadable = harness.submission("j2")
            unreadable.product = "laundry"
            unreadable.listing = fields.merging(["add_ons": "folding,starching"]) { _, new in new }
            var missing = harness.submission("j3")
            missing.product = "laundry"
            missing.listing = fields.filter { $0.key != "estimated_loads" }
            for (submitted, field) in [
                (rides, "product"), (unreadable, "listing.add_ons"), (missing, "listing.estimated_loads"),
            ] {
                let error = await expectRefusal(.invalidArgument) {
                    try await harness.deliver("job.submitted", key: "\(submitted.jobID):job.submitted", submitted)
                }
                #expect(error?.message.hasPrefix(field) == true, "\(error?.message ?? "") names \(field)")
                let standing = try await harness.standing(submitted.jobID).standing
                #expect(standing == .unknown)
            }
        }
    }

    @Test("the batch assignment's earliest start is what the product reads from the listing: laundry's pickup")
    func earliestStartFromListing() {
        var submitted = Quad_Jobs_V1_JobSubmitted.with {
            $0.jobID = "j1"
            $0.customerID = "cora"
            $0.dormID = "dorm-north"
            $0.submittedAtMicros = 1_000
            $0.product = "laundry"
            $0.listing = Self.laundryFields(pickup: 5_000, dropOff: 9_000)
        }
        #expect(MatchingProtoMapping.waitingJob(submitted).earliestPickup == 5_000)
        submitted.listing["pickup_at_micros"] = "0"
        #expect(MatchingProtoMapping.waitingJob(submitted).earliestPickup == nil, "as soon as possible")
    }
}
