import Foundation
import IdentityDomain
public import QuadContracts
import QuadServiceKit
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
        let result = try await database.gradeQuiz(
            answers,
            for: caller,
            qualification: qualification,
            successor: successor,
            newFamily: newFamily,
            now: now
        )
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
        let roles = try await database.grantRequested(role, to: caller.userID, now: now)
        let granted = try roles.get()
        return .with { $0.roles = ProtoMapping.roles(granted) }
    }
}
