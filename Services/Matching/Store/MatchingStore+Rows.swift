import Foundation
import GRDB
import MatchingDomain

/// Rows to and from ``StoredJob`` and ``StoredOffer``.
extension MatchingStore {
    static let jobColumns = """
        id, dorm_id, customer_id, submitted_at_micros, earliest_pickup_micros, preferred_dasher_id, excluded_dasher_ids,
        declined_by, offer_count, product, listing, assigned_dasher_id
        """

    /// An offer joined with its job (`o`, `j`).
    static let offerColumns = """
        o.id, o.job_id, o.dorm_id, o.dasher_id, o.offered_at_micros, o.expires_at_micros, o.as_preferred_dasher,
        j.customer_id, j.product, j.listing
        """

    /// Inserts or replaces job `job`'s row: in the queue (`assignedTo` nil) or gone from it with an accepted offer.
    static func upsert(_ job: WaitingJob, dorm: String, listing: Listing, assignedTo dasher: String?, _ db: Database)
        throws
    {
        try db.cachedStatement(
            sql: """
                INSERT INTO matching_job (\(jobColumns))
                VALUES (:id, :dorm, :customer, :submitted, :pickupEarliest, :preferred, :excluded, :declined, :offers,
                    :product, :listing, :assigned)
                ON CONFLICT (id) DO UPDATE SET
                    dorm_id = excluded.dorm_id, customer_id = excluded.customer_id,
                    submitted_at_micros = excluded.submitted_at_micros,
                    earliest_pickup_micros = excluded.earliest_pickup_micros,
                    preferred_dasher_id = excluded.preferred_dasher_id,
                    excluded_dasher_ids = excluded.excluded_dasher_ids, declined_by = excluded.declined_by,
                    offer_count = excluded.offer_count, assigned_dasher_id = excluded.assigned_dasher_id
                """
        ).execute(
            arguments: [
                "id": job.id, "dorm": dorm, "customer": job.customer, "submitted": job.submittedAt,
                "pickupEarliest": job.earliestPickup, "preferred": job.preferredDasher,
                "excluded": try encode(job.excludedDashers.sorted()), "declined": try encode(job.declinedBy.sorted()),
                "offers": job.offerCount, "product": listing.product, "listing": ListingText.text(listing.fields),
                "assigned": dasher,
            ]
        )
    }

    static func storedJob(row: Row) throws -> StoredJob {
        StoredJob(
            job: WaitingJob(
                id: row["id"],
                customer: row["customer_id"],
                submittedAt: row["submitted_at_micros"],
                earliestPickup: row["earliest_pickup_micros"],
                preferredDasher: row["preferred_dasher_id"],
                excludedDashers: Set(try decode(row["excluded_dasher_ids"])),
                declinedBy: Set(try decode(row["declined_by"])),
                offerCount: row["offer_count"]
            ),
            dormID: row["dorm_id"],
            listing: try listing(row: row),
            assignedDasher: row["assigned_dasher_id"]
        )
    }

    static func storedOffer(row: Row) throws -> StoredOffer {
        StoredOffer(
            offer: Offer(
                id: row["id"],
                job: row["job_id"],
                customer: row["customer_id"],
                dasher: row["dasher_id"],
                offeredAt: row["offered_at_micros"],
                expiresAt: row["expires_at_micros"]
            ),
            dormID: row["dorm_id"],
            asPreferredDasher: row["as_preferred_dasher"],
            listing: try listing(row: row)
        )
    }

    private static func listing(row: Row) throws -> Listing {
        Listing(product: row["product"], fields: try ListingText.fields(row["listing"]))
    }

    private static func encode(_ values: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
    }

    private static func decode(_ text: String) throws -> [String] {
        do {
            return try JSONDecoder().decode([String].self, from: Data(text.utf8))
        } catch {
            throw MatchingStoreError("a stored list of ids is not a JSON array of strings")
        }
    }
}
