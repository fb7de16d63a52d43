/// The refusals identity's handlers use, written once so the same situation always reads the same.
extension IdentityError {
    /// Unknown email and wrong password get this same answer (A2), so it reveals no accounts.
    public static let invalidCredentials = IdentityError(
        code: .unauthenticated,
        message: "the email or the password is wrong; check both and try again"
    )

    /// The account is in its login cool-down (A2).
    public static func accountLocked(remaining: Duration) -> IdentityError {
        IdentityError(
            code: .resourceExhausted(retryAfter: remaining),
            message: "too many wrong passwords in a row; try again in \(remaining.readable)"
        )
    }

    /// Registration with an email that has an account already.
    public static let emailTaken = IdentityError(
        code: .alreadyExists,
        message: "an account with this email exists already; log in instead"
    )

    /// A refresh or logout with a token that cannot be used.
    public static func refreshRefused(_ reason: RefreshRotation.Reason) -> IdentityError {
        let what =
            switch reason {
            case .unknown: "is unknown"
            case .expired: "has expired"
            case .revoked: "was revoked"
            case .reused: "was used already, so its whole session was revoked"
            }
        return IdentityError(code: .unauthenticated, message: "the refresh token \(what); log in again")
    }

    /// DeleteAccount with a wrong confirmation password.
    public static let wrongConfirmationPassword = IdentityError(
        code: .permissionDenied,
        message: "the password does not match; enter the account's password to delete it"
    )

    /// A user id that names no (or a deleted) account.
    public static let userNotFound = IdentityError(
        code: .notFound,
        message: "no such user; the account may have been deleted"
    )

    /// SubmitDasherQuiz by someone who is a dasher already.
    public static let alreadyDasher = IdentityError(
        code: .alreadyExists,
        message: "you are a dasher already; there is no need to take the quiz again"
    )

    /// SubmitDasherQuiz within the wait after a failed attempt (A6).
    public static func quizRetryTooSoon(remaining: Duration) -> IdentityError {
        IdentityError(
            code: .failedPrecondition,
            message: "the last attempt at the dasher quiz failed; you may retry in \(remaining.readable)"
        )
    }
}
