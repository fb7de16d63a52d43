import Foundation
import GatewayService
import NIOCore
import QuadContracts
import QuadDynamicMessages
import QuadToolKit
import QuadWire
import QuadWireCore
import QuadWireNIO
import Testing

/// Issue 11, item 5: whoever names another person's job, offer, card or dispute must learn no more than
/// someone who names one that does not exist. The test walks every method the gateway routes, finds every
/// id its request takes (from the descriptors, so a method added later is walked too), and calls it as a
/// stranger twice: once with a real id that belongs to someone else, once with an id that exists nowhere.
/// Both answers must have the same status and, with the id itself blanked out, the same message.
@Suite(
    "Existence oracles: a foreign id and an unknown id get the same answer",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt)
)
struct ExistenceOracleTests {
    /// Ids that are public by design, so that naming a real one is meant to answer differently from
    /// naming none; each with the reason.
    static let publicIDs: [String: String] = [
        "campus_id": "the campus directory is public (A5, ListCampuses)",
        "dorm_id": "the dorms are the public campus directory (A5)",
        "user_id": "public profiles are looked up by user id (A4)",
        "user_ids": "public profiles are looked up by user id (A4)",
        "preferred_dasher_id": "a dorm's accepting dashers are listed with their ids to its customers (L2)",
        "to_user_id": "a transfer names its recipient; an unknown recipient is refused (payments' own tests)",
        "member_ids": "user ids are public (A4); a household's members are checked after its membership",
        "from_user_id": "user ids are public (A4); a household's members are checked after its membership",
        "payer_id": "user ids are public (A4); a household's members are checked after its membership",
        "taxi_id": "a taxi's number is painted on the taxi (R1); an offer names it and nothing is looked up by it",
    ]

    /// Methods whose id field is public to some strangers by design, so that naming a real one answers otherwise
    /// than naming none; each with the reason.
    static let publicInMethod: [String: (field: String, reason: String)] = [
        "quad.jobs.v1.Errands/AcceptErrand": (
            "errand_id",
            "every errand of a campus was in its feed: a buyer who lost the race is told it was accepted (E3)"
        ),
        "quad.jobs.v1.Rides/GetRideOffer": (
            "offer_id",
            "an open ride offer is shown to everyone signed in, in search and by id (R2); its seats are not"
        ),
        "quad.jobs.v1.Rides/RequestSeat": (
            "offer_id",
            "anyone may ask for a seat on an open offer found in search (R3): a refusal says why it cannot be joined"
        ),
        "quad.jobs.v1.Rides/EditRideOffer": (
            "offer_id",
            "an open offer is public (R2), so a stranger is told only its offerer may edit it; a closed one is NOT_FOUND"
        ),
        "quad.jobs.v1.Rides/CancelRideOffer": (
            "offer_id",
            "an open offer is public (R2), so a stranger is told only its offerer may cancel it; a closed one is NOT_FOUND"
        ),
        "quad.jobs.v1.Rides/RecordFare": (
            "offer_id",
            "an open offer is public (R2), so a stranger is told only its offerer records the fare; a closed one is NOT_FOUND"
        ),
    ]

    /// What each method needs besides the id, so that the call gets past validation to the lookup.
    static let otherFields: [String: String] = [
        "quad.jobs.v1.Jobs/AdvanceStage": #""toStage": "LAUNDRY_STAGE_ON_THE_WAY_FOR_PICKUP""#,
        "quad.jobs.v1.Jobs/ReportDrying": #""actualLoads": 2, "machineCost": {"minorUnits": 650, "currency": "USD"}"#,
        "quad.jobs.v1.Jobs/ReviewLaundryJob": #""stars": 4, "text": "fine""#,
        "quad.jobs.v1.Jobs/DisputeLaundryJob":
            #""reason": "DISPUTE_REASON_NOT_DONE", "description": "never came back""#,
        "quad.jobs.v1.Jobs/RejectDasher": #""reason": "prefer someone else""#,
        "quad.jobs.v1.Jobs/CancelLaundryJob": #""reason": "changed my mind""#,
        "quad.documents.v1.Documents/ListDocuments": #""ownerKind": "OWNER_KIND_JOB""#,
        "quad.jobs.v1.Errands/SendErrandMessage": #""text": "hello""#,
        "quad.jobs.v1.Errands/ReportErrand": #""reason": "ERRAND_REPORT_REASON_SPAM""#,
        "quad.jobs.v1.Errands/PostErrandUpdate": #""kind": "ERRAND_UPDATE_KIND_AT_STORE""#,
        "quad.jobs.v1.Errands/ReviewErrand": #""stars": 4"#,
        "quad.jobs.v1.Rides/EditRideOffer": #""expectedVersion": "1", "seats": 3"#,
        "quad.jobs.v1.Rides/RecordFare": #""fare": {"minorUnits": 2000, "currency": "USD"}"#,
        "quad.jobs.v1.Rides/ReviewRide": #""stars": 4"#,
        "quad.freight.v1.Freight/InviteMember": #""email": "someone@example.test", "role": "MEMBER_ROLE_DRIVER""#,
        "quad.freight.v1.Freight/SetLoadStatus": #""status": "LOAD_STATUS_ON_THE_WAY""#,
        "quad.freight.v1.Freight/EditLoadStops":
            #""pickup": {"address": "1 Dock Road", "coordinate": {"latitude": 51.4, "longitude": 0.3}}"#,
        "quad.households.v1.Households/UpdateHousehold": #""name": "Renamed""#,
        "quad.households.v1.Households/InviteMember": #""email": "someone@example.test""#,
        "quad.households.v1.Households/RemoveMember": #""userId": "01a21ec474597e5f87a5b4524adbf84d""#,
        "quad.households.v1.Households/HandOver": #""toUserId": "01a21ec474597e5f87a5b4524adbf84d""#,
        "quad.households.v1.Households/DismissHousehold": #""confirmName": "Alice's flat""#,
        "quad.households.v1.Chores/CreateChore": #"""
        "name": "Dishes", "dueAtMicros": "1890000000000000", "repeat": "CHORE_REPEAT_ONCE",
        "assignment": "ASSIGNMENT_MODE_MANUAL", "memberIds": ["01a21ec474597e5f87a5b4524adbf84d"]
        """#,
        "quad.households.v1.Chores/EditChore": #""name": "Dishes""#,
        "quad.households.v1.Chores/RateChore": #""stars": 4"#,
        "quad.households.v1.Chores/GetPoints": #""year": 2026, "month": 11"#,
        "quad.households.v1.Chores/SnoozeReminder": #""minutes": 30"#,
        "quad.households.v1.Expenses/AddExpense": #"""
        "description": "Milk", "amount": {"minorUnits": 500, "currency": "USD"}, "method": "SPLIT_METHOD_EQUAL",
        "shares": [{"memberId": "01a21ec474597e5f87a5b4524adbf84d"}]
        """#,
        "quad.households.v1.Expenses/EditExpense": #"""
        "version": 1, "description": "Milk", "amount": {"minorUnits": 500, "currency": "USD"},
        "method": "SPLIT_METHOD_EQUAL", "shares": [{"memberId": "01a21ec474597e5f87a5b4524adbf84d"}]
        """#,
        "quad.households.v1.Expenses/CreateBill": #"""
        "description": "Rent", "amount": {"minorUnits": 50000, "currency": "USD"}, "method": "SPLIT_METHOD_EQUAL",
        "shares": [{"memberId": "01a21ec474597e5f87a5b4524adbf84d"}], "dayOfMonth": 1
        """#,
        "quad.households.v1.Expenses/RequestPayment": #""amount": {"minorUnits": 500, "currency": "USD"}"#,
        "quad.households.v1.Expenses/RecordCashSettlement": #""amount": {"minorUnits": 500, "currency": "USD"}"#,
        "quad.households.v1.Expenses/PayInApp": #""amount": {"minorUnits": 500, "currency": "USD"}"#,
        "quad.freight.v1.Freight/CreateLoad": #"""
        "number": "L-9", "cargo": "tiles", "client": "Tile & Co", "estimatedDeliveryAtMicros": "1790000000000000",
        "pickup": {"address": "1 Dock Road", "coordinate": {"latitude": 51.4, "longitude": 0.3}},
        "dropOff": {"address": "9 Mill Lane", "coordinate": {"latitude": 53.8, "longitude": -1.5}}
        """#,
    ]

    @Test("every routed method that takes an id answers a stranger's foreign id as it answers an unknown one")
    func foreignAndUnknownIDsLookAlike() async throws {
        let pool = try DescriptorPool(files: Array(QuadProtoFiles.all.values))
        let transcoder = JSONTranscoder(pool: pool)
        let routes = RoutingTable(catalog: QuadServiceCatalog.all).allRoutes.map(\.method).filter { $0.kind == .unary }
        var walked: [(method: MethodDescriptor, field: String, inputType: String)] = []
        for method in routes {
            let info = try pool.method(named: method.fullName)
            let input = try #require(pool.message(named: info.inputType))
            for field in input.fields
            where field.kind == .string && (field.name.hasSuffix("_id") || field.name.hasSuffix("_ids")) {
                walked.append((method, field.name, info.inputType))
            }
        }
        #expect(walked.count >= 15, "the walk found \(walked.count) id fields; the descriptors are not being read")

        try await LaundrySystem.run { system in
            // Alice owns everything a stranger will name: a card, a completed and disputed job, and a job
            // waiting with an offer out to Bob. Eve, a customer and a dasher of the same dorm, is the stranger.
            let alice = try await system.register("Alice")
            let bob = try await system.registerDasher("Bob")
            let eve = try await system.registerDasher("Eve")
            let card = try await system.addCard(alice)
            _ = try await system.matching.setAccepting(.with { $0.accepting = true }, options: bob.options)
            let done = try await Self.completedJob(system, customer: alice, dasher: bob, card: card)
            let disputed = try await system.jobs.disputeLaundryJob(
                .with {
                    $0.jobID = done; $0.reason = .damagedItems; $0.description_p = "a shirt came back torn"
                },
                options: alice.options
            )
            let waiting = try await system.jobs.submitLaundryJob(
                LaundrySystem.submission(card: card),
                options: alice.options(key: "oracle-2")
            )
            let offer = try await system.offer(for: bob)
            #expect(offer.jobID == waiting.jobID)
            let evidence = try await DocumentsThroughGatewayTests.upload(
                Array("%PDF-1.7\n".utf8) + [UInt8](repeating: 1, count: 1_000),
                .with {
                    $0.ownerKind = .job
                    $0.ownerID = done
                    $0.purpose = .disputeEvidence
                    $0.fileName = "torn.pdf"
                    $0.declaredType = .pdf
                },
                as: alice,
                through: system
            )

            // Alice's carrier: a load of hers, an invite of hers to someone's email.
            let (carrier, load, invite) = try await Self.aliceCarrier(system, alice: alice)

            // Alice's errand, which Bob accepted and bought with a receipt of his.
            let errand = try await system.postErrand(alice, card: card)
            _ = try await system.errands.acceptErrand(.with { $0.errandID = errand.errandID }, options: bob.options)
            let receipt = try await system.uploadReceipt(errand.errandID, as: bob)

            // Alice's household with Bob: a chore done (its photo, its turn, its rating), her reminder, an expense, a
            // bill, a payment request, an invite to someone's email.
            let flat = try await Self.aliceHousehold(system, alice: alice, bob: bob)

            // Alice's ride offer, on which Bob asked for a seat.
            let ride = try await system.rides.offerRide(
                LaundrySystem.rideOffer(seats: 2),
                options: alice.options(key: "oracle-ride")
            )
            let bobCard = try await system.addCard(bob)
            let seat = try await system.rides.requestSeat(
                .with {
                    $0.offerID = ride.offerID
                    $0.drop = DemoRideSeeder.place("Jefferson Road", 44.4535, -93.1642)
                    $0.paymentMethodID = bobCard
                },
                options: bob.options(key: "oracle-seat")
            )

            let foreign: [String: [String]] = [
                "household_id": [flat.household],
                "chore_id": [flat.chore],
                "occurrence_id": [flat.occurrence],
                "completion_id": [flat.completion],
                "reminder_id": [flat.reminder],
                "expense_id": [flat.expense],
                "bill_id": [flat.bill],
                "request_id": [flat.request],
                "photo_document_id": [flat.photo],
                "errand_id": [errand.errandID],
                "receipt_document_id": [receipt],
                "job_id": [done, waiting.jobID],
                "offer_id": [offer.offerID, ride.offerID],
                "seat_id": [seat.seatID],
                "payment_method_id": [card],
                "dispute_id": [disputed.dispute.disputeID],
                "document_id": [evidence.documentID],
                "evidence_document_ids": [evidence.documentID],
                "owner_id": [done, waiting.jobID],
                "organisation_id": [carrier.organisationID],
                "load_id": [load.loadID],
                "invite_id": [invite.inviteID, flat.invite],
                "driver_id": [bob.userID],
            ]
            for (method, field, inputType) in walked {
                if Self.publicIDs[field] != nil || Self.publicInMethod[method.fullName]?.field == field { continue }
                guard let ids = foreign[field] else {
                    Issue.record(
                        "\(method) takes `\(field)`: give the test someone else's \(field), or say why it is public"
                    )
                    continue
                }
                for id in ids {
                    let unknown = Self.unknown(like: id)
                    let toForeign = try await Self.call(
                        system,
                        method,
                        inputType,
                        field: field,
                        id: id,
                        as: eve,
                        transcoder
                    )
                    let toUnknown = try await Self.call(
                        system,
                        method,
                        inputType,
                        field: field,
                        id: unknown,
                        as: eve,
                        transcoder
                    )
                    #expect(toForeign.code != .ok, "\(method) let a stranger act on someone else's \(field)")
                    #expect(
                        toForeign.code == toUnknown.code
                            && toForeign.message.replacingOccurrences(of: id, with: "<id>")
                                == toUnknown.message.replacingOccurrences(of: unknown, with: "<id>"),
                        """
                        \(method) tells a foreign \(field) from an unknown one:
                          foreign: \(toForeign.code) \(toForeign.message)
                          unknown: \(toUnknown.code) \(toUnknown.message)
                        """
                    )
                }
            }
        }
    }

    /// The call's status and message (OK and "" when it succeeded).
    private static func call(
        _ system: LaundrySystem,
        _ method: MethodDescriptor,
        _ inputType: String,
        field: String,
        id: String,
        as person: Person,
        _ transcoder: JSONTranscoder
    ) async throws -> (code: StatusCode, message: String) {
        let value = field.hasSuffix("_ids") ? "[\"\(id)\"]" : "\"\(id)\""
        let others = otherFields[method.fullName].map { ", " + $0 } ?? ""
        let bytes = try transcoder.binary(fromJSON: "{\"\(field)\": \(value)\(others)}", messageType: inputType)
        do {
            _ = try await system.gateway.unary(
                method,
                request: ByteBuffer(bytes: bytes),
                options: person.options(key: UUID().uuidString)
            )
            return (.ok, "")
        } catch let error as RPCError {
            return (error.code, error.message)
        }
    }

    /// An id of the same shape as `id` that names nothing: the last four characters of its leading id changed
    /// (an offer id is its job's id, `#`, a number: the number is kept).
    private static func unknown(like id: String) -> String {
        let hash = id.firstIndex(of: "#") ?? id.endIndex
        let head = id[..<hash]
        let tail = String(head.suffix(4).map { $0 == "0" ? "1" : "0" })
        return head.dropLast(4) + tail + id[hash...]
    }

    /// The ids of Alice's household that a stranger will name.
    struct AliceHousehold {
        var household, chore, occurrence, completion, reminder, expense, bill, request, photo, invite: String
    }

    /// Alice's household "Alice's flat" with Bob, and in it: a chore of Alice's done with a photo and rated by Bob,
    /// its next turn (Alice's, with her reminder), an expense, a rent bill, a payment request to Bob and an invite.
    /// Alice's carrier "Alice Haulage" with a load of hers and an invite of hers to someone's email.
    static func aliceCarrier(_ system: LaundrySystem, alice: Person) async throws -> (
        carrier: Quad_Freight_V1_Organisation, load: Quad_Freight_V1_Load, invite: Quad_Freight_V1_Invite
    ) {
        let carrier = try await system.freight.createOrganisation(
            .with { $0.name = "Alice Haulage" },
            options: alice.options
        )
        let load = try await system.freight.createLoad(
            FreightThroughGatewayTests.loadRequest(carrier.organisationID),
            options: alice.options
        )
        let invite = try await system.freight.inviteMember(
            .with {
                $0.organisationID = carrier.organisationID
                $0.email = "someone@example.test"
                $0.role = .driver
            },
            options: alice.options
        )
        return (carrier, load, invite)
    }

    static func aliceHousehold(_ system: LaundrySystem, alice: Person, bob: Person) async throws
        -> AliceHousehold
    {
        let household = try await system.households.createHousehold(
            .with {
                $0.name = "Alice's flat"
                $0.timeZone = "Europe/Berlin"
            },
            options: alice.options
        ).householdID
        let bobEmail = try await system.identity.getMyProfile(.init(), options: bob.options).email
        let toBob = try await system.households.inviteMember(
            .with {
                $0.householdID = household
                $0.email = bobEmail
            },
            options: alice.options
        )
        _ = try await system.households.acceptInvite(.with { $0.inviteID = toBob.inviteID }, options: bob.options)
        let invite = try await system.households.inviteMember(
            .with {
                $0.householdID = household
                $0.email = "someone-else@example.test"
            },
            options: alice.options
        )
        let chore = try await system.chores.createChore(
            .with {
                $0.householdID = household
                $0.name = "Dishes"
                $0.dueAtMicros = (Int64(Date().timeIntervalSince1970) / 60 * 60 + 3_600) * 1_000_000
                $0.repeat = .daily
                $0.assignment = .manual
                $0.memberIds = [alice.userID]
            },
            options: alice.options
        )
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 3, count: 500)
        let photo = try await DocumentsThroughGatewayTests.upload(
            png,
            .with {
                $0.ownerKind = .chore
                $0.ownerID = chore.choreID
                $0.purpose = .chorePhoto
                $0.fileName = "dishes.png"
                $0.declaredType = .png
            },
            as: alice,
            through: system
        ).documentID
        let done = try await system.chores.markChoreDone(
            .with {
                $0.choreID = chore.choreID
                $0.occurrenceID = chore.current.occurrenceID
                $0.photoDocumentID = photo
            },
            options: alice.options
        )
        _ = try await system.chores.rateChore(
            .with {
                $0.completionID = done.completion.completionID
                $0.stars = 4
            },
            options: bob.options
        )
        let reminders = try await system.chores.listMyReminders(.init(), options: alice.options).reminders
        let shares: [Quad_Households_V1_SplitShare] = [alice.userID, bob.userID].map { id in .with { $0.memberID = id }
        }
        let expense = try await system.expenses.addExpense(
            .with {
                $0.householdID = household
                $0.description_p = "Groceries"
                $0.amount = LaundrySystem.usd(3_000)
                $0.method = .equal
                $0.shares = shares
            },
            options: alice.options
        )
        let bill = try await system.expenses.createBill(
            .with {
                $0.householdID = household
                $0.description_p = "Rent"
                $0.payerID = alice.userID
                $0.amount = LaundrySystem.usd(100_000)
                $0.method = .equal
                $0.shares = shares
                $0.dayOfMonth = 1
            },
            options: alice.options
        )
        let request = try await system.expenses.requestPayment(
            .with {
                $0.householdID = household
                $0.fromUserID = bob.userID
                $0.amount = LaundrySystem.usd(1_500)
            },
            options: alice.options
        )
        return AliceHousehold(
            household: household,
            chore: chore.choreID,
            occurrence: done.chore.current.occurrenceID,
            completion: done.completion.completionID,
            reminder: try #require(reminders.first?.reminderID),
            expense: expense.expenseID,
            bill: bill.billID,
            request: request.requestID,
            photo: photo,
            invite: invite.inviteID
        )
    }

    /// Submits a job for `customer` and runs it to paid with `dasher`; its id.
    private static func completedJob(_ system: LaundrySystem, customer: Person, dasher: Person, card: String)
        async throws -> String
    {
        let job = try await system.jobs.submitLaundryJob(
            LaundrySystem.submission(card: card),
            options: customer.options(key: "oracle-1")
        )
        try await system.runToPaid(job.jobID, customer: customer, dasher: dasher)
        return job.jobID
    }
}
