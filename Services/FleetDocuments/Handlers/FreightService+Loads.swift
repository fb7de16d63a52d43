import FreightDomain
public import QuadContracts
import QuadKernel
import QuadServiceKit
public import QuadWire

/// F2-F4, F6, F9: loads.
extension FreightService {
    public func createLoad(
        request: Quad_Freight_V1_CreateLoadRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_Load {
        let caller = try context.requireCaller()
        try requireID(request.organisationID, "organisation_id", "organisation")
        try FreightProtoMapping.requireText(request.number, "number")
        try FreightProtoMapping.requireText(request.cargo, "cargo")
        try FreightProtoMapping.requireText(request.client, "client")
        let draft = LoadDraft(
            number: request.number,
            pickup: try FreightProtoMapping.stop(request.pickup, given: request.hasPickup, field: "pickup"),
            dropOff: try FreightProtoMapping.stop(request.dropOff, given: request.hasDropOff, field: "drop_off"),
            cargo: request.cargo,
            client: request.client,
            estimatedDeliveryAt: request.estimatedDeliveryAtMicros > 0 ? request.estimatedDeliveryAtMicros : nil
        )
        let id = newID()
        let now = clock.micros()
        let organisation = request.organisationID
        let record = try await refusingAsRPC {
            try await database.createLoad(draft, id: id, in: organisation, by: caller.userID, at: now)
        }
        context.logger.info("load created", metadata: ["load_id": "\(id)"])
        return FreightProtoMapping.load(record)
    }

    public func getLoad(
        request: Quad_Freight_V1_GetLoadRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_Load {
        let caller = try context.requireCaller()
        try requireID(request.loadID, "load_id", "load")
        return FreightProtoMapping.load(try await database.load(id: request.loadID, for: caller.userID))
    }

    public func listLoads(
        request: Quad_Freight_V1_ListLoadsRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_ListLoadsResponse {
        let caller = try context.requireCaller()
        let limit = try PageLimit.resolve(request.limit, default: Self.defaultListLimit, maximum: Self.maximumListLimit)
        var cursor: LoadCursor?
        if !request.pageToken.isEmpty {
            guard let read = LoadCursor(token: request.pageToken) else {
                throw RPCError(code: .invalidArgument, message: PageToken.refusal)
            }
            cursor = read
        }
        let organisation = request.organisationID.isEmpty ? nil : request.organisationID
        let filter = LoadFilter(
            organisation: organisation,
            driver: request.driverID.isEmpty ? (organisation == nil ? caller.userID : nil) : request.driverID,
            status: try FreightProtoMapping.status(request.status),
            createdFrom: request.createdFromMicros > 0 ? request.createdFromMicros : nil,
            createdBefore: request.createdBeforeMicros > 0 ? request.createdBeforeMicros : nil,
            deliveryFrom: request.deliveryFromMicros > 0 ? request.deliveryFromMicros : nil,
            deliveryBefore: request.deliveryBeforeMicros > 0 ? request.deliveryBeforeMicros : nil
        )
        let page = try await database.loads(filter, for: caller.userID, limit: limit, after: cursor)
        return .with {
            $0.loads = page.loads.map(FreightProtoMapping.load)
            $0.nextPageToken = page.next?.token ?? ""
        }
    }

    public func assignLoad(
        request: Quad_Freight_V1_AssignLoadRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_Load {
        let caller = try context.requireCaller()
        try requireID(request.loadID, "load_id", "load")
        try requireID(request.driverID, "driver_id", "driver")
        let now = clock.micros()
        let record = try await refusingAsRPC {
            try await database.assignLoad(request.loadID, to: request.driverID, by: caller.userID, at: now)
        }
        context.logger.info("load assigned", metadata: ["load_id": "\(request.loadID)"])
        return FreightProtoMapping.load(record)
    }

    public func setLoadStatus(
        request: Quad_Freight_V1_SetLoadStatusRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_Load {
        let caller = try context.requireCaller()
        try requireID(request.loadID, "load_id", "load")
        guard let status = try FreightProtoMapping.status(request.status) else {
            throw RPCError(
                code: .invalidArgument,
                message: "status: set LOAD_STATUS_ON_THE_WAY, _WAITING, _LOADING, _UNLOADING or _COMPLETED"
            )
        }
        let now = clock.micros()
        let record = try await refusingAsRPC {
            try await database.setLoadStatus(request.loadID, to: status, by: caller.userID, at: now)
        }
        return FreightProtoMapping.load(record)
    }

    public func editLoadStops(
        request: Quad_Freight_V1_EditLoadStopsRequest,
        context: ServerContext
    ) async throws -> Quad_Freight_V1_Load {
        let caller = try context.requireCaller()
        try requireID(request.loadID, "load_id", "load")
        guard request.hasPickup || request.hasDropOff else {
            throw RPCError(code: .invalidArgument, message: "pickup, drop_off: give the stop or stops to set")
        }
        let pickup = try Self.editedStop(request.pickup, given: request.hasPickup, field: "pickup")
        let dropOff = try Self.editedStop(request.dropOff, given: request.hasDropOff, field: "drop_off")
        let now = clock.micros()
        let record = try await refusingAsRPC {
            try await database.editLoadStops(
                request.loadID,
                pickup: pickup,
                dropOff: dropOff,
                by: caller.userID,
                at: now
            )
        }
        return FreightProtoMapping.load(record)
    }

    /// A stop an edit gives, which needs its coordinate; nil when not given.
    private static func editedStop(_ stop: Quad_Freight_V1_Stop, given: Bool, field: String) throws -> LoadStop? {
        guard given else { return nil }
        guard stop.hasCoordinate else {
            throw RPCError(
                code: .invalidArgument,
                message: "\(field).coordinate: give the stop's latitude and longitude"
            )
        }
        return try FreightProtoMapping.stop(stop, given: true, field: field)
    }
}
