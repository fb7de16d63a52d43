import Foundation
import JobsRides
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

extension RidesService {
    /// R3: the rider asks for a seat on an open offer, dropped at `drop`. Refusals (INVALID_ARGUMENT naming the
    /// field, FAILED_PRECONDITION for the offer's rules and its age range, ALREADY_EXISTS for a second active seat)
    /// store nothing. Needs `idempotency-key`: a repeat gets the same seat.
    public func requestSeat(request: Quad_Jobs_V1_RequestSeatRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideSeat
    {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        let scope = "quad.jobs.v1.Rides/RequestSeat:\(caller.userID)"
        if let stored = try await database.storedSeat(scope: scope, key: key, request: request) { return stored }
        try Self.require(request.offerID, "offer_id", "the offer to join")
        let drop = try refusingAsRPC {
            try RidesProtoMapping.place(request.hasDrop ? request.drop : nil, field: "drop")
        }
        guard let state = try await refusingAsRPC({ try await database.rideState(offerID: request.offerID) }),
            JobsDatabase.maySee(state.offer, seats: state.seats, caller.userID)
        else { throw Self.offerNotFound(request.offerID) }
        try await requireWelcome(caller.userID, on: state.offer)
        let asked = RideSeatRequest(
            jobID: EntityID.generate(now: clock.date),
            customer: caller.userID,
            offerID: request.offerID,
            drop: drop,
            paymentMethodID: request.paymentMethodID
        )
        let now = nowMicros
        let seat = try await refusingAsRPC {
            try await database.requestSeat(
                asked,
                configuration: configuration.ride,
                now: now,
                idempotency: scope,
                key: key,
                wire: request
            )
        }
        guard let seat else { throw Self.offerNotFound(request.offerID) }
        return seat
    }

    /// Refuses `rider` when `offer` names an age range and their age at its departure (from identity's date of
    /// birth) is not in it, or identity has none.
    private func requireWelcome(_ rider: String, on offer: RideOffer) async throws {
        guard let ages = offer.preferences.readableAges else { return }
        let born = try await members.dateOfBirth(of: rider)
        let age = born.map { Self.age(born: $0, at: offer.departureAt) }
        guard offer.preferences.admits(age: age) else {
            throw RPCError(
                code: .failedPrecondition,
                message: "offer \(offer.id) welcomes riders aged \(ages) on the day "
                    + (age == nil ? "it leaves; add your date of birth to your profile" : "it leaves")
            )
        }
    }

    /// Whole years from `born` to the UTC day of `instant`.
    static func age(born: Quad_Identity_V1_Date, at instant: Int64) -> Int {
        let day = Microseconds.utcDate(instant)
        let years = Int(day.year) - Int(born.year)
        return (Int(day.month), Int(day.day)) < (Int(born.month), Int(born.day)) ? years - 1 : years
    }

    /// R3: what the offerer decides by: the request, the offer, and everyone's estimated fare without the rider and
    /// with them.
    public func getSeatDecision(request: Quad_Jobs_V1_GetSeatRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_SeatDecision
    {
        let caller = try context.requireCaller()
        try Self.require(request.seatID, "seat_id", "the seat")
        guard
            let state = try await refusingAsRPC({
                try await database.rideSeatStateWithSeats(seatID: request.seatID, for: caller.userID)
            })
        else { throw Self.seatNotFound(request.seatID) }
        let seats = state.seats
        guard state.offer.offerer == caller.userID else {
            throw RPCError(
                code: .permissionDenied,
                message: "seat_id: only the offerer of offer \(state.offer.id) decides on seat \(request.seatID)"
            )
        }
        let offer = state.offer
        let seat = state.seat.seat
        let aboard = offer.riders.contains { $0.seatID == seat.id }
        let without = aboard ? offer.estimate(without: seat.id) : offer.estimate()
        let with =
            aboard ? offer.estimate() : offer.estimate(adding: seat.request.drop, rider: seat.rider, seatID: seat.id)
        return .with {
            $0.seat = RidesProtoMapping.seat(state.seat, offer: offer)
            $0.offer = RidesProtoMapping.offer(offer, seats: seats, for: caller.userID)
            $0.withoutRider = RidesProtoMapping.shares(without.shares)
            $0.withRider = RidesProtoMapping.shares(with.shares)
            $0.addedMeters = UInt64(max(0, (aboard ? without.addedMeters : with.addedMeters).rounded()))
        }
    }

    /// R3: the offerer accepts a requested seat. The rules are checked first (a seat left, the request waiting),
    /// then payments holds the rider's estimated share (plus its margin) on their card, then the seat is accepted in
    /// one write that checks the seats again: of many acceptances racing for the last seat one wins; the others get
    /// FAILED_PRECONDITION and their holds are released at once. A declined card leaves the seat requested.
    public func acceptSeat(request: Quad_Jobs_V1_AcceptSeatRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideSeat
    {
        let caller = try context.requireCaller()
        try Self.require(request.seatID, "seat_id", "the seat")
        guard
            let state = try await refusingAsRPC({
                try await database.rideSeatState(seatID: request.seatID, for: caller.userID)
            })
        else { throw Self.seatNotFound(request.seatID) }
        let seat = state.seat.seat
        let share = state.offer.estimatedShare(of: seat)
        let line = Money(minorUnits: max(1, share.minorUnits), currency: share.currency)
        // Every rule first, with a stand-in hold: no money is held for an acceptance the rules refuse.
        var dryOffer = state.offer
        var drySeat = seat
        _ = try refusingAsRPC {
            try dryOffer.accept(
                &drySeat,
                by: caller.userID,
                hold: RideHold(paymentIntentID: "pending", amount: line),
                at: max(nowMicros, state.offer.lastChangeAt, seat.lastChangeAt)
            )
        }
        let held = try await holdForSeat(seat, line: line, offerID: state.offer.id)
        let hold = RideHold(
            paymentIntentID: held.paymentIntent.paymentIntentID,
            amount: JobsProtoMapping.money(held.paymentIntent.held),
            fee: held.estimate.lines.first { $0.code == RidesProduct.bookingFeeCode }.map {
                JobsProtoMapping.money($0.amount)
            }
        )
        do {
            return try await changeSeat(request.seatID, caller: caller) { offer, seat, at in
                try offer.accept(&seat, by: caller.userID, hold: hold, at: at)
            }
        } catch {
            await releaseUnusedHold(seatID: seat.id, intent: hold.paymentIntentID, context: context)
            throw error
        }
    }

    /// payments' hold of `seat`'s estimated share (`line`), idempotent on the seat's id.
    private func holdForSeat(_ seat: RideSeat, line: Money, offerID: String) async throws -> Quad_Payments_V1_JobHold {
        do {
            return try await payments.holdForJob(
                .with {
                    $0.jobID = seat.id
                    $0.customerID = seat.rider
                    $0.paymentMethodID = seat.request.paymentMethodID
                    $0.product = RidesProduct.id
                    $0.zoneID = offerID
                    $0.lines = [
                        .with {
                            $0.code = RidesProduct.fareShareCode
                            $0.quantity = 1
                            $0.amount = JobsProtoMapping.amount(line)
                        }
                    ]
                },
                options: configuration.paymentsOptions(idempotencyKey: seat.id)
            )
        } catch let error as RPCError where error.code == .unavailable || error.code == .deadlineExceeded {
            throw RPCError(
                code: .unavailable,
                message: "payments could not hold the rider's share (\(error.message)); the seat stays requested: retry"
            )
        } catch let error as RPCError where error.code == .failedPrecondition || error.code == .invalidArgument {
            throw RPCError(
                code: .failedPrecondition,
                message: "payments did not hold the rider's share (\(error.message)); the seat stays requested"
            )
        }
    }

    /// Releases a hold placed for an acceptance that failed, unless the seat holds it after all (a concurrent
    /// repeat of the same acceptance won).
    private func releaseUnusedHold(seatID: String, intent: String, context: ServerContext) async {
        let kept = try? await database.rideSeatHold(seatID: seatID)
        guard kept != intent else { return }
        await OrphanedHold.release(
            jobID: seatID,
            intent: intent,
            payments: payments,
            options: configuration.paymentsOptions(idempotencyKey: "\(seatID):release:\(intent)"),
            logger: context.logger
        )
    }

    /// R3: the offerer rejects a requested seat; the rider is told.
    public func rejectSeat(request: Quad_Jobs_V1_RejectSeatRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideSeat
    {
        let caller = try context.requireCaller()
        try Self.requireReason(request.reason)
        let reason = request.reason.isEmpty ? nil : request.reason
        let configuration = configuration.ride
        return try await changeSeat(request.seatID, caller: caller) { offer, seat, at in
            try offer.reject(&seat, by: caller.userID, reason: reason, at: at, configuration: configuration)
        }
    }

    /// The rider cancels their seat before the fare: an accepted seat's hold is released and its drop leaves the
    /// route, so the others' estimates are recomputed without them.
    public func cancelSeat(request: Quad_Jobs_V1_CancelSeatRequest, context: ServerContext) async throws
        -> Quad_Jobs_V1_RideSeat
    {
        let caller = try context.requireCaller()
        try Self.requireReason(request.reason)
        return try await changeSeat(request.seatID, caller: caller) { offer, seat, at in
            try offer.withdraw(&seat, by: caller.userID, at: at)
        }
    }
}
