import Foundation
import IdentityDomain
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire

extension IdentityService {
    /// A6: the quiz without its answers.
    public func getDasherQuiz(
        request: Quad_Identity_V1_GetDasherQuizRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_DasherQuiz {
        _ = try context.requireCaller()
        return .with {
            $0.questions = qualification.quiz.publicQuestions.map { question in
                .with {
                    $0.questionID = question.id
                    $0.text = question.text
                    $0.choices = question.choices
                }
            }
            $0.passRatio = qualification.quiz.passRatio
        }
    }

    /// A6: 80% or more grants the dasher role and renews the caller's session, so the answer
    /// carries an access token with the new role; a failure waits 24 hours, and the answer
    /// says how long.
    public func submitDasherQuiz(
        request: Quad_Identity_V1_SubmitDasherQuizRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_SubmitDasherQuizResponse {
        let caller = try context.requireCaller()
        let answers = request.answers.map { QuizAnswer(questionID: $0.questionID, choiceIndex: Int($0.choiceIndex)) }
        let now = clock.date
        let qualification = self.qualification
        // Made before the transaction (token generation is not database work); stored only on a pass.
        let successor = EntityID.generate(now: now)
        let newFamily = EntityID.generate(now: now)
        typealias Graded = (outcome: DasherQualification.Outcome, account: Account, renewed: IssuedRefreshToken?)
        let result = try await database.write { db -> Result<Graded, IdentityError> in
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
            // Renew the caller's session as Refresh does: its live refresh token is rotated and
            // a successor issued in the same family, so the session id (and its revocation) stay one.
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
        let (outcome, account, renewed) = try result.get()
        let session = try renewed.map { try self.session(for: account, refresh: $0, now: now) }
        return .with {
            if let session { $0.session = session }
            $0.passed = outcome.grade.passed
            $0.correct = UInt32(clamping: outcome.grade.correct)
            $0.total = UInt32(clamping: outcome.grade.total)
            $0.roles = ProtoMapping.roles(outcome.roles)
            if let retry = outcome.retryAllowedAt { $0.retryAllowedAtMicros = ProtoMapping.micros(retry) }
        }
    }

    /// A7: buyer and ride offerer on request; other roles come from the quiz or a carrier.
    public func requestRole(
        request: Quad_Identity_V1_RequestRoleRequest,
        context: ServerContext
    ) async throws -> Quad_Identity_V1_RequestRoleResponse {
        let caller = try context.requireCaller()
        let now = clock.date
        guard let role = ProtoMapping.role(request.role) else {
            throw IdentityError.invalidArgument([
                FieldViolation(field: "role", message: "choose ROLE_BUYER or ROLE_RIDE_OFFERER")
            ])
        }
        let roles = try await database.write { db -> Result<Set<Role>, IdentityError> in
            guard var record = try IdentityStore.account(id: caller.userID, db) else { return .failure(.userNotFound) }
            let roles = Result { () throws(IdentityError) in try Role.requesting(role, in: record.account.roles) }
            guard case .success(let granted) = roles else { return roles }
            guard granted != record.account.roles else { return roles }
            record.account.roles = granted
            try IdentityStore.update(record, db)
            try IdentityFeed.profileChanged(record.account, at: now, db)
            return roles
        }
        let granted = try roles.get()
        return .with { $0.roles = ProtoMapping.roles(granted) }
    }
}
