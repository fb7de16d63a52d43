import Foundation
import GRDB
import QuadServiceKit
import IdentityDomain

/// An account row: the domain's ``Account`` plus the login throttle and quiz state.
struct AccountRecord: Sendable {
    var account: Account
    var failedLogins: Int
    var lockedUntil: Date?
    var quizFailedAt: Date?

    var throttle: LoginThrottle {
        LoginThrottle(consecutiveFailures: failedLogins, lockedUntil: lockedUntil)
    }

    init(account: Account, failedLogins: Int = 0, lockedUntil: Date? = nil, quizFailedAt: Date? = nil) {
        self.account = account
        self.failedLogins = failedLogins
        self.lockedUntil = lockedUntil
        self.quizFailedAt = quizFailedAt
    }

    init(row: Row) throws {
        let dob = (row["date_of_birth"] as String).split(separator: "-").compactMap { Int($0) }
        guard dob.count == 3 else { throw DatabaseError(message: "bad date_of_birth in account row") }
        let roles = (row["roles"] as String).split(separator: ",").compactMap { Role(rawValue: String($0)) }
        account = Account(
            id: row["id"],
            email: row["email"],
            passwordHash: row["password_hash"],
            firstName: row["first_name"],
            lastName: row["last_name"],
            gender: Gender(rawValue: row["gender"]) ?? .preferNotToSay,
            campusID: row["campus_id"],
            dormID: row["dorm_id"],
            room: row["room"],
            dateOfBirth: CalendarDate(year: dob[0], month: dob[1], day: dob[2]),
            phone: row["phone"],
            roles: Set(roles),
            memberSince: Date(micros: row["member_since_micros"]),
            rating: row["rating"],
            ratingCount: row["rating_count"],
            jobsDone: row["jobs_done"],
            pictureDocumentID: row["picture_document_id"]
        )
        failedLogins = row["failed_logins"]
        lockedUntil = (row["locked_until_micros"] as Int64?).map(Date.init(micros:))
        quizFailedAt = (row["quiz_failed_at_micros"] as Int64?).map(Date.init(micros:))
    }

    var arguments: StatementArguments {
        let dob = account.dateOfBirth
        return [
            "id": account.id,
            "email": account.email,
            "password_hash": account.passwordHash,
            "first_name": account.firstName,
            "last_name": account.lastName,
            "gender": account.gender.rawValue,
            "campus_id": account.campusID,
            "dorm_id": account.dormID,
            "room": account.room,
            "date_of_birth": String(format: "%04d-%02d-%02d", dob.year, dob.month, dob.day),
            "phone": account.phone,
            "roles": account.roles.sorted().map(\.rawValue).joined(separator: ","),
            "member_since_micros": account.memberSince.micros,
            "rating": account.rating,
            "rating_count": account.ratingCount,
            "jobs_done": account.jobsDone,
            "picture_document_id": account.pictureDocumentID,
            "failed_logins": failedLogins,
            "locked_until_micros": lockedUntil?.micros,
            "quiz_failed_at_micros": quizFailedAt?.micros,
        ]
    }
}
