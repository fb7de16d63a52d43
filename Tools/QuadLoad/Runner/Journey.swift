/// A user's way through the system: a sequence of calls with think times between them, as one
/// person does it in an app. The runner starts one at each arrival of the open-loop schedule and
/// measures it whole (from the arrival's intended start to its last answer) and call by call.
///
/// A journey throws when a call fails in a way it did not expect; the runner keeps the failing
/// call and its status for the report, counts the journey as failed, and the run goes on.
/// Expected refusals (a review already given, no job to offer yet) are handled inside the journey.
public protocol Journey: Sendable {
    /// The journey's name in reports and in `--mix`, e.g. `laundry-customer`.
    var name: String { get }

    /// Runs the journey once, calling through `session`.
    func run(_ session: JourneySession) async throws
}
