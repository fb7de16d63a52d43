import Foundation
public import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadStorage
public import QuadWire

/// H1-H3, H13: households, their members and invites, served by quad-households beside ``ChoresService`` and
/// ``ExpensesService`` on the same database. It also answers fleet-documents which members may see a chore's
/// photos and an expense's receipts, receives `account.deleted`, and is households' event source (G3).
public final class HouseholdsService: Quad_Households_V1_Households.ServiceProtocol,
    Quad_Households_V1_Households.Deliver, Sendable
{
    let database: HouseholdsDatabase
    let identity: any IdentityDirectory
    let clock: QuadClock
    let configuration: HouseholdsConfiguration
    /// Plans a household's birthday reminders when a member joins or its days before change (H8).
    let birthdays: BirthdayReminders

    /// - Parameters:
    ///   - database: households' database (`environment.database`), shared with the chores and expenses services.
    ///   - identity: callers' emails, invitees' accounts and members' birthdays (``PeerIdentityDirectory``).
    public init(
        database: QuadDatabase,
        identity: any IdentityDirectory,
        configuration: HouseholdsConfiguration = HouseholdsConfiguration(),
        clock: QuadClock = .system()
    ) {
        self.database = HouseholdsDatabase(storage: database)
        self.identity = identity
        self.configuration = configuration
        self.clock = clock
        self.birthdays = BirthdayReminders(database: database, identity: identity, clock: clock)
    }

    /// Plans `household`'s birthday reminders now (a member joined, or its days before changed); identity not
    /// answering is logged, and the scheduler's daily planning makes up for it.
    func planBirthdays(of household: String, dropping: Bool = false, _ context: ServerContext) async {
        do {
            if dropping { try await database.dropUnfiredBirthdayReminders(of: household) }
            try await birthdays.plan(household: household, now: clock.micros())
        } catch {
            context.logger.warning(
                "birthday reminders not planned; the daily planning will",
                metadata: ["household_id": "\(household)", "error": "\(error)"]
            )
        }
    }

    /// G3: households' event source (HouseholdChanged, ReminderDue), followed by the gateway.
    public func watchEvents(
        request: Quad_Events_V1_WatchEventsRequest,
        response: MessageWriter<Quad_Events_V1_WatchEventsMessage>,
        context: ServerContext
    ) async throws {
        try await database.serveEvents(request: request, response: response, context: context)
    }

    /// `account.deleted` from identity, applied once: the person leaves every household (H3).
    public func accountDeleted(
        _ deleted: Quad_Identity_V1_AccountDeleted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        guard !deleted.userID.isEmpty else {
            throw RPCError(code: .invalidArgument, message: "account.deleted: user_id is required")
        }
        return try await database.forget(deleted.userID, delivery: delivery, at: clock.micros())
    }

    /// A new id.
    func newID() -> String { EntityID.generate(now: clock.date) }
}
