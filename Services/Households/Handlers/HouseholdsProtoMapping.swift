import QuadContracts

/// households' rows to and from households.proto's messages.
enum HouseholdsProtoMapping {
    static func household(_ record: HouseholdRecord, memberCount: Int, role: MemberRole?)
        -> Quad_Households_V1_Household
    {
        .with {
            $0.householdID = record.id
            $0.name = record.name
            $0.timeZone = record.timeZone
            $0.currency = record.currency
            $0.hostUserID = record.hostID
            $0.simplifyDebts = record.simplifyDebts
            $0.birthdayReminderDays = UInt32(record.birthdayReminderDays)
            $0.createdAtMicros = record.createdAt
            $0.memberCount = UInt32(memberCount)
            if let role { $0.myRole = self.role(role) }
        }
    }

    static func role(_ role: MemberRole) -> Quad_Households_V1_MemberRole {
        switch role {
        case .host: .host
        case .member: .member
        }
    }

    static func member(_ record: MemberRecord) -> Quad_Households_V1_Member {
        .with {
            $0.userID = record.userID
            $0.role = role(record.role)
            $0.joinedAtMicros = record.joinedAt
        }
    }

    static func invite(_ record: InviteRecord, at now: Int64) -> Quad_Households_V1_Invite {
        .with {
            $0.inviteID = record.id
            $0.householdID = record.householdID
            $0.householdName = record.householdName
            $0.email = record.email
            $0.invitedBy = record.invitedBy
            $0.invitedAtMicros = record.invitedAt
            $0.expiresAtMicros = record.expiresAt
            $0.state =
                switch record.state(at: now) {
                case .pending: .pending
                case .accepted: .accepted
                case .declined: .declined
                case .expired: .expired
                case .withdrawn: .withdrawn
                }
        }
    }
}
