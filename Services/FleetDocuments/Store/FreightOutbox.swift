import GRDB
import QuadContracts
import QuadServiceKit

/// What freight tells other contexts, in the transaction of its change (DESIGN.md, How services cooperate): a
/// dispatcher or driver role to identity (F1), which adds it to the person's roles.
enum FreightOutbox {
    static func roleGranted(
        _ role: MemberRole,
        to user: String,
        in organisation: String,
        at now: Int64,
        _ db: Database
    ) throws {
        let event = Quad_Freight_V1_CarrierRoleGranted.with {
            $0.userID = user
            $0.organisationID = organisation
            $0.role = FreightProtoMapping.role(role)
            $0.atMicros = now
        }
        // fleet-documents' events are sent through its first service's `Events` (the generator groups them by
        // context).
        try Quad_Documents_V1_Documents.Events.send(
            event,
            key: "\(Quad_Freight_V1_CarrierRoleGranted.topic):\(organisation):\(user):\(role.rawValue)",
            into: db.outbox
        )
    }
}
