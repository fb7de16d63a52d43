import MatchingDomain
import MatchingLaundry
import Testing

@Suite("LaundryMatching: laundry's listing as the zone queue's product")
struct LaundryMatchingTests {
    let laundry = LaundryMatching()
    let listing = LaundryListing(
        estimatedLoads: 3,
        addOns: [.ironing, .folding, .ironing],
        pickupAt: 5_000,
        dropOffAt: 9_000
    )

    @Test("a laundry listing's fields read back as the listing, add-ons once each in their order")
    func roundTrip() throws {
        #expect(listing.addOns == [.folding, .ironing])
        #expect(
            listing.fields == [
                "estimated_loads": "3", "add_ons": "folding,ironing", "pickup_at_micros": "5000",
                "drop_off_at_micros": "9000",
            ]
        )
        let read = try LaundryMatching.read(Listing(product: "laundry", fields: listing.fields))
        #expect(read == listing)
        let none = LaundryListing(estimatedLoads: 1, addOns: [], pickupAt: 0, dropOffAt: 1)
        #expect(try LaundryMatching.read(Listing(product: "laundry", fields: none.fields)) == none)
    }

    @Test(
        "a missing or unreadable field is INVALID_ARGUMENT naming it",
        arguments: [
            ("estimated_loads", nil), ("estimated_loads", "three"), ("add_ons", nil), ("add_ons", "folding,starching"),
            ("pickup_at_micros", "soon"), ("drop_off_at_micros", nil),
        ] as [(String, String?)]
    )
    func unreadable(field: String, value: String?) {
        var fields = listing.fields
        fields[field] = value
        do {
            try laundry.validate(Listing(product: "laundry", fields: fields))
            Issue.record("\(field) = \(value ?? "nil") was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.field == "listing.\(field)", "\(error.message)")
        }
    }

    @Test("the batch assignment's earliest start is the pickup the customer asked for, or none for as soon as possible")
    func earliestStart() {
        #expect(laundry.earliestStart(of: Listing(product: "laundry", fields: listing.fields)) == 5_000)
        var soon = listing
        soon.pickupAt = 0
        #expect(laundry.earliestStart(of: Listing(product: "laundry", fields: soon.fields)) == nil)
        #expect(laundry.earliestStart(of: Listing(product: "laundry", fields: [:])) == nil)
    }
}
