import Foundation

/// A stop of a load: where it is picked up or dropped off (F2, F6).
public struct LoadStop: Sendable, Hashable, Codable {
    public var address: String
    public var coordinate: Coordinate

    public init(address: String, coordinate: Coordinate) {
        self.address = address
        self.coordinate = coordinate
    }
}

/// Which stop.
public enum StopKind: String, Sendable, Hashable, Codable {
    case pickup
    case dropOff = "drop_off"
}

/// Who acts on a load: a dispatcher of its organisation or a driver (the service checks the membership).
public enum LoadActor: Sendable, Hashable, Codable {
    case dispatcher(String)
    case driver(String)

    public var userID: String {
        switch self {
        case .dispatcher(let id), .driver(let id): id
        }
    }
}

/// One stamped change of a load: what, who and when (F4: each status stamped).
public struct LoadEntry: Sendable, Hashable, Codable {
    public enum Change: Sendable, Hashable, Codable {
        case created
        case assigned(driver: String)
        case status(LoadStatus)
        case stopEdited(StopKind)
        /// F9: the driver's positions came within the geofence of the stop (stamped by the service, no actor).
        case arrived(StopKind)
    }

    public var change: Change
    /// The user who made the change; nil for what the positions stamped.
    public var by: String?
    /// UTC microseconds.
    public var at: Int64

    public init(change: Change, by: String?, at: Int64) {
        self.change = change
        self.by = by
        self.at = at
    }
}

/// What a dispatcher gives to create a load (F2); every missing field is named at once.
public struct LoadDraft: Sendable, Hashable {
    public var number: String
    public var pickup: LoadStop?
    public var dropOff: LoadStop?
    public var cargo: String
    public var client: String
    /// The estimated delivery, UTC microseconds.
    public var estimatedDeliveryAt: Int64?

    public init(
        number: String,
        pickup: LoadStop?,
        dropOff: LoadStop?,
        cargo: String,
        client: String,
        estimatedDeliveryAt: Int64?
    ) {
        self.number = number
        self.pickup = pickup
        self.dropOff = dropOff
        self.cargo = cargo
        self.client = client
        self.estimatedDeliveryAt = estimatedDeliveryAt
    }
}

/// A freight load of an organisation (F2–F6, F9): its details, its driver, its status and the stamped timeline of
/// every change. Pure: the service checks membership and the number's uniqueness, stores it and tells the feeds.
public struct Load: Sendable, Hashable {
    public let id: String
    public let organisation: String
    public private(set) var number: String
    public private(set) var pickup: LoadStop
    public private(set) var dropOff: LoadStop
    public private(set) var cargo: String
    public private(set) var client: String
    public private(set) var estimatedDeliveryAt: Int64
    public private(set) var driver: String?
    public private(set) var status: LoadStatus
    public private(set) var timeline: [LoadEntry]

    /// F2: a new load, unassigned, from `draft`; refuses it naming every missing or blank field at once.
    public static func create(
        _ draft: LoadDraft,
        id: String,
        organisation: String,
        by dispatcher: String,
        at now: Int64
    ) throws(FreightError) -> Load {
        var missing: [String] = []
        if draft.number.trimmingWhitespace.isEmpty { missing.append("number") }
        if draft.pickup == nil || draft.pickup?.address.trimmingWhitespace.isEmpty == true {
            missing.append("pickup")
        }
        if draft.dropOff == nil || draft.dropOff?.address.trimmingWhitespace.isEmpty == true {
            missing.append("drop_off")
        }
        if draft.cargo.trimmingWhitespace.isEmpty { missing.append("cargo") }
        if draft.client.trimmingWhitespace.isEmpty { missing.append("client") }
        if draft.estimatedDeliveryAt == nil { missing.append("estimated_delivery_at_micros") }
        guard missing.isEmpty, let pickup = draft.pickup, let dropOff = draft.dropOff,
            let estimated = draft.estimatedDeliveryAt
        else {
            throw FreightError(
                code: .invalidArgument,
                message: "a load needs " + missing.joined(separator: ", ") + "; "
                    + (missing.count == 1 ? "it is" : "they are") + " missing",
                field: missing.first
            )
        }
        return Load(
            id: id,
            organisation: organisation,
            number: draft.number.trimmingWhitespace,
            pickup: pickup,
            dropOff: dropOff,
            cargo: draft.cargo,
            client: draft.client,
            estimatedDeliveryAt: estimated,
            driver: nil,
            status: .unassigned,
            timeline: [LoadEntry(change: .created, by: dispatcher, at: now)]
        )
    }

    /// A load as it was stored (its service's database): every field as it was saved, no rule checked again.
    public static func restored(
        id: String,
        organisation: String,
        number: String,
        pickup: LoadStop,
        dropOff: LoadStop,
        cargo: String,
        client: String,
        estimatedDeliveryAt: Int64,
        driver: String?,
        status: LoadStatus,
        timeline: [LoadEntry]
    ) -> Load {
        Load(
            id: id,
            organisation: organisation,
            number: number,
            pickup: pickup,
            dropOff: dropOff,
            cargo: cargo,
            client: client,
            estimatedDeliveryAt: estimatedDeliveryAt,
            driver: driver,
            status: status,
            timeline: timeline
        )
    }

    /// F3: assigns the load to `driver` (a driver of the organisation, checked by the service), or reassigns it;
    /// dispatchers only, never once completed. A working load keeps its status with its new driver.
    public mutating func assign(to driver: String, by actor: LoadActor, at now: Int64) throws(FreightError) {
        guard case .dispatcher = actor else {
            throw FreightError(
                code: .permissionDenied,
                message: "only a dispatcher of the organisation assigns its loads",
                field: "driver_id"
            )
        }
        guard !driver.isEmpty else {
            throw FreightError(code: .invalidArgument, message: "driver_id: name the driver", field: "driver_id")
        }
        try requireOpen()
        guard driver != self.driver else { return }
        self.driver = driver
        if status == .unassigned { status = .assigned }
        timeline.append(LoadEntry(change: .assigned(driver: driver), by: actor.userID, at: now))
    }

    /// F4, F9: sets a working status, or completes the load, by its driver or a dispatcher. Refuses an unassigned
    /// load, a driver's move on another's load, and completion without a proof of delivery.
    public mutating func set(
        _ next: LoadStatus,
        by actor: LoadActor,
        at now: Int64,
        hasProofOfDelivery: Bool
    ) throws(FreightError) {
        guard LoadStatus.settable.contains(next) else {
            throw FreightError(
                code: .invalidArgument,
                message: "status: set on the way, waiting, loading, unloading or completed, not \(next.displayName)",
                field: "status"
            )
        }
        try requireOpen()
        guard let driver else {
            throw FreightError(
                code: .failedPrecondition,
                message: "load \(number) has no driver yet; assign it first",
                field: "status"
            )
        }
        if case .driver(let who) = actor, who != driver {
            throw FreightError(
                code: .permissionDenied,
                message: "load \(number) is another driver's; only its driver or a dispatcher sets its status"
            )
        }
        if next == .completed, !hasProofOfDelivery {
            throw FreightError(
                code: .failedPrecondition,
                message: "load \(number) needs a proof of delivery before it is completed: upload one "
                    + "(DOCUMENT_PURPOSE_PROOF_OF_DELIVERY), then complete it",
                field: "status"
            )
        }
        guard next != status else { return }
        status = next
        timeline.append(LoadEntry(change: .status(next), by: actor.userID, at: now))
    }

    /// F6: sets or edits a stop's address and coordinates, by a dispatcher or the load's driver, until completed.
    public mutating func edit(_ kind: StopKind, to stop: LoadStop, by actor: LoadActor, at now: Int64)
        throws(FreightError)
    {
        try requireOpen()
        if case .driver(let who) = actor, who != driver {
            throw FreightError(
                code: .permissionDenied,
                message: "load \(number) is another driver's; only its driver or a dispatcher edits its stops"
            )
        }
        guard !stop.address.trimmingWhitespace.isEmpty else {
            let field = kind == .pickup ? "pickup" : "drop_off"
            throw FreightError(code: .invalidArgument, message: "\(field).address: say where", field: field)
        }
        switch kind {
        case .pickup: pickup = stop
        case .dropOff: dropOff = stop
        }
        timeline.append(LoadEntry(change: .stopEdited(kind), by: actor.userID, at: now))
    }

    /// F9: the driver's `position` at `now`: the first time it comes within the geofence of the pickup (and then of
    /// the drop-off) the arrival is stamped. Returns the stop arrived at, if one was stamped now.
    @discardableResult
    public mutating func driverWasAt(_ position: Coordinate, at now: Int64, radius: Double = Geofence.defaultRadius)
        -> StopKind?
    {
        guard driver != nil, status != .completed else { return nil }
        for kind in [StopKind.pickup, .dropOff] where !hasArrived(at: kind) {
            let stop = kind == .pickup ? pickup : dropOff
            if Geofence(center: stop.coordinate, radius: radius).contains(position) {
                timeline.append(LoadEntry(change: .arrived(kind), by: nil, at: now))
                return kind
            }
        }
        return nil
    }

    /// Whether the arrival at `kind` was stamped.
    public func hasArrived(at kind: StopKind) -> Bool {
        timeline.contains { $0.change == .arrived(kind) }
    }

    private func requireOpen() throws(FreightError) {
        guard status != .completed else {
            throw FreightError(
                code: .failedPrecondition,
                message: "load \(number) is completed; a completed load does not change"
            )
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
