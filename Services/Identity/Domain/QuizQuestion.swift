/// A question of the dasher quiz, with its answer.
public struct QuizQuestion: Sendable, Hashable, Codable, Identifiable {
    /// Stable id (`laundry-01`); answers name it.
    public var id: String
    /// The question.
    public var text: String
    /// The choices, in the order shown.
    public var choices: [String]
    /// The index in ``choices`` of the right answer; never sent to clients.
    public var correctChoice: Int

    /// Creates a question.
    public init(id: String, text: String, choices: [String], correctChoice: Int) {
        precondition(choices.indices.contains(correctChoice), "the correct choice of \(id) is not one of its choices")
        self.id = id
        self.text = text
        self.choices = choices
        self.correctChoice = correctChoice
    }
}

/// A question as clients see it: no answer.
public struct PublicQuizQuestion: Sendable, Hashable, Codable, Identifiable {
    /// The question id.
    public var id: String
    /// The question.
    public var text: String
    /// The choices.
    public var choices: [String]

    /// The question without its answer.
    public init(_ question: QuizQuestion) {
        id = question.id
        text = question.text
        choices = question.choices
    }
}

/// One submitted answer.
public struct QuizAnswer: Sendable, Hashable, Codable {
    /// The question answered.
    public var questionID: String
    /// The chosen index.
    public var choiceIndex: Int

    /// Creates an answer.
    public init(questionID: String, choiceIndex: Int) {
        self.questionID = questionID
        self.choiceIndex = choiceIndex
    }
}

/// The result of grading.
public struct QuizGrade: Sendable, Hashable, Codable {
    /// Right answers.
    public var correct: Int
    /// Questions in the quiz (unanswered ones count as wrong).
    public var total: Int
    /// Whether `correct / total` reaches the pass ratio.
    public var passed: Bool

    /// Creates a grade.
    public init(correct: Int, total: Int, passed: Bool) {
        self.correct = correct
        self.total = total
        self.passed = passed
    }
}
