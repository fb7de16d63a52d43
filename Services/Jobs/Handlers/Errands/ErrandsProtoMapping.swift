import Foundation
import JobsErrands
import QuadContracts
import QuadServiceKit
import QuadWire

/// Between errands' domain values and the wire's messages (errands.proto).
enum ErrandsProtoMapping {
    /// The errand as its people (and, while listed, its campus) see it.
    static func errand(_ record: ErrandRecord) -> Quad_Jobs_V1_Errand {
        let errand = record.errand
        let request = errand.request
        return .with {
            $0.errandID = errand.id
            $0.requesterID = errand.requester
            $0.campusID = request.campus
            $0.buyerID = errand.buyer ?? ""
            $0.stage = stage(errand.stage)
            $0.status = status(errand.status)
            $0.items = request.items.map(item)
            $0.stores = stores(of: request)
            $0.neededByMicros = request.neededBy
            $0.deliveryPlace = place(request.deliveryPlace)
            $0.notes = request.notes ?? ""
            $0.estimate = record.estimate
            if let purchase = errand.purchase { $0.purchase = self.purchase(purchase, of: errand) }
            $0.timeline = timeline(record)
            $0.paymentIntentID = request.paymentIntentID
            $0.paymentState = JobsProtoMapping.paymentState(record.paymentState)
            if let review = errand.customerReview {
                $0.requesterReview = JobsProtoMapping.review(review, jobID: errand.id)
            }
            if let review = errand.workerReview { $0.buyerReview = JobsProtoMapping.review(review, jobID: errand.id) }
            $0.postedAtMicros = errand.submittedAt
            $0.updatedAtMicros = record.updatedAt
            $0.reviewDeadlineMicros = errand.reviewDeadline() ?? 0
            $0.cancellationRequested = errand.cancellationRequest != nil
            $0.hidden = record.hidden
            $0.chatClosesAtMicros = record.chatClosesAt ?? 0
        }
    }

    /// The feed's row of the errand.
    static func summary(_ record: ErrandRecord) -> Quad_Jobs_V1_ErrandSummary {
        let request = record.errand.request
        return .with {
            $0.errandID = request.jobID
            $0.requesterID = request.customer
            $0.items = request.items.map(item)
            $0.stores = stores(of: request)
            $0.neededByMicros = request.neededBy
            $0.deliveryPlace = place(request.deliveryPlace)
            $0.total = record.estimate.total
            $0.deliveryFee = record.estimate.deliveryFee
            $0.postedAtMicros = record.errand.submittedAt
        }
    }

    /// The items' stores, each once (the first spelling), sorted.
    static func stores(of request: ErrandRequest) -> [String] {
        var seen: Set<String> = []
        var stores: [String] = []
        for store in request.items.compactMap(\.store) where seen.insert(ErrandsRules.key(store)).inserted {
            stores.append(store)
        }
        return stores.sorted { ErrandsRules.key($0) < ErrandsRules.key($1) }
    }

    static func item(_ item: ErrandItem) -> Quad_Jobs_V1_ErrandItem {
        .with {
            $0.name = item.name
            $0.quantity = UInt32(clamping: item.quantity)
            $0.maximumPrice = JobsProtoMapping.amount(item.maximumPrice)
            $0.store = item.store ?? ""
        }
    }

    static func place(_ place: ErrandPlace) -> Quad_Jobs_V1_DeliveryPlace {
        .with {
            $0.label = place.label
            $0.latitude = place.latitude
            $0.longitude = place.longitude
        }
    }

    static func purchase(_ purchase: ErrandPurchase, of errand: Errand) -> Quad_Jobs_V1_ErrandPurchase {
        let request = errand.request
        let above = purchase.itemsAboveMaximum(of: request)
        return .with {
            $0.lines = purchase.prices.map { price in
                .with { line in
                    if let price { line.price = JobsProtoMapping.amount(price) } else { line.notFound = true }
                }
            }
            $0.receiptDocumentID = purchase.receiptDocumentID
            $0.itemsAboveMaximum = above.map { UInt32($0) }
            $0.needsApproval = !above.isEmpty
            $0.approved = above.isEmpty || errand.purchaseApprovedAt != nil
            if let total = purchase.total(for: request) { $0.total = JobsProtoMapping.amount(total) }
            $0.recordedAtMicros =
                errand.timeline.last { if case .purchaseRecorded = $0.change { true } else { false } }?.at ?? 0
        }
    }

    static func stage(_ stage: ErrandStage) -> Quad_Jobs_V1_ErrandStage {
        Quad_Jobs_V1_ErrandStage(rawValue: stage.rawValue) ?? .open
    }

    static func status(_ status: JobStatus) -> Quad_Jobs_V1_ErrandStatus {
        switch status {
        case .active: .active
        case .cancelled: .cancelled
        case .completed: .completed
        }
    }

    // MARK: Requests

    /// The items of a request, each checked for what only the wire can get wrong (a missing price); the domain
    /// checks the rest.
    static func items(_ items: [Quad_Jobs_V1_ErrandItem]) throws -> [ErrandItem] {
        try items.enumerated().map { index, item in
            guard item.hasMaximumPrice else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "items[\(index)].maximum_price: give the most you pay for one, e.g. 3.50 USD"
                )
            }
            return ErrandItem(
                name: item.name,
                quantity: Int(item.quantity),
                maximumPrice: JobsProtoMapping.money(item.maximumPrice),
                store: item.store.isEmpty ? nil : item.store
            )
        }
    }

    /// The delivery place of a request; INVALID_ARGUMENT when there is none.
    static func place(_ place: Quad_Jobs_V1_DeliveryPlace?) throws -> ErrandPlace {
        guard let place else {
            throw RPCError(
                code: .invalidArgument,
                message: "delivery_place: say where the buyer brings the items (a label and its coordinates)"
            )
        }
        return ErrandPlace(label: place.label, latitude: place.latitude, longitude: place.longitude)
    }

    /// The purchase a buyer records: a price per found line, none for a line not found.
    static func purchase(_ request: Quad_Jobs_V1_RecordPurchaseRequest) throws -> ErrandPurchase {
        let prices: [Money?] = try request.lines.enumerated().map { index, line in
            if line.notFound {
                guard !line.hasPrice else {
                    throw RPCError(
                        code: .invalidArgument,
                        message: "lines[\(index)]: a line not found has no price; unset price or not_found"
                    )
                }
                return nil
            }
            guard line.hasPrice else {
                throw RPCError(
                    code: .invalidArgument,
                    message: "lines[\(index)].price: give the price paid for one, or set not_found"
                )
            }
            return JobsProtoMapping.money(line.price)
        }
        return ErrandPurchase(prices: prices, receiptDocumentID: request.receiptDocumentID)
    }

    static func update(_ kind: Quad_Jobs_V1_ErrandUpdateKind) throws -> ErrandUpdateKind {
        switch kind {
        case .atStore: return .atStore
        case .onTheWay: return .onTheWay
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message: "kind: say ERRAND_UPDATE_KIND_AT_STORE or ERRAND_UPDATE_KIND_ON_THE_WAY"
            )
        }
    }

    // MARK: Timeline

    /// The timeline as people read it: the errand's changes and what payments did with its money, by time.
    static func timeline(_ record: ErrandRecord) -> [Quad_Jobs_V1_TimelineEntry] {
        JobsProtoMapping.merged(timeline(record.errand), payments: record.paymentEntries)
    }

    static func timeline(_ errand: Errand) -> [Quad_Jobs_V1_TimelineEntry] {
        var buyer: String?
        return errand.timeline.map { entry in
            var actor = errand.requester
            var reason = ""
            let detail: String
            switch entry.change {
            case .submitted(let request):
                detail = "posted \(request.items.count) item(s), hold \(request.holdTotal?.formatted ?? "")"
            case .buyerAssigned(let assigned):
                buyer = assigned
                actor = assigned
                detail = "buyer \(assigned) accepted"
            case .buyerRejected(let rejected, let why):
                buyer = nil
                detail = "the requester sent buyer \(rejected) away; open for another buyer"
                reason = why ?? ""
            case .cancellationRequested(let why):
                detail = "the requester asked the buyer to let them cancel"
                reason = why ?? ""
            case .cancellationAgreed:
                actor = buyer ?? ""
                detail = "the buyer agreed to cancel"
            case .cancellationDeclined:
                actor = buyer ?? ""
                detail = "the buyer declined to cancel; the errand goes on"
            case .updatePosted(let update):
                actor = buyer ?? ""
                detail = "the buyer is \(update)"
            case .purchaseRecorded(let purchase):
                actor = buyer ?? ""
                let above = purchase.itemsAboveMaximum(of: errand.request)
                detail =
                    "bought for \(purchase.total(for: errand.request)?.formatted ?? "") with the delivery fee"
                    + (above.isEmpty ? "" : " (\(above.count) item(s) above their maximum: waits for approval)")
            case .purchaseApproved:
                detail = "the requester approved the items above their maximum"
            case .delivered:
                actor = buyer ?? ""
                detail = "delivered"
            case .removed(let note):
                actor = ""
                detail = "removed by an operator after reports"
                reason = note ?? ""
            case .expired:
                actor = ""
                detail = "nobody accepted it before its needed-by time"
            case .cancelled:
                detail = "cancelled"
            case .reviewed(let review):
                actor = review.author
                detail = "\(review.side == .customer ? "the requester" : "the buyer") gave \(review.stars) star(s)"
            case .disputeOpened(let claim):
                detail = "disputed: \(claim.reason.rawValue)"
            }
            return .with {
                $0.atMicros = entry.at
                $0.actorID = actor
                $0.kind = kind(entry)
                $0.detail = detail
                $0.reason = reason
            }
        }
    }

    /// The timeline kind of `entry`, as ErrandChanged.change names it.
    static func kind(_ entry: ErrandTimelineEntry) -> String {
        switch entry.change {
        case .submitted: "submitted"
        case .buyerAssigned: "buyer_assigned"
        case .buyerRejected: "buyer_rejected"
        case .cancellationRequested: "cancellation_requested"
        case .cancellationAgreed: "cancellation_agreed"
        case .cancellationDeclined: "cancellation_declined"
        case .updatePosted(let update): update == .atStore ? "at_store" : "on_the_way"
        case .purchaseRecorded: "purchase_recorded"
        case .purchaseApproved: "purchase_approved"
        case .delivered: "delivered"
        case .removed: "removed"
        case .expired: "expired"
        case .cancelled: "cancelled"
        case .reviewed: "reviewed"
        case .disputeOpened: "dispute_opened"
        }
    }
}
