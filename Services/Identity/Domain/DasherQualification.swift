public import Foundation

/// SubmitDasherQuiz as one decision (A6): the order of checks, the grade, and what changes.
public struct DasherQualification: Sendable {
    /// What the caller stores and answers.
    public struct Outcome: Sendable, Hashable {
        /// The grade.
        public var grade: QuizGrade
        /// The roles after grading: with ``Role/dasher`` when passed.
        public var roles: Set<Role>
        /// When failed: store as the last failed attempt (`now`).
        public var failedAt: Date?
        /// When failed: the earliest retry (`retry_allowed_at_micros`).
        public var retryAllowedAt: Date?
    }

    /// The quiz.
    public var quiz: DasherQuiz
    /// The retry wait.
    public var policy: QuizAttemptPolicy

    /// Creates a qualification with the standard quiz and the 24-hour wait.
    public init(quiz: DasherQuiz = .standard, policy: QuizAttemptPolicy = QuizAttemptPolicy()) {
        self.quiz = quiz
        self.policy = policy
    }

    /// Grades a submission by someone holding `roles` whose last failure was at `lastFailedAt`.
    ///
    /// Throws `alreadyExists` for a dasher, `failedPrecondition` (time left in the message) within the wait,
    /// `invalidArgument` for malformed answers (which do not count as an attempt).
    public func submit(
        answers: [QuizAnswer],
        roles: Set<Role>,
        lastFailedAt: Date?,
        now: Date
    ) throws(IdentityError) -> Outcome {
        guard !roles.contains(.dasher) else { throw IdentityError.alreadyDasher }
        if case .wait(_, let remaining) = policy.check(lastFailedAt: lastFailedAt, now: now) {
            throw IdentityError.quizRetryTooSoon(remaining: remaining)
        }
        let grade = try quiz.grade(answers: answers)
        guard grade.passed else {
            let retryAllowedAt = policy.retryAllowedAt(failedAt: now)
            return Outcome(grade: grade, roles: roles, failedAt: now, retryAllowedAt: retryAllowedAt)
        }
        return Outcome(grade: grade, roles: roles.union([.dasher]), failedAt: nil, retryAllowedAt: nil)
    }
}
