import FreightDomain
import GRDB
import QuadWire

/// Freight's loads (F2-F4, F6, F9): each operation a transaction that reads the load and the caller's roles, applies
/// FreightDomain's rule and writes the load with its feed events, or refuses (an `RPCError`, or FreightDomain's
/// `FreightError`) before anything changed. A load is NOT_FOUND to anyone outside its organisation.
extension FleetDocumentsDatabase {
    /// F2: a new load of `organisation`, by a dispatcher of it; its number unique in the organisation.
    func createLoad(
        _ draft: LoadDraft,
        id: String,
        in organisation: String,
        by user: String,
        at now: Int64
    ) async throws -> LoadRecord {
        try await storage.write { db in
            let owner = try Self.requireRole(.dispatcher, of: user, in: organisation, to: "create loads", db)
            let load = try Load.create(draft, id: id, organisation: organisation, by: user, at: now)
            guard try !LoadStore.numberTaken(load.number, in: organisation, db) else {
                throw RPCError(
                    code: .alreadyExists,
                    message: "number: \(owner.name) has a load \(load.number) already; give this one another number"
                )
            }
            let record = LoadRecord(load: load, createdAt: now, updatedAt: now)
            try LoadStore.insert(record, db)
            try FreightFeed.loadChanged(record, previousDriver: nil, at: now, db)
            return record
        }
    }

    /// Load `id` and `user`'s roles in its organisation; NOT_FOUND, as for no such load, when they are not a member.
    func load(id: String, for user: String) async throws -> LoadRecord {
        try await storage.read { db in try Self.requireLoad(id, for: user, db).record }
    }

    /// F4: a page of loads matching `filter`, for a member of its organisation (or, without one, the driver's own).
    func loads(_ filter: LoadFilter, for user: String, limit: Int, after cursor: LoadCursor?) async throws
        -> (loads: [LoadRecord], next: LoadCursor?)
    {
        try await storage.read { db in
            if let organisation = filter.organisation {
                _ = try Self.requireMember(user, of: organisation, db)
            } else {
                guard filter.driver == user else {
                    throw RPCError(
                        code: .invalidArgument,
                        message: "organisation_id: name the organisation; without one, ListLoads lists your own "
                            + "assigned loads (driver_id empty or yours)"
                    )
                }
            }
            return try LoadStore.loads(filter, limit: limit, after: cursor, db)
        }
    }

    /// F3: assigns or reassigns load `id` to `driver`, a driver of its organisation, by a dispatcher of it.
    func assignLoad(_ id: String, to driver: String, by user: String, at now: Int64) async throws -> LoadRecord {
        try await storage.write { db in
            let found = try Self.requireLoad(id, for: user, db)
            var record = found.record
            let roles = found.roles
            let before = record.load
            guard roles.contains(.dispatcher) else {
                throw FreightError(
                    code: .permissionDenied,
                    message: "only a dispatcher of the organisation assigns its loads",
                    field: "driver_id"
                )
            }
            let driverRoles = try OrganisationStore.roles(of: driver, in: record.load.organisation, db)
            guard driver.isEmpty || driverRoles.contains(.driver) else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "driver_id: \(driver) is not a driver of this load's organisation; invite them as a "
                        + "driver first"
                )
            }
            let previous = record.load.driver
            try record.load.assign(to: driver, by: .dispatcher(user), at: now)
            return try Self.save(&record, before: before, previousDriver: previous, at: now, db)
        }
    }

    /// F4, F9: sets load `id`'s status, by its driver or a dispatcher; completed only with a proof of delivery.
    func setLoadStatus(_ id: String, to status: LoadStatus, by user: String, at now: Int64) async throws
        -> LoadRecord
    {
        try await storage.write { db in
            let found = try Self.requireLoad(id, for: user, db)
            var record = found.record
            let roles = found.roles
            let before = record.load
            let proof = try LoadStore.hasProofOfDelivery(id, db)
            try record.load.set(status, by: Self.actor(user, roles), at: now, hasProofOfDelivery: proof)
            return try Self.save(&record, before: before, previousDriver: nil, at: now, db)
        }
    }

    /// F6: sets or edits load `id`'s stops, by a dispatcher or its driver.
    func editLoadStops(_ id: String, pickup: LoadStop?, dropOff: LoadStop?, by user: String, at now: Int64)
        async throws -> LoadRecord
    {
        try await storage.write { db in
            let found = try Self.requireLoad(id, for: user, db)
            var record = found.record
            let roles = found.roles
            let before = record.load
            let actor = Self.actor(user, roles)
            if let pickup { try record.load.edit(.pickup, to: pickup, by: actor, at: now) }
            if let dropOff { try record.load.edit(.dropOff, to: dropOff, by: actor, at: now) }
            return try Self.save(&record, before: before, previousDriver: nil, at: now, db)
        }
    }

    /// F7: what `user` may do with load `id`'s documents, answered here rather than over the wire (loads are
    /// fleet-documents' own): its organisation's members see them; its driver and the dispatchers add them; the
    /// dispatchers delete any. Nothing for anyone else, as for no such load.
    func documentAccess(toLoad id: String, for user: String) async throws -> DocumentAccess {
        try await storage.read { db in
            guard let record = try LoadStore.load(id: id, db) else { return .none }
            let roles = try OrganisationStore.roles(of: user, in: record.load.organisation, db)
            guard !roles.isEmpty else { return .none }
            let dispatcher = roles.contains(.dispatcher)
            return DocumentAccess(
                exists: true,
                mayView: true,
                mayAdd: dispatcher || record.load.driver == user,
                mayDeleteAny: dispatcher
            )
        }
    }

    /// Writes `record`'s load as changed at `now` and tells the feeds, unless the operation changed nothing.
    private static func save(
        _ record: inout LoadRecord,
        before: Load,
        previousDriver: String?,
        at now: Int64,
        _ db: Database
    ) throws -> LoadRecord {
        guard record.load != before else { return record }
        record.updatedAt = now
        try LoadStore.update(record.load, at: now, db)
        try FreightFeed.loadChanged(record, previousDriver: previousDriver, at: now, db)
        return record
    }

    /// A dispatcher acts as one; anyone else as a driver (FreightDomain checks that they drive the load).
    private static func actor(_ user: String, _ roles: Set<MemberRole>) -> LoadActor {
        roles.contains(.dispatcher) ? .dispatcher(user) : .driver(user)
    }

    /// Load `id` and `user`'s roles in its organisation; NOT_FOUND for a load that does not exist or one whose
    /// organisation `user` is not in, with the same message.
    static func requireLoad(_ id: String, for user: String, _ db: Database) throws
        -> (record: LoadRecord, roles: Set<MemberRole>)
    {
        if let record = try LoadStore.load(id: id, db) {
            let roles = try OrganisationStore.roles(of: user, in: record.load.organisation, db)
            if !roles.isEmpty { return (record, roles) }
        }
        throw RPCError(code: .notFound, message: "load_id: no load \(id) that you may see")
    }
}
