import IdentityDomain
import QuadContracts
import NIOCore
import QuadDynamicMessages
public import QuadWire
import SwiftProtobuf

/// The seed corpus of a target (Fuzz/services/corpus/<target>/, written by Fuzz/make-service-seeds.sh): for every method,
/// an empty request from Alice, and a request with every field filled with a plausible value (ids of the seeded
/// people as placeholders, other ids as placeholders for what earlier answers handed out, the demo campus, USD, small
/// numbers, nested messages two levels down) from Alice, Bob and an operator.
public enum FuzzSeeds {
    /// Each seed's file name and bytes.
    public static func seeds(for methods: [MethodDescriptor]) throws -> [(name: String, bytes: [UInt8])] {
        let pool = try DescriptorPool(files: Array(QuadProtoFiles.all.values))
        var seeds: [(name: String, bytes: [UInt8])] = []
        let valid = try creations()
        for (index, method) in methods.enumerated() where index < 256 {
            let filled =
                (try? pool.method(named: method.fullName)).map { Filler(pool: pool).message($0.inputType) } ?? []
            let streamed = method.kind == .clientStreaming || method.kind == .bidirectionalStreaming
            func body(_ request: [UInt8]) -> [UInt8] {
                streamed ? [UInt8(min(request.count, 255))] + request.prefix(255) : request
            }
            let head = UInt8(index)
            seeds.append(("\(method.method)-empty", [head, 0x00]))
            seeds.append(("\(method.method)-alice", [head, 0x10] + body(filled)))
            seeds.append(("\(method.method)-bob", [head, 0x11] + body(filled)))
            seeds.append(("\(method.method)-operator", [head, 0x03] + body(filled)))
            for (number, creation) in valid.filter({ $0.method == method.fullName }).enumerated() {
                seeds.append(("\(method.method)-valid-\(number + 1)", [head, creation.caller] + creation.request))
            }
        }
        return seeds
    }

    /// The caller byte of Alice: the first caller of every target (``ServiceFuzzTarget``).
    static let alice: UInt8 = 0x00
    /// Alice with idempotency key `fuzz-key-1`, for the methods that need one.
    static let aliceWithKey: UInt8 = 0x10

    /// Valid requests, from Alice, that make something the other methods act on: a household, its invite and
    /// chore, a freight organisation, a card, a laundry job, an errand and a ride offer (each with the caller byte
    /// it is sent with: the jobs' products need an idempotency key). Their answers' ids fill the other seeds' placeholders
    /// (``FuzzRecentIDs``), so the fuzzer's mutations start from rows that exist rather than stopping at NOT_FOUND.
    static func creations() throws -> [(method: String, caller: UInt8, request: [UInt8])] {
        let household = String(decoding: FuzzPlaceholder.token("household_id"), as: UTF8.self)
        let aliceID = String(decoding: FuzzPlaceholder.token("alice"), as: UTF8.self)
        let card = String(decoding: FuzzPlaceholder.token("alice_card"), as: UTF8.self)
        let hour: Int64 = 3_600_000_000
        let epoch = FuzzSystem.epochMicros
        func bytes(_ message: some SwiftProtobuf.Message) throws -> [UInt8] {
            Array(buffer: try ProtobufCoding.encode(message))
        }
        func usd(_ minorUnits: Int64) -> Quad_Types_V1_Amount {
            .with {
                $0.minorUnits = minorUnits
                $0.currency = "USD"
            }
        }
        func ridePlace(_ label: String, longitude: Double) -> Quad_Jobs_V1_RidePlace {
            .with {
                $0.label = label
                $0.latitude = 40.44
                $0.longitude = longitude
            }
        }
        return [
            (
                "quad.households.v1.Households/CreateHousehold", alice,
                try bytes(
                    Quad_Households_V1_CreateHouseholdRequest.with {
                        $0.name = "Fuzz Flat"
                        $0.timeZone = "Europe/London"
                        $0.currency = "USD"
                    }
                )
            ),
            (
                "quad.households.v1.Households/InviteMember", alice,
                try bytes(
                    Quad_Households_V1_InviteMemberRequest.with {
                        $0.householdID = household
                        $0.email = "bob@northfield.edu"
                    }
                )
            ),
            (
                "quad.households.v1.Chores/CreateChore", alice,
                try bytes(
                    Quad_Households_V1_CreateChoreRequest.with {
                        $0.householdID = household
                        $0.name = "Bins"
                        $0.dueAtMicros = 4_102_444_800_000_000  // 2100-01-01
                        $0.repeat = .weekly
                        $0.assignment = .rotation
                        $0.memberIds = [aliceID]
                        $0.points = 1
                    }
                )
            ),
            (
                "quad.freight.v1.Freight/CreateOrganisation", alice,
                try bytes(Quad_Freight_V1_CreateOrganisationRequest.with { $0.name = "Fuzz Freight" })
            ),
            (
                "quad.payments.v1.Payments/AddPaymentMethod", alice,
                try bytes(Quad_Payments_V1_AddPaymentMethodRequest.with { $0.token = "tok_sandbox_visa" })
            ),
            // The jobs' products, at instants of the fuzz system's clock (FuzzSystem.epochMicros), on Alice's card.
            (
                "quad.jobs.v1.Jobs/SubmitLaundryJob", aliceWithKey,
                try bytes(
                    Quad_Jobs_V1_SubmitLaundryJobRequest.with {
                        $0.estimatedLoads = 2
                        $0.instructions = "cold wash"
                        $0.pickupAtMicros = epoch + 24 * hour
                        $0.dropOffAtMicros = epoch + 48 * hour
                        $0.paymentMethodID = card
                    }
                )
            ),
            (
                "quad.jobs.v1.Errands/PostErrand", aliceWithKey,
                try bytes(
                    Quad_Jobs_V1_PostErrandRequest.with {
                        $0.items = [
                            .with {
                                $0.name = "Oat milk, 1 l"
                                $0.quantity = 2
                                $0.maximumPrice = usd(300)
                                $0.store = "Corner Market"
                            }
                        ]
                        $0.neededByMicros = epoch + 24 * hour
                        $0.deliveryPlace = .with {
                            $0.label = "Baker Hall, north entrance"
                            $0.latitude = 40.4433
                            $0.longitude = -79.9436
                        }
                        $0.paymentMethodID = card
                    }
                )
            ),
            (
                "quad.jobs.v1.Rides/OfferRide", aliceWithKey,
                try bytes(
                    Quad_Jobs_V1_OfferRideRequest.with {
                        $0.taxiID = "TAXI-42"
                        $0.origin = ridePlace("Central Station", longitude: -79.90)
                        $0.destination = ridePlace("Airport", longitude: -80.00)
                        $0.departureAtMicros = epoch + 5 * 24 * hour
                        $0.seats = 3
                        $0.estimatedFare = usd(2_000)
                    }
                )
            ),
        ]
    }

    /// Writes a request with every field set, by hand (the values need not be valid for any one method).
    struct Filler {
        let pool: DescriptorPool

        func message(_ type: String, depth: Int = 0) -> [UInt8] {
            guard depth < 3, let info = pool.message(named: type) else { return [] }
            var out: [UInt8] = []
            var oneofs: Set<String> = []
            for field in info.fields where !field.isMap {
                if let oneof = field.oneofName {
                    guard !oneofs.contains(oneof) else { continue }
                    oneofs.insert(oneof)
                }
                let number = UInt64(field.number)
                switch field.kind {
                case .string:
                    out += Self.delimited(number, Array(Self.string(for: field.name).utf8))
                case .bytes:
                    out += Self.delimited(number, Array("fuzz".utf8))
                case .int32, .int64, .uint32, .uint64, .bool, .enumeration:
                    out += Self.varint(number << 3) + [1]
                case .sint32, .sint64:
                    out += Self.varint(number << 3) + [2]
                case .fixed32, .sfixed32:
                    out += Self.varint(number << 3 | 5) + [1, 0, 0, 0]
                case .float:
                    out += Self.varint(number << 3 | 5) + Self.little(UInt64(Float(1).bitPattern), 4)
                case .fixed64, .sfixed64:
                    out += Self.varint(number << 3 | 1) + [1, 0, 0, 0, 0, 0, 0, 0]
                case .double:
                    out += Self.varint(number << 3 | 1) + Self.little(Double(1).bitPattern, 8)
                case .message(let inner):
                    out += Self.delimited(number, message(inner, depth: depth + 1))
                case .group:
                    continue
                }
            }
            return out
        }

        static func string(for name: String) -> String {
            let campus = CampusDirectory.demo.campuses[0]
            switch name {
            case "payer_id", "from_user_id": return String(decoding: FuzzPlaceholder.token("alice"), as: UTF8.self)
            case "user_id", "user_ids", "to_user_id", "driver_id", "member_ids", "member_id":
                return String(decoding: FuzzPlaceholder.token("bob"), as: UTF8.self)
            case "campus_id": return campus.id
            case "dorm_id": return campus.dorms[0].id
            case "currency": return "USD"
            case "email": return "bob@northfield.edu"
            case "password": return "correct horse battery"
            case "phone": return "+15555550100"
            case "payment_method_id": return String(decoding: FuzzPlaceholder.token("alice_card"), as: UTF8.self)
            default:
                // An id some earlier answer handed out (FuzzRecentIDs), else one that names nothing.
                let singular = name.hasSuffix("_ids") ? String(name.dropLast()) : name
                guard singular.hasSuffix("_id") else { return "fuzz" }
                guard singular.count <= FuzzRecentIDs.longestName else { return "0190f5a7c2d47a3b8c9d0e1f2a3b4c5d" }
                return String(decoding: FuzzPlaceholder.token(singular), as: UTF8.self)
            }
        }

        static func varint(_ value: UInt64) -> [UInt8] {
            var value = value
            var out: [UInt8] = []
            while value >= 0x80 {
                out.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            return out + [UInt8(value)]
        }

        static func delimited(_ number: UInt64, _ bytes: [UInt8]) -> [UInt8] {
            varint(number << 3 | 2) + varint(UInt64(bytes.count)) + bytes
        }

        static func little(_ value: UInt64, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
    }
}
