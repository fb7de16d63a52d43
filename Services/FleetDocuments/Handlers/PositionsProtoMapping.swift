import FreightDomain
import QuadContracts

/// Positions between their wire form (positions.proto) and FreightDomain's.
enum PositionsProtoMapping {
    static func raw(_ position: Quad_Freight_V1_Position) -> PositionReport.Raw {
        PositionReport.Raw(
            latitude: position.latitude,
            longitude: position.longitude,
            recordedAt: position.recordedAtMicros,
            accuracy: position.accuracyMeters
        )
    }

    static func driverPosition(_ record: DriverPositionRecord) -> Quad_Freight_V1_DriverPosition {
        .with {
            $0.driverID = record.driverID
            $0.loadID = record.loadID ?? ""
            $0.receivedAtMicros = record.receivedAt
            $0.position = .with {
                $0.latitude = record.fix.coordinate.latitude
                $0.longitude = record.fix.coordinate.longitude
                $0.recordedAtMicros = record.fix.recordedAt
                $0.accuracyMeters = record.fix.accuracy ?? 0
            }
        }
    }
}
