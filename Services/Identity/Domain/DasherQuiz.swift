/// The dasher qualification quiz (A6): questions about handling other people's laundry.
public struct DasherQuiz: Sendable, Hashable {
    /// The questions, with answers.
    public let questions: [QuizQuestion]
    /// The share of right answers that passes, in percent (80).
    public let passPercent: Int

    /// The pass ratio as the proto carries it (0.8).
    public var passRatio: Double { Double(passPercent) / 100 }

    /// The questions as clients see them.
    public var publicQuestions: [PublicQuizQuestion] { questions.map(PublicQuizQuestion.init) }

    /// Creates a quiz; question ids must be unique.
    public init(questions: [QuizQuestion], passPercent: Int = 80) {
        precondition(Set(questions.map(\.id)).count == questions.count, "quiz question ids must be unique")
        precondition(!questions.isEmpty && (1...100).contains(passPercent), "a quiz needs questions and a pass mark")
        self.questions = questions
        self.passPercent = passPercent
    }

    /// Grades answers; unanswered questions count as wrong.
    ///
    /// Refuses (`invalidArgument`, naming `answers[i]...`) an answer to an unknown question, a second answer to
    /// the same question, or a choice index out of range.
    public func grade(answers: [QuizAnswer]) throws(IdentityError) -> QuizGrade {
        var collector = ViolationCollector()
        var answered: Set<String> = []
        var correct = 0
        for (index, answer) in answers.enumerated() {
            let field = "answers[\(index)]"
            guard let question = questions.first(where: { $0.id == answer.questionID }) else {
                collector.add("\(field).question_id", "names no question of this quiz; GetDasherQuiz lists them")
                continue
            }
            guard answered.insert(answer.questionID).inserted else {
                collector.add("\(field).question_id", "answers \(answer.questionID) a second time; answer once")
                continue
            }
            guard question.choices.indices.contains(answer.choiceIndex) else {
                collector.add("\(field).choice_index", "must be 0 to \(question.choices.count - 1)")
                continue
            }
            if answer.choiceIndex == question.correctChoice { correct += 1 }
        }
        guard collector.violations.isEmpty else { throw IdentityError.invalidArgument(collector.violations) }
        // Integer arithmetic: 8 of 10 passes at 80% exactly, with no floating-point doubt.
        let passed = correct * 100 >= questions.count * passPercent
        return QuizGrade(correct: correct, total: questions.count, passed: passed)
    }
}
