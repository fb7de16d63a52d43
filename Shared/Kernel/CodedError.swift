/// A domain's refusal: a wire status code name and a message that names the field or the rule.
/// The contexts' errors (`PaymentsError`, `JobsError`, `MatchingError`) conform, so code that
/// handles any of them (the handlers' mapping to a status, the tests' refusal checks) is written once.
public protocol CodedError: Error {
    /// The error's code; its raw value is the wire status name (`INVALID_ARGUMENT`, ...).
    associatedtype Code: RawRepresentable & Equatable where Code.RawValue == String
    var code: Code { get }
    var message: String { get }
}
