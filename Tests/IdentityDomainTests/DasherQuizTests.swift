import Foundation
import IdentityDomain
import Testing

@Suite("DasherQuiz")
struct DasherQuizTests {
    let quiz = DasherQuiz.standard

    /// Answers to every question, `wrong` of them wrong.
    func answers(wrong: Int) -> [QuizAnswer] {
        quiz.questions.enumerated().map { index, question in
            let choice = index < wrong ? (question.correctChoice + 1) % question.choices.count : question.correctChoice
            return QuizAnswer(questionID: question.id, choiceIndex: choice)
        }
    }

    @Test("has at least 10 questions with unique ids and 80% to pass")
    func bank() {
        #expect(quiz.questions.count >= 10)
        #expect(Set(quiz.questions.map(\.id)).count == quiz.questions.count)
        #expect(quiz.passRatio == 0.8)
        #expect(quiz.questions.allSatisfy { $0.choices.count >= 2 && $0.choices.indices.contains($0.correctChoice) })
    }

    @Test("public questions carry no answers")
    func publicQuestions() throws {
        let data = try JSONEncoder().encode(quiz.publicQuestions)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(!json.contains("correct"))
        #expect(quiz.publicQuestions.map(\.id) == quiz.questions.map(\.id))
    }

    @Test("passes at 80% and above, fails below", arguments: [(10, 0, true), (10, 2, true), (10, 3, false)])
    func passMark(questionCount: Int, wrong: Int, passed: Bool) throws {
        // Given: a 10-question quiz
        let quiz = DasherQuiz(questions: Array(self.quiz.questions.prefix(questionCount)))
        let answers = quiz.questions.enumerated().map { index, question in
            let choice = index < wrong ? (question.correctChoice == 0 ? 1 : 0) : question.correctChoice
            return QuizAnswer(questionID: question.id, choiceIndex: choice)
        }

        // When
        let grade = try quiz.grade(answers: answers)

        // Then
        #expect(grade == QuizGrade(correct: questionCount - wrong, total: questionCount, passed: passed))
    }

    @Test("grades the standard quiz: all right passes, a third wrong fails")
    func standard() throws {
        #expect(try quiz.grade(answers: answers(wrong: 0)).passed)
        #expect(try !quiz.grade(answers: answers(wrong: quiz.questions.count / 3)).passed)
    }

    @Test("unanswered questions count as wrong")
    func unanswered() throws {
        let grade = try quiz.grade(answers: Array(answers(wrong: 0).prefix(5)))
        #expect(grade == QuizGrade(correct: 5, total: quiz.questions.count, passed: false))
        #expect(try quiz.grade(answers: []).correct == 0)
    }

    @Test("refuses unknown questions, duplicates and out-of-range choices, naming each answer")
    func invalidAnswers() throws {
        // Given
        let answers = [
            QuizAnswer(questionID: "laundry-01", choiceIndex: 0),
            QuizAnswer(questionID: "nope", choiceIndex: 0),
            QuizAnswer(questionID: "laundry-01", choiceIndex: 1),
            QuizAnswer(questionID: "laundry-02", choiceIndex: 9),
            QuizAnswer(questionID: "laundry-03", choiceIndex: -1),
        ]

        // When
        let error = try #require(throws: IdentityError.self) { try quiz.grade(answers: answers) }

        // Then
        #expect(
            error.violations.map(\.field) == [
                "answers[1].question_id", "answers[2].question_id",
                "answers[3].choice_index", "answers[4].choice_index",
            ]
        )
    }
}

@Suite("QuizAttemptPolicy and DasherQualification")
struct QuizAttemptTests {
    let now = IdentityFixtures.now
    let policy = QuizAttemptPolicy()

    @Test("someone who never failed may take the quiz")
    func neverFailed() {
        #expect(policy.check(lastFailedAt: nil, now: now) == .allowed)
    }

    @Test("within 24 hours of a failure, the answer says how long is left")
    func wait() {
        // Given: failed 20 h ago
        let failedAt = now.addingTimeInterval(-20 * 3600)

        // When
        let decision = policy.check(lastFailedAt: failedAt, now: now)

        // Then
        #expect(decision == .wait(until: now.addingTimeInterval(4 * 3600), remaining: .seconds(4 * 3600)))
        #expect(IdentityError.quizRetryTooSoon(remaining: .seconds(4 * 3600 + 90)).message.contains("4 h 2 min"))
    }

    @Test("exactly 24 hours after a failure, a retry is allowed")
    func afterWait() {
        #expect(policy.check(lastFailedAt: now.addingTimeInterval(-24 * 3600), now: now) == .allowed)
    }

    @Test("a pass grants the dasher role")
    func pass() throws {
        let answers = DasherQuiz.standard.questions.map {
            QuizAnswer(questionID: $0.id, choiceIndex: $0.correctChoice)
        }
        let outcome = try DasherQualification()
            .submit(answers: answers, roles: Role.defaultRoles, lastFailedAt: nil, now: now)
        #expect(outcome.grade.passed)
        #expect(outcome.roles == [.customer, .requester, .dasher])
        #expect(outcome.failedAt == nil && outcome.retryAllowedAt == nil)
    }

    @Test("a fail keeps the roles and sets the earliest retry 24 hours later")
    func fail() throws {
        let outcome = try DasherQualification()
            .submit(answers: [], roles: Role.defaultRoles, lastFailedAt: nil, now: now)
        #expect(!outcome.grade.passed)
        #expect(outcome.roles == Role.defaultRoles)
        #expect(outcome.failedAt == now)
        #expect(outcome.retryAllowedAt == now.addingTimeInterval(24 * 3600))
    }

    @Test("a dasher cannot take it again; a retry within 24 hours is a failed precondition")
    func refusals() throws {
        let qualification = DasherQualification()
        let dasher = try #require(throws: IdentityError.self) {
            try qualification.submit(answers: [], roles: [.customer, .dasher], lastFailedAt: nil, now: now)
        }
        #expect(dasher.code == .alreadyExists)
        let tooSoon = try #require(throws: IdentityError.self) {
            let anHourAgo = now.addingTimeInterval(-3600)
            return try qualification.submit(answers: [], roles: Role.defaultRoles, lastFailedAt: anHourAgo, now: now)
        }
        #expect(tooSoon.code == .failedPrecondition)
        #expect(tooSoon.message.contains("23 h"))
    }
}
