import JobsErrands
import Testing

@Suite("Errand: buying and delivering (E5)")
struct ErrandPurchaseTests {
    @Test("a purchase within the maxima is delivered, and payments captures the items at their prices plus the fee")
    func deliveredWithinMaxima() throws {
        // Given
        var errand = try errand(at: .accepted)

        // When
        let bought = try errand.recordPurchase(by: buyerID, withinMaxima, at: newYear + 2 * hour)
        let delivered = try errand.deliver(by: buyerID, at: newYear + 3 * hour)

        // Then
        #expect(bought == [.purchaseRecorded(withinMaxima, itemsAboveMaximum: [])])
        #expect(
            delivered == [
                .completed(
                    ErrandCompletion(
                        paymentIntentID: "pi_1",
                        purchase: withinMaxima,
                        // 2 × 2.80 + 1 × 4.50 + 2.50
                        total: usd(1_260),
                        buyer: buyerID,
                        requester: requesterID
                    )
                )
            ]
        )
        #expect(errand.stage == .delivered)
        #expect(errand.status == .completed(at: newYear + 3 * hour))
        #expect(errand.timeline.map(\.change).suffix(2) == [.purchaseRecorded(withinMaxima), .delivered])
    }

    @Test("an item above its maximum waits for the requester's approval before delivery")
    func aboveMaximum() throws {
        var errand = try errand(at: .accepted)
        let bought = try errand.recordPurchase(by: buyerID, breadAboveMaximum, at: newYear + 2 * hour)
        #expect(bought == [.purchaseRecorded(breadAboveMaximum, itemsAboveMaximum: [1])])
        #expect(errand.isAwaitingPurchaseApproval)

        let error = refusal(of: errand, .failedPrecondition) { try $0.deliver(by: buyerID, at: newYear + 3 * hour) }
        #expect(
            error?.message
                == "cannot deliver errand errand_1: items[1] were bought above their maximum price and wait for the "
                + "requester's approval"
        )
        refusal(of: errand, .permissionDenied) { try $0.approvePurchase(by: buyerID, at: newYear + 3 * hour) }

        let approved = try errand.approvePurchase(by: requesterID, at: newYear + 3 * hour)
        #expect(approved == [.purchaseApproved(breadAboveMaximum)])
        let delivered = try errand.deliver(by: buyerID, at: newYear + 4 * hour)
        guard case .completed(let completion) = delivered.first else {
            Issue.record("delivery did not complete the errand: \(delivered)")
            return
        }
        // 2 × 2.80 + 1 × 5.20 + 2.50: above the hold of 13.00, which the requester approved.
        #expect(completion.total == usd(1_330))
    }

    @Test("an approval is refused when nothing waits for one")
    func nothingToApprove() throws {
        let accepted = try errand(at: .accepted)
        refusal(of: accepted, .failedPrecondition) { try $0.approvePurchase(by: requesterID, at: newYear + 2 * hour) }
        let bought = try errand(at: .bought)
        let error = refusal(of: bought, .failedPrecondition) {
            try $0.approvePurchase(by: requesterID, at: newYear + 2 * hour)
        }
        #expect(
            error?.message
                == "cannot approve the purchase of errand errand_1: every item was bought within its maximum price, so "
                + "the purchase needs no approval"
        )
        var approved = try errand(at: .bought, purchase: breadAboveMaximum)
        _ = try approved.approvePurchase(by: requesterID, at: newYear + 2 * hour)
        refusal(of: approved, .failedPrecondition) { try $0.approvePurchase(by: requesterID, at: newYear + 2 * hour) }
    }

    @Test(
        "a purchase that does not fit the list is refused, naming the field",
        arguments: [
            (ErrandPurchase(prices: [usd(280)], receiptDocumentID: "doc_receipt"), "lines"),
            (ErrandPurchase(prices: [usd(280), usd(450), usd(1)], receiptDocumentID: "doc_receipt"), "lines"),
            (
                ErrandPurchase(prices: [usd(280), Money(minorUnits: 450, currency: "EUR")], receiptDocumentID: "r"),
                "lines[1].price"
            ),
            (ErrandPurchase(prices: [usd(-1), usd(450)], receiptDocumentID: "doc_receipt"), "lines[0].price"),
            (ErrandPurchase(prices: [usd(280), usd(450)], receiptDocumentID: " "), "receipt_document_id"),
            (ErrandPurchase(prices: [usd(.max / 2), usd(450)], receiptDocumentID: "doc_receipt"), "lines"),
        ]
    )
    func badPurchase(purchase: ErrandPurchase, field: String) throws {
        let errand = try errand(at: .accepted)
        let error = refusal(of: errand, .invalidArgument) { try $0.recordPurchase(by: buyerID, purchase, at: newYear) }
        #expect(error?.field == field)
    }

    @Test("a free item is fine: zero is a price")
    func freeItem() throws {
        var errand = try errand(at: .accepted)
        _ = try errand.recordPurchase(
            by: buyerID,
            ErrandPurchase(prices: [usd(0), usd(450)], receiptDocumentID: "doc_receipt"),
            at: newYear + 2 * hour
        )
        #expect(errand.stage == .bought)
    }

    @Test("only the assigned buyer buys and delivers, each once, in order")
    func buyerOnlyInOrder() throws {
        let open = try errand()
        refusal(of: open, .failedPrecondition) { try $0.recordPurchase(by: buyerID, withinMaxima, at: newYear) }
        let accepted = try errand(at: .accepted)
        refusal(of: accepted, .permissionDenied) {
            try $0.recordPurchase(by: otherBuyerID, withinMaxima, at: newYear + 2 * hour)
        }
        let early = refusal(of: accepted, .failedPrecondition) { try $0.deliver(by: buyerID, at: newYear + 2 * hour) }
        #expect(
            early?.message
                == "cannot deliver errand errand_1: it is at stage 1 accepted; this is possible only at stage 2 bought"
        )
        let bought = try errand(at: .bought)
        refusal(of: bought, .failedPrecondition) {
            try $0.recordPurchase(by: buyerID, withinMaxima, at: newYear + 3 * hour)
        }
        refusal(of: bought, .permissionDenied) { try $0.deliver(by: requesterID, at: newYear + 3 * hour) }
        refusal(of: bought, .failedPrecondition) { try $0.deliver(by: buyerID, at: newYear + hour) }
        let delivered = try errand(at: .delivered)
        refusal(of: delivered, .failedPrecondition) { try $0.deliver(by: buyerID, at: newYear + 4 * hour) }
    }

    @Test("a delivered errand is reviewed both ways within the window, in errands' words")
    func reviews() throws {
        var errand = try errand(at: .delivered)
        _ = try errand.review(by: requesterID, stars: 5, text: "Quick!", at: newYear + 4 * hour)
        _ = try errand.review(by: buyerID, stars: 4, text: nil, at: newYear + 4 * hour)
        #expect(errand.customerReview?.subject == buyerID)
        #expect(errand.workerReview?.subject == requesterID)
        let late = try Self.errandReviewedLate()
        #expect(late?.message.hasSuffix("14 days after delivery") == true)
    }

    /// The refusal of a review a day after the window closed.
    private static func errandReviewedLate() throws -> JobsError? {
        let errand = try errand(at: .delivered)
        let late = newYear + 3 * hour + 15 * Microseconds.perDay
        return refusal(of: errand, .failedPrecondition) {
            try $0.review(by: requesterID, stars: 5, text: nil, at: late)
        }
    }
}
