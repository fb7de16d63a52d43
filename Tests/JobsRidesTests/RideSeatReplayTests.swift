import Foundation
import JobsRides
import Testing

@Suite("RideSeat: rebuilt from its stored timeline")
struct RideSeatReplayTests {
    /// A seat at every point of its life: requested, accepted, rejected, withdrawn, ended with its offer (both
    /// ways), awaiting approval, settled within the hold, settled by approval and reviewed.
    static func seats() throws -> [RideSeat] {
        var offer = try offer()
        let requested = try join(offer, "seat_r", rider: "rider_r")
        var rejected = try join(offer, "seat_x", rider: "rider_x")
        _ = try offer.reject(&rejected, by: offererID, reason: "no room for luggage", at: newYear + hour)
        var withdrawn = try board(&offer, "seat_w", rider: "rider_w")
        _ = try offer.withdraw(&withdrawn, by: "rider_w", at: newYear + hour)
        let accepted = try board(&offer, "seat_a", rider: "rider_a", held: 100)
        let settled = try board(&offer, "seat_s", rider: "rider_s", drop: quarter, held: 10_000)

        var cancelledOffer = try RideOffer.create(draft(offerID: "offer_c"), now: newYear).offer
        var endedByCancel = [
            try cancelledOffer.join(seatRequest("seat_c", rider: "rider_c", offerID: "offer_c"), at: newYear).seat
        ]
        _ = try cancelledOffer.cancel(by: offererID, seats: &endedByCancel, at: newYear + hour)

        var ridden = [accepted, settled, requested]
        var fared = offer
        _ = try fared.recordFare(by: offererID, usd(2_000), seats: &ridden, at: newYear + 3 * hour)
        var approved = ridden[0]
        _ = try approved.approveShare(by: "rider_a", at: newYear + 4 * hour)
        _ = try approved.review(by: "rider_a", stars: 5, text: "on time", at: newYear + 5 * hour)
        _ = try approved.openDispute(
            by: "rider_a",
            reason: .notDone,
            description: "detour",
            evidenceDocumentIDs: [],
            at: newYear + 6 * hour
        )
        return [requested, rejected, withdrawn, accepted, endedByCancel[0]] + ridden + [approved]
    }

    @Test("every seat's timeline, through JSON, rebuilds the same seat")
    func replays() throws {
        for seat in try Self.seats() {
            let stored = try JSONEncoder().encode(seat.timeline)
            let timeline = try JSONDecoder().decode([RideSeatTimelineEntry].self, from: stored)
            #expect(try RideSeat(replaying: timeline) == seat, "\(seat.id)")
        }
    }

    @Test("an acceptance without its hold, or a hold without the acceptance, is refused")
    func inconsistent() throws {
        let request = seatRequest()
        let lone: [RideSeatTimelineEntry] = [
            TimelineEntry(at: newYear, change: .submitted(request)),
            TimelineEntry(at: newYear + 1, change: .offererAssigned(offerer: offererID)),
        ]
        let assigned = refusal(.invalidArgument) { try RideSeat(replaying: lone) }
        #expect(assigned?.message.contains("entry 1") == true)

        let dangling: [RideSeatTimelineEntry] = [
            TimelineEntry(at: newYear, change: .submitted(request)),
            TimelineEntry(at: newYear + 1, change: .holdPlaced(hold())),
        ]
        refusal(.invalidArgument) { try RideSeat(replaying: dangling) }

        let sentAway: [RideSeatTimelineEntry] = [
            TimelineEntry(at: newYear, change: .submitted(request)),
            TimelineEntry(at: newYear + 1, change: .holdPlaced(hold())),
            TimelineEntry(at: newYear + 1, change: .offererAssigned(offerer: offererID)),
            TimelineEntry(at: newYear + 2, change: .offererSentAway(offerer: offererID, reason: nil)),
        ]
        refusal(.invalidArgument) { try RideSeat(replaying: sentAway) }
    }
}
