import Foundation
import GRDB
import QuadServiceKit
import IdentityDomain
import QuadStorage

/// identity's tables, one function per consistent read or change. Functions take a GRDB
/// `Database` so a handler can combine several in one transaction through
/// `QuadDatabase.write` (group commit).
enum IdentityStore {
    static let columns = """
        id, email, password_hash, first_name, last_name, gender, campus_id, dorm_id, room, date_of_birth, phone,
        roles, member_since_micros, rating, rating_count, jobs_done, picture_document_id, failed_logins,
        locked_until_micros, quiz_failed_at_micros
        """

    // MARK: Accounts

    static func account(id: String, _ db: Database) throws -> AccountRecord? {
        // A cached statement: compiling it (and GRDB's authorizer reading every column) was a third of identity's
        // CPU under the laundry mix, where the home screens ask for profiles on every load (performance.md).
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(columns) FROM account WHERE id = ?"), arguments: [id])
            .map(AccountRecord.init(row:))
    }

    static func account(email: String, _ db: Database) throws -> AccountRecord? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(columns) FROM account WHERE email = ?"),
            arguments: [email.lowercased()]
        )
        .map(AccountRecord.init(row:))
    }

    /// Inserts a new account; false when the email is taken.
    static func insert(_ record: AccountRecord, _ db: Database) throws -> Bool {
        do {
            try db.cachedStatement(
                sql: """
                    INSERT INTO account (\(columns)) VALUES (:id, :email, :password_hash, :first_name, :last_name, :gender,
                        :campus_id, :dorm_id, :room, :date_of_birth, :phone, :roles, :member_since_micros, :rating,
                        :rating_count, :jobs_done, :picture_document_id, :failed_logins, :locked_until_micros,
                        :quiz_failed_at_micros)
                    """
            ).execute(arguments: record.arguments)
            return true
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            return false
        }
    }

    static func update(_ record: AccountRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE account SET email = :email, password_hash = :password_hash, first_name = :first_name,
                    last_name = :last_name, gender = :gender, campus_id = :campus_id, dorm_id = :dorm_id, room = :room,
                    date_of_birth = :date_of_birth, phone = :phone, roles = :roles, rating = :rating,
                    rating_count = :rating_count, jobs_done = :jobs_done, picture_document_id = :picture_document_id,
                    failed_logins = :failed_logins, locked_until_micros = :locked_until_micros,
                    quiz_failed_at_micros = :quiz_failed_at_micros
                WHERE id = :id
                """
        ).execute(arguments: record.arguments)
    }

    /// Deletes the account and (by cascade) its refresh tokens.
    static func delete(accountID: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM account WHERE id = ?").execute(arguments: [accountID])
    }

    // MARK: Refresh tokens

    static func insert(_ token: RefreshTokenRecord, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO refresh_token (id, family_id, user_id, hash, issued_at_micros, expires_at_micros)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            token.id, token.familyID, token.userID, token.hash, token.issuedAt.micros, token.expiresAt.micros,
        ])
    }

    static func refreshToken(hash: String, _ db: Database) throws -> RefreshTokenRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM refresh_token WHERE hash = ?"), arguments: [hash]).map {
            row in
            RefreshTokenRecord(
                id: row["id"],
                familyID: row["family_id"],
                userID: row["user_id"],
                hash: row["hash"],
                issuedAt: Date(micros: row["issued_at_micros"]),
                expiresAt: Date(micros: row["expires_at_micros"]),
                rotatedAt: (row["rotated_at_micros"] as Int64?).map(Date.init(micros:)),
                revokedAt: (row["revoked_at_micros"] as Int64?).map(Date.init(micros:))
            )
        }
    }

    static func markRotated(tokenID: String, at now: Date, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE refresh_token SET rotated_at_micros = ? WHERE id = ?").execute(arguments: [
            now.micros, tokenID,
        ])
    }

    /// Revokes every token of the session `familyID`; false when it was revoked already.
    @discardableResult
    static func revokeFamily(_ familyID: String, at now: Date, _ db: Database) throws -> Bool {
        try db.cachedStatement(
            sql: "UPDATE refresh_token SET revoked_at_micros = ? WHERE family_id = ? AND revoked_at_micros IS NULL"
        ).execute(arguments: [now.micros, familyID])
        return db.changesCount > 0
    }

    // MARK: Campus directory

    static func directory(_ db: Database) throws -> CampusDirectory {
        let dorms = try Row.fetchAll(db, sql: "SELECT * FROM dorm ORDER BY campus_id, position")
        let campuses = try Row.fetchAll(db, sql: "SELECT * FROM campus ORDER BY name").map { row -> Campus in
            let id: String = row["id"]
            let domains = (row["email_domains"] as String).split(separator: ",").map(String.init)
            let campusDorms = dorms.filter { $0["campus_id"] == id }.map { dorm in
                Dorm(
                    id: dorm["id"],
                    name: dorm["name"],
                    washerPrice: Money(minorUnits: dorm["washer_minor"], currency: dorm["currency"]),
                    dryerPrice: Money(minorUnits: dorm["dryer_minor"], currency: dorm["currency"]),
                    latitude: dorm["latitude"],
                    longitude: dorm["longitude"]
                )
            }
            return Campus(
                id: id,
                name: row["name"],
                emailDomains: domains,
                dorms: campusDorms,
                latitude: row["latitude"],
                longitude: row["longitude"]
            )
        }
        return CampusDirectory(campuses: campuses)
    }

    /// Seeds a directory when none exists (the demo campus on first start).
    static func seedDirectoryIfEmpty(_ directory: CampusDirectory, _ db: Database) throws {
        guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM campus") == 0 else { return }
        for campus in directory.campuses {
            try db.cachedStatement(
                sql: "INSERT INTO campus (id, name, email_domains, latitude, longitude) VALUES (?, ?, ?, ?, ?)"
            ).execute(arguments: [
                campus.id, campus.name, campus.emailDomains.joined(separator: ","), campus.latitude, campus.longitude,
            ])
            for (position, dorm) in campus.dorms.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO dorm (id, campus_id, name, washer_minor, dryer_minor, currency, position, latitude,
                            longitude)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        dorm.id, campus.id, dorm.name, dorm.washerPrice.minorUnits, dorm.dryerPrice.minorUnits,
                        dorm.washerPrice.currency, position, dorm.latitude, dorm.longitude,
                    ]
                )
            }
        }
    }
}
