import Foundation
import GRDB
import IdentityDomain
import QuadContracts
import QuadServiceKit

/// The writes of an account's own changes (A3, A6, A7) and of what identity learns from jobs (A4, L11).
extension IdentityDatabase {
    /// A3: applies `update` to account `userID` (every bad field named by the domain); a change is told to the
    /// owner's feed. Returns the account as it is now.
    func updateProfile(
        of userID: String,
        _ update: ProfileUpdate,
        in directory: CampusDirectory,
        now: Date
    ) async throws -> Result<Account, IdentityError> {
        try await storage.write { db in
            guard var record = try IdentityStore.account(id: userID, db) else { return .failure(.userNotFound) }
            let applied = Result { () throws(IdentityError) in try update.applied(to: record.account, in: directory) }
            guard case .success(let account) = applied else { return applied }
            if account != record.account {
                record.account = account
                try IdentityStore.update(record, db)
                try IdentityFeed.profileChanged(account, at: now, db)
            }
            return .success(record.account)
        }
    }

    /// A3: deletes account `userID` with `account.deleted` in the outbox for the other contexts, in one write.
    func deleteAccount(_ userID: String, told event: Quad_Identity_V1_AccountDeleted) async throws {
        try await storage.write { db in
            try IdentityStore.delete(accountID: userID, db)
            try Quad_Identity_V1_Identity.Events.send(
                event,
                key: "\(Quad_Identity_V1_AccountDeleted.topic):\(userID)",
                into: db.outbox
            )
        }
    }

    /// A graded quiz: the outcome, the account as it is now, and the session renewed with a pass.
    typealias GradedQuiz = (outcome: DasherQualification.Outcome, account: Account, renewed: IssuedRefreshToken?)

    /// A6: grades `answers` for `caller` and stores the outcome (a role granted is told to their feed). A pass
    /// renews the caller's session as Refresh does: its live refresh token (session `caller.sessionID`) is rotated
    /// and a successor (`successor`) issued in the same family, so the session id and its revocation stay one; with
    /// no live token, a new family (`newFamily`) starts.
    func gradeQuiz(
        _ answers: [QuizAnswer],
        for caller: Caller,
        qualification: DasherQualification,
        successor: String,
        newFamily: String,
        now: Date
    ) async throws -> Result<GradedQuiz, IdentityError> {
        try await storage.write { db in
            guard var record = try IdentityStore.account(id: caller.userID, db) else { return .failure(.userNotFound) }
            let result = Result { () throws(IdentityError) in
                try qualification.submit(
                    answers: answers,
                    roles: record.account.roles,
                    lastFailedAt: record.quizFailedAt,
                    now: now
                )
            }
            guard case .success(let outcome) = result else { return result.map { ($0, record.account, nil) } }
            let rolesChanged = outcome.roles != record.account.roles
            record.account.roles = outcome.roles
            record.quizFailedAt = outcome.failedAt ?? record.quizFailedAt
            try IdentityStore.update(record, db)
            if rolesChanged { try IdentityFeed.profileChanged(record.account, at: now, db) }
            guard outcome.grade.passed else { return .success((outcome, record.account, nil)) }
            let renewed: IssuedRefreshToken
            if let familyID = caller.sessionID,
                let live = try IdentityStore.liveToken(familyID: familyID, userID: caller.userID, now: now, db)
            {
                try IdentityStore.markRotated(tokenID: live, at: now, db)
                renewed = RefreshTokens.issue(id: successor, familyID: familyID, userID: caller.userID, now: now)
            } else {
                renewed = RefreshTokens.issue(id: successor, familyID: newFamily, userID: caller.userID, now: now)
            }
            try IdentityStore.insert(renewed.record, db)
            return .success((outcome, record.account, renewed))
        }
    }

    /// A7: grants `role` to account `userID` as the domain allows (a change told to their feed); returns the roles.
    func grantRequested(_ role: Role, to userID: String, now: Date) async throws -> Result<Set<Role>, IdentityError> {
        try await storage.write { db in
            guard var record = try IdentityStore.account(id: userID, db) else { return .failure(.userNotFound) }
            let roles = Result { () throws(IdentityError) in try Role.requesting(role, in: record.account.roles) }
            guard case .success(let granted) = roles else { return roles }
            guard granted != record.account.roles else { return roles }
            record.account.roles = granted
            try IdentityStore.update(record, db)
            try IdentityFeed.profileChanged(record.account, at: now, db)
            return roles
        }
    }

    /// `review.submitted`, applied once: adds `stars` to the subject's rating (the mean of what they received, L11);
    /// nothing for a deleted account.
    func addRating(
        _ stars: UInt32,
        to subjectID: String,
        delivery: Quad_Types_V1_OutboxDelivery
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard var record = try IdentityStore.account(id: subjectID, db) else { return }
            let count = Double(record.account.ratingCount)
            record.account.rating = (record.account.rating * count + Double(stars)) / (count + 1)
            record.account.ratingCount += 1
            try IdentityStore.update(record, db)
        }
    }

    /// `job.completed`, applied once: counts a job done for `dasherID` (nothing for a deleted account).
    func countJobDone(
        by dasherID: String,
        delivery: Quad_Types_V1_OutboxDelivery
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard var record = try IdentityStore.account(id: dasherID, db) else { return }
            record.account.jobsDone += 1
            try IdentityStore.update(record, db)
        }
    }
}

extension IdentityDatabase {
    /// `profile_picture.changed`, applied once (A8): shows `picture` on account `userID`, or, with `replacing`, stops
    /// showing that document if it is the one shown. A change is told to the owner's feed; nothing for an account
    /// that is gone.
    func setPicture(
        _ picture: String?,
        replacing removed: String?,
        of userID: String,
        at now: Date,
        delivery: Quad_Types_V1_OutboxDelivery
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard var record = try IdentityStore.account(id: userID, db) else { return }
            let shown: String?
            if let removed {
                shown = record.account.pictureDocumentID == removed ? nil : record.account.pictureDocumentID
            } else {
                shown = picture
            }
            guard shown != record.account.pictureDocumentID else { return }
            record.account.pictureDocumentID = shown
            try IdentityStore.update(record, db)
            try IdentityFeed.profileChanged(record.account, at: now, db)
        }
    }

    /// `carrier_role.granted`, applied once (F1): adds `role` (dispatcher or driver) to `userID`'s roles, and tells
    /// their feed; nothing for a deleted account or a role they hold already.
    func grantCarrierRole(
        _ role: Role,
        to userID: String,
        at now: Date,
        delivery: Quad_Types_V1_OutboxDelivery
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard var record = try IdentityStore.account(id: userID, db), !record.account.roles.contains(role) else {
                return
            }
            record.account.roles.insert(role)
            try IdentityStore.update(record, db)
            try IdentityFeed.profileChanged(record.account, at: now, db)
        }
    }
}
