/// A `"record":"write"` line of the call log (`--calls-jsonl`): what one acknowledged write created or finished,
/// as its answer said, for `quad-load check` to find in the owner's database afterwards.
///
/// ```json
/// {"record":"write","journey":"errand","method":"errands.PostErrand","kind":"errand","id":"01a2…","owner":"u-7",
///  "amount_minor":1725,"currency":"USD","idempotency_key":"6F1C…","state":"posted","trace_id":"4bf9…"}
/// ```
public struct WriteRecord: Codable, Sendable, Hashable {
    /// Always `write`: tells this line from a call's.
    public var record = "write"
    /// The journey that made the call.
    public var journey: String
    /// The call that was answered OK, e.g. `jobs.SubmitLaundryJob`.
    public var method: String
    /// What it wrote (``Kind``).
    public var kind: Kind
    /// Its id in its owner's database.
    public var id: String
    /// The user it belongs to (the customer, requester, rider, member who paid, uploader); empty when it belongs to
    /// an organisation only (a load: ``parent`` is its organisation).
    public var owner: String
    /// What it belongs to, when the kind has a parent: a seat's offer, an expense's or a settlement's household, a
    /// load's organisation, a document's owner (job or load).
    public var parent: String?
    /// The amount the answer said, in minor units, where money is involved.
    public var amountMinor: Int64?
    /// The amount's currency.
    public var currency: String?
    /// A document's size, as the upload's answer said.
    public var sizeBytes: Int64?
    /// The idempotency key the call carried, if any.
    public var idempotencyKey: String?
    /// What the answer said it is now: `created` for a creation, `completed` for a finishing call (a load completed,
    /// an errand delivered, a settle-up paid in the app).
    public var state: String
    /// The call's trace id.
    public var traceID: String

    /// What a journey writes.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case laundryJob = "laundry_job"
        case errand
        case rideOffer = "ride_offer"
        case rideSeat = "ride_seat"
        case freightLoad = "freight_load"
        case document
        case expense
        case choreDone = "chore_done"
        case settlement
    }

    /// A record of `kind` `id` written by `method`.
    public init(
        journey: String,
        method: String,
        kind: Kind,
        id: String,
        owner: String,
        parent: String? = nil,
        amountMinor: Int64? = nil,
        currency: String? = nil,
        sizeBytes: Int64? = nil,
        idempotencyKey: String? = nil,
        state: String = "created",
        traceID: String = ""
    ) {
        self.sizeBytes = sizeBytes
        self.journey = journey
        self.method = method
        self.kind = kind
        self.id = id
        self.owner = owner
        self.parent = parent
        self.amountMinor = amountMinor
        self.currency = currency
        self.idempotencyKey = idempotencyKey
        self.state = state
        self.traceID = traceID
    }

    enum CodingKeys: String, CodingKey {
        case record, journey, method, kind, id, owner, parent, state
        case amountMinor = "amount_minor"
        case currency
        case sizeBytes = "size_bytes"
        case idempotencyKey = "idempotency_key"
        case traceID = "trace_id"
    }
}
