import Foundation
import JobsRides
import QuadContracts

/// Rides' domain values as the wire has them (rides.proto), and back. Who sees what is decided here, once: an offer's
/// offerer sees every seat of it, a rider their own, anyone else none.
enum RidesProtoMapping {
    // MARK: From the wire

    /// The place `place` names, its coordinates checked and named `field` (`origin.latitude`); a missing place is
    /// refused as `field.label`.
    static func place(_ place: Quad_Jobs_V1_RidePlace?, field: String) throws(JobsError) -> RidePlace {
        guard let place else { throw .missing(field: "\(field).label", "the place: a label and its coordinates") }
        return try RidePlace(label: place.label, latitude: place.latitude, longitude: place.longitude, field: field)
    }

    static func preferences(_ preferences: Quad_Jobs_V1_RidePreferences) -> RidePreferences {
        RidePreferences(
            minimumAge: Int(clamping: preferences.minAge),
            maximumAge: Int(clamping: preferences.maxAge)
        )
    }

    // MARK: To the wire

    static func place(_ place: RidePlace, label: Bool = true) -> Quad_Jobs_V1_RidePlace {
        .with {
            $0.label = label ? place.label : ""
            $0.latitude = place.point.latitude
            $0.longitude = place.point.longitude
        }
    }

    static func preferences(_ preferences: RidePreferences) -> Quad_Jobs_V1_RidePreferences {
        .with {
            $0.minAge = UInt32(clamping: preferences.minimumAge)
            $0.maxAge = UInt32(clamping: preferences.maximumAge)
        }
    }

    static func shares(_ shares: [RideShare]) -> [Quad_Jobs_V1_RideShare] {
        shares.map { share in
            .with {
                $0.personID = share.person
                $0.offerer = share.seatID == nil
                $0.riddenMeters = UInt64(max(0, share.meters.rounded()))
                $0.share = JobsProtoMapping.amount(share.amount)
            }
        }
    }

    static func status(_ status: RideOfferStatus) -> Quad_Jobs_V1_RideOfferStatus {
        switch status {
        case .open: .open
        case .ended: .ended
        case .cancelled: .cancelled
        }
    }

    /// `offer` as `viewer` may see it: the offerer with every seat of `seats`, a rider with theirs, anyone else with
    /// none.
    static func offer(_ offer: RideOffer, seats: [RideSeatRecord], for viewer: String?) -> Quad_Jobs_V1_RideOffer {
        let visible = viewer == offer.offerer ? seats : seats.filter { $0.seat.rider == viewer }
        let route = offer.route
        return .with {
            $0.offerID = offer.id
            $0.offererID = offer.offerer
            $0.taxiID = offer.taxiID
            $0.origin = place(offer.origin)
            $0.destination = place(offer.destination)
            $0.departureAtMicros = offer.departureAt
            $0.seats = UInt32(offer.seats)
            $0.seatsTaken = UInt32(offer.riders.count)
            $0.promptsOn = offer.promptsOn
            $0.preferences = preferences(offer.preferences)
            $0.detourBudgetPercent = UInt32(offer.detourBudgetPercent)
            $0.estimatedFare = JobsProtoMapping.amount(offer.estimatedFare)
            $0.status = status(offer.status)
            $0.version = UInt64(offer.version)
            $0.directMeters = UInt64(route.directMeters.rounded())
            $0.routeMeters = UInt64(route.meters.rounded())
            $0.estimate = shares(offer.estimate().shares)
            if let fare = offer.fare {
                $0.fare = JobsProtoMapping.amount(fare.amount)
                $0.fareShares = shares(fare.shares)
                $0.receiptDocumentID = fare.receiptDocumentID ?? ""
            }
            $0.seatsDetail = visible.map { seat($0, offer: offer) }
            $0.createdAtMicros = offer.createdAt
            $0.updatedAtMicros = offer.lastChangeAt
            $0.endedAtMicros = offer.endedAt ?? 0
        }
    }

    /// `record` of `offer` as its rider and its offerer see it.
    static func seat(_ record: RideSeatRecord, offer: RideOffer) -> Quad_Jobs_V1_RideSeat {
        let seat = record.seat
        return .with {
            $0.seatID = seat.id
            $0.offerID = seat.offerID
            $0.riderID = seat.rider
            $0.drop = place(seat.request.drop)
            $0.stage = Quad_Jobs_V1_RideSeatStage(rawValue: seat.stage.rawValue) ?? .requested
            switch seat.status {
            case .active: $0.status = .active
            case .cancelled: $0.status = .cancelled
            case .completed: $0.status = .completed
            }
            switch seat.ending {
            case nil: break
            case .withdrawn: $0.end = .withdrawn
            case .rejected: $0.end = .rejected
            case .offerCancelled: $0.end = .offerCancelled
            case .offerEnded: $0.end = .offerEnded
            }
            if seat.status == .active, seat.stage < .awaitingApproval, case .open = offer.status {
                $0.estimatedShare = JobsProtoMapping.amount(offer.estimatedShare(of: seat))
            }
            if let hold = seat.hold {
                $0.hold = JobsProtoMapping.amount(hold.amount)
                $0.paymentIntentID = hold.paymentIntentID
            }
            if let share = seat.share { $0.share = JobsProtoMapping.amount(share) }
            $0.needsApproval = seat.isAwaitingApproval
            if let state = record.paymentState { $0.paymentState = JobsProtoMapping.paymentState(state) }
            if let review = seat.customerReview { $0.riderReview = JobsProtoMapping.review(review, jobID: seat.id) }
            if let review = seat.workerReview { $0.offererReview = JobsProtoMapping.review(review, jobID: seat.id) }
            $0.timeline = JobsProtoMapping.merged(timeline(seat), payments: record.paymentEntries)
            $0.requestedAtMicros = seat.submittedAt
            $0.updatedAtMicros = record.updatedAt
            $0.reviewDeadlineMicros = seat.reviewDeadline(configuration: .defaults) ?? 0
        }
    }

    /// A seat's own changes as people read them.
    static func timeline(_ seat: RideSeat) -> [Quad_Jobs_V1_TimelineEntry] {
        seat.timeline.map { entry in
            var actor = seat.rider
            var reason = ""
            let detail: String
            switch entry.change {
            case .submitted(let request): detail = "asked for a seat to \(request.drop.label)"
            case .holdPlaced(let hold):
                actor = ""
                detail = "held \(hold.amount.formatted) on the rider's card"
            case .offererAssigned(let offerer):
                actor = offerer
                detail = "the offerer accepted"
            case .offererSentAway(let offerer, _):
                actor = offerer
                detail = "the offerer was sent away"
            case .requestRejected(let why):
                actor = seat.offerer ?? ""
                detail = "the offerer rejected the request"
                reason = why ?? ""
            case .offerCancelled:
                actor = ""
                detail = "the offerer cancelled the ride"
            case .offerEnded:
                actor = ""
                detail = "the ride ended before the offerer answered"
            case .shareRecorded(let share):
                actor = seat.offerer ?? ""
                detail = "the fare gave the rider a share of \(share.formatted)"
            case .shareApproved: detail = "the rider approved the share above the hold"
            case .cancelled: detail = "the rider cancelled"
            case .reviewed(let review):
                actor = review.author
                detail = "\(review.stars) stars"
            case .disputeOpened(let claim): detail = "disputed: \(claim.reason.rawValue)"
            }
            return Quad_Jobs_V1_TimelineEntry.with {
                $0.atMicros = entry.at
                $0.actorID = actor
                $0.kind = kind(entry.change)
                $0.detail = detail
                $0.reason = reason
            }
        }
    }

    static func kind(_ change: RideSeatChange) -> String {
        switch change {
        case .submitted: "requested"
        case .holdPlaced: "hold_placed"
        case .offererAssigned: "accepted"
        case .offererSentAway: "offerer_sent_away"
        case .requestRejected: "rejected"
        case .offerCancelled: "offer_cancelled"
        case .offerEnded: "offer_ended"
        case .shareRecorded: "share_recorded"
        case .shareApproved: "share_approved"
        case .cancelled: "cancelled"
        case .reviewed: "reviewed"
        case .disputeOpened: "dispute_opened"
        }
    }

    /// `ride.offer_changed` for matching: the offer as search needs it.
    static func changed(_ offer: RideOffer) -> Quad_Jobs_V1_RideOfferChanged {
        .with {
            $0.offerID = offer.id
            $0.offererID = offer.offerer
            $0.version = UInt64(offer.version)
            if case .open = offer.status { $0.open = true }
            $0.origin = place(offer.origin)
            $0.destination = place(offer.destination)
            $0.departureAtMicros = offer.departureAt
            $0.seats = UInt32(offer.seats)
            $0.seatsTaken = UInt32(offer.riders.count)
            $0.detourBudgetPercent = UInt32(offer.detourBudgetPercent)
            $0.estimatedFare = JobsProtoMapping.amount(offer.estimatedFare)
            $0.drops = offer.riders.map { place($0.drop, label: false) }
            $0.promptsOn = offer.promptsOn
            $0.preferences = preferences(offer.preferences)
        }
    }
}
