import FreightDomain
import QuadContracts
import QuadServiceKit
import QuadWire

/// freight's values to and from freight.proto's.
enum FreightProtoMapping {
    /// The most characters of a load's number, cargo, client and stop addresses.
    static let textLimit = 200

    /// Refuses a text of a load longer than ``textLimit`` characters, naming `field`.
    static func requireText(_ text: String, _ field: String) throws {
        guard text.count <= textLimit else {
            throw RPCError(
                code: .invalidArgument,
                message: "\(field): at most \(textLimit) characters, got \(text.count)"
            )
        }
    }

    static func role(_ role: MemberRole) -> Quad_Freight_V1_MemberRole {
        switch role {
        case .dispatcher: .dispatcher
        case .driver: .driver
        }
    }

    static func role(_ role: Quad_Freight_V1_MemberRole) throws -> MemberRole {
        switch role {
        case .dispatcher: return .dispatcher
        case .driver: return .driver
        case .unspecified, .UNRECOGNIZED:
            throw RPCError(
                code: .invalidArgument,
                message: "role: invite as MEMBER_ROLE_DISPATCHER or MEMBER_ROLE_DRIVER"
            )
        }
    }

    static func roles(_ roles: Set<MemberRole>) -> [Quad_Freight_V1_MemberRole] {
        roles.sorted().map(role)
    }

    static func status(_ status: LoadStatus) -> Quad_Freight_V1_LoadStatus {
        switch status {
        case .unassigned: .unassigned
        case .assigned: .assigned
        case .onTheWay: .onTheWay
        case .waiting: .waiting
        case .loading: .loading
        case .unloading: .unloading
        case .completed: .completed
        }
    }

    /// A status a request names; nil for none (unspecified).
    static func status(_ status: Quad_Freight_V1_LoadStatus) throws -> LoadStatus? {
        switch status {
        case .unspecified: return nil
        case .unassigned: return .unassigned
        case .assigned: return .assigned
        case .onTheWay: return .onTheWay
        case .waiting: return .waiting
        case .loading: return .loading
        case .unloading: return .unloading
        case .completed: return .completed
        case .UNRECOGNIZED(let number):
            throw RPCError(code: .invalidArgument, message: "status: \(number) is not a LoadStatus")
        }
    }

    static func organisation(_ record: OrganisationRecord, roles: Set<MemberRole>) -> Quad_Freight_V1_Organisation {
        .with {
            $0.organisationID = record.id
            $0.name = record.name
            $0.createdBy = record.createdBy
            $0.createdAtMicros = record.createdAt
            $0.myRoles = Self.roles(roles)
        }
    }

    static func member(_ record: MemberRecord) -> Quad_Freight_V1_Member {
        .with {
            $0.userID = record.userID
            $0.roles = roles(record.roles)
            $0.joinedAtMicros = record.joinedAt
        }
    }

    static func invite(_ record: InviteRecord) -> Quad_Freight_V1_Invite {
        .with {
            $0.inviteID = record.id
            $0.organisationID = record.organisationID
            $0.organisationName = record.organisationName
            $0.email = record.email
            $0.role = role(record.role)
            $0.invitedBy = record.invitedBy
            $0.invitedAtMicros = record.invitedAt
            $0.state =
                switch record.state {
                case .pending: .pending
                case .accepted: .accepted
                case .declined: .declined
                }
        }
    }

    /// A stop a request gives: nil when it gives none, or no address or no coordinate (named missing by
    /// FreightDomain); refused naming `field` when its coordinate is out of range.
    static func stop(_ stop: Quad_Freight_V1_Stop, given: Bool, field: String) throws -> LoadStop? {
        guard given, stop.hasCoordinate else { return nil }
        try requireText(stop.address, "\(field).address")
        let coordinate = try refusingAsRPC {
            try Coordinate(latitude: stop.coordinate.latitude, longitude: stop.coordinate.longitude, field: field)
        }
        return LoadStop(address: stop.address, coordinate: coordinate)
    }

    static func stop(_ stop: LoadStop) -> Quad_Freight_V1_Stop {
        .with {
            $0.address = stop.address
            $0.coordinate = .with {
                $0.latitude = stop.coordinate.latitude
                $0.longitude = stop.coordinate.longitude
            }
        }
    }

    static func entry(_ entry: LoadEntry) -> Quad_Freight_V1_LoadEntry {
        .with {
            $0.byUserID = entry.by ?? ""
            $0.atMicros = entry.at
            switch entry.change {
            case .created: $0.kind = .created
            case .assigned(let driver):
                $0.kind = .assigned
                $0.driverID = driver
            case .status(let status):
                $0.kind = .status
                $0.status = Self.status(status)
            case .stopEdited(let stop):
                $0.kind = .stopEdited
                $0.stop = stop.rawValue
            case .arrived(let stop):
                $0.kind = .arrived
                $0.stop = stop.rawValue
            }
        }
    }

    static func load(_ record: LoadRecord) -> Quad_Freight_V1_Load {
        let load = record.load
        return .with {
            $0.loadID = load.id
            $0.organisationID = load.organisation
            $0.number = load.number
            $0.pickup = stop(load.pickup)
            $0.dropOff = stop(load.dropOff)
            $0.cargo = load.cargo
            $0.client = load.client
            $0.estimatedDeliveryAtMicros = load.estimatedDeliveryAt
            $0.driverID = load.driver ?? ""
            $0.status = status(load.status)
            $0.createdAtMicros = record.createdAt
            $0.updatedAtMicros = record.updatedAt
            $0.timeline = load.timeline.map(entry)
        }
    }
}
