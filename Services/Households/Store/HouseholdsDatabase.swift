import GRDB
import HouseholdsDomain
import QuadContracts
import QuadServiceKit
import QuadStorage
import QuadWire

/// households' database and every transaction the three services ask of it, by name (GRDB's `AppDatabase`
/// pattern, as every service has). Each write checks the caller's membership in its own transaction
/// (``HouseholdAccess``), so a member removed a moment ago changes nothing.
struct HouseholdsDatabase: Sendable {
    /// The service's SQLite database.
    let storage: QuadDatabase

    /// `user`'s access to `household`, or NOT_FOUND (H13).
    func access(_ user: String, to household: String) async throws -> HouseholdAccess {
        try await storage.read { db in try HouseholdAccess.require(user, in: household, db) }
    }

    /// G3: households' event log (HouseholdChanged, ReminderDue), followed by the gateway.
    func serveEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await EventSourceStream.serve(request: request, response: response, database: storage, context: context)
    }
}
