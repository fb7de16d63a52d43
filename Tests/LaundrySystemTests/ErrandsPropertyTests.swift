import Foundation
import QuadContracts
import QuadTestSupport
import QuadWire
import Testing

/// Random errands through the whole system (issue 14 item 12): people post, accept, cancel, ask and answer, record
/// purchases within and above the maxima, approve and deliver in a random order, refusals included; then, once
/// payments answered every ended errand, the books balance, no capture is above its hold unless the requester
/// approved items above their maximum, a completed errand captured exactly its purchase, and a cancelled one
/// captured nothing.
@Suite(
    "Errands at random through the system: the books balance, captures stay within the hold (E1-E5)",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct ErrandsPropertyTests {
    enum Step: CaseIterable {
        case post, accept, cancel, answerYes, answerNo, buy, buyAbove, approve, deliver

        /// The steps drawn from, weighted so that errands get far enough to be delivered as well as cancelled.
        static let weighted: [Step] = [
            .post, .accept, .accept, .accept, .cancel, .answerYes, .answerNo, .buy, .buy, .buyAbove, .approve,
            .approve, .deliver, .deliver, .deliver,
        ]
    }

    @Test("random operations keep the money right", .timeLimit(.minutes(6)), arguments: randomSeeds.prefix(2))
    func randomOperations(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        try await LaundrySystem.run { system in
            var people: [(person: Person, card: String)] = []
            for name in ["Ann", "Ben", "Cal", "Dee"] {
                let person = try await system.register(name)
                people.append((person, try await system.addCard(person)))
            }
            var ids: [String] = []
            var requesters: [String: Person] = [:]
            var buyers: [String: Person] = [:]
            var refusals = 0
            for _ in 0..<160 {
                var step = ids.count < 3 ? .post : Step.weighted.randomElement(using: &random)!
                if step == .post, ids.count >= 6 { step = .accept }
                let id = ids.randomElement(using: &random) ?? ""
                // Mostly the person whose turn it is, sometimes anyone: the rules must refuse the others.
                var actor = people.randomElement(using: &random)!
                if Int.random(in: 0..<10, using: &random) < 8 {
                    let owner: Person? =
                        switch step {
                        case .cancel, .approve: requesters[id]
                        case .answerYes, .answerNo, .buy, .buyAbove, .deliver: buyers[id]
                        case .post, .accept: nil
                        }
                    if let owner, let match = people.first(where: { $0.person.userID == owner.userID }) {
                        actor = match
                    }
                }
                do {
                    switch step {
                    case .post:
                        let posted = try await system.postErrand(actor.person, card: actor.card).errandID
                        ids.append(posted)
                        requesters[posted] = actor.person
                    case .accept:
                        _ = try await system.errands.acceptErrand(
                            .with { $0.errandID = id },
                            options: actor.person.options
                        )
                        buyers[id] = actor.person
                    case .cancel:
                        _ = try await system.errands.cancelErrand(
                            .with { $0.errandID = id },
                            options: actor.person.options
                        )
                    case .answerYes, .answerNo:
                        _ = try await system.errands.answerCancellation(
                            .with {
                                $0.errandID = id; $0.agree = step == .answerYes
                            },
                            options: actor.person.options
                        )
                    case .buy:
                        try await system.recordPurchase(id, prices: [280, nil], as: actor.person)
                    case .buyAbove:
                        try await system.recordPurchase(id, prices: [310, 450], as: actor.person)
                    case .approve:
                        _ = try await system.errands.approvePurchase(
                            .with { $0.errandID = id },
                            options: actor.person.options
                        )
                    case .deliver:
                        _ = try await system.errands.deliverErrand(
                            .with { $0.errandID = id },
                            options: actor.person.options
                        )
                    }
                } catch let error as RPCError {
                    // Refusals are part of the walk; only the rules' answers are expected.
                    #expect(
                        [.failedPrecondition, .permissionDenied, .notFound, .alreadyExists].contains(error.code),
                        "\(step) on \(id): \(error)"
                    )
                    refusals += 1
                }
            }
            #expect(refusals > 0 && refusals < 160, "the walk should both succeed and be refused")

            let paymentsClient = try system.operatorClient("payments")
            defer { paymentsClient.close() }
            let payments = Quad_Payments_V1_Payments.Client(transport: paymentsClient)
            let operatorOptions = CallOptions(timeout: .seconds(10))
            var ended: [Quad_Jobs_V1_ErrandStatus: Int] = [:]
            for id in ids {
                let requester = try #require(requesters[id])
                let errand = try await system.eventually(
                    "errand \(id) settled with payments",
                    { try await system.errands.getErrand(.with { $0.errandID = id }, options: requester.options) },
                    until: { errand in
                        switch errand.status {
                        case .completed: errand.paymentState == .paid
                        case .cancelled: errand.paymentState == .released
                        default: errand.paymentState == .held
                        }
                    }
                )
                ended[errand.status, default: 0] += 1
                let intent = try await payments.getPaymentIntent(.with { $0.jobID = id }, options: operatorOptions)
                let approvedAbove = errand.purchase.needsApproval && errand.purchase.approved
                if !approvedAbove {
                    #expect(
                        intent.captured.minorUnits <= intent.held.minorUnits,
                        "errand \(id) captured above its hold"
                    )
                }
                switch errand.status {
                case .completed:
                    #expect(intent.captured == errand.purchase.total, "errand \(id) captured other than its purchase")
                case .cancelled:
                    #expect(intent.captured.minorUnits == 0, "cancelled errand \(id) captured money")
                default:
                    #expect(intent.captured.minorUnits == 0, "active errand \(id) captured money")
                }
            }
            #expect(
                ended[.completed, default: 0] > 0 && ended[.cancelled, default: 0] > 0,
                "the walk should end errands both ways"
            )
            #expect(try await payments.checkBooks(.init(), options: operatorOptions).balanced)
        }
    }
}
