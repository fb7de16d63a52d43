import Foundation
public import QuadContracts
public import QuadKernel
public import QuadServiceKit
public import QuadStorage
public import QuadWire

/// H4-H7, H9: chores with repeats and rotation, marking them done, their history, ratings and points, and a
/// person's reminders (listing and "remind me later"), served by quad-households beside ``HouseholdsService`` on
/// the same database. Only a household's current members see or change its chores (H13): anyone else is told the
/// ids do not exist.
public final class ChoresService: Quad_Households_V1_Chores.ServiceProtocol, Sendable {
    let database: HouseholdsDatabase
    let documents: any DocumentDirectory
    let clock: QuadClock

    /// - Parameters:
    ///   - database: households' database (`environment.database`), shared with the households and expenses services.
    ///   - documents: where a chore's photo is checked (``FleetDocumentsDirectory``).
    public init(database: QuadDatabase, documents: any DocumentDirectory, clock: QuadClock = .system()) {
        self.database = HouseholdsDatabase(storage: database)
        self.documents = documents
        self.clock = clock
    }

    /// A new id.
    func newID() -> String { EntityID.generate(now: clock.date) }
}
