import IdentityDomain
import QuadContracts
public import QuadServiceKit
import QuadWire

/// The people a fuzzed call may come from, registered with identity when the system starts, so the ids their
/// calls carry (and that the gateway would put in `x-quad-caller`) name real accounts everywhere.
public struct FuzzPeople: Sendable {
    /// Alice: a customer and a dasher.
    public var alice: Caller
    /// Bob: a customer.
    public var bob: Caller
    /// Carol: a customer who stands in for Alice and Bob where a call would delete them (``ServiceFuzzTarget``).
    public var carol: Caller
    /// Their access tokens (identity's, valid for a week in a ``FuzzSystem``), for calls through the gateway.
    public var aliceToken: String
    public var bobToken: String
    public var carolToken: String
    /// Alice's sandbox card, added with payments when the system starts: what her laundry jobs, errands and seats
    /// are held on.
    public var aliceCard: String

    /// The placeholders an input may carry for these ids (``FuzzPlaceholder``).
    var placeholders: [FuzzPlaceholder] {
        [
            FuzzPlaceholder("alice", id: alice.userID), FuzzPlaceholder("bob", id: bob.userID),
            FuzzPlaceholder("alice_card", id: aliceCard),
        ]
    }

    /// Registers Alice, Bob and Carol through identity's Register, as the gateway calls it.
    static func seed(_ client: (String) -> any ClientTransport) async throws -> FuzzPeople {
        let identity = Quad_Identity_V1_Identity.Client(transport: client("identity"))
        let campus = CampusDirectory.demo.campuses[0]
        func register(_ first: String) async throws -> (Caller, String) {
            let answer = try await identity.register(
                .with {
                    $0.email = "\(first.lowercased())@northfield.edu"
                    $0.password = "correct horse battery"
                    $0.firstName = first
                    $0.lastName = "Fuzz"
                    $0.gender = .female
                    $0.campusID = campus.id
                    $0.dormID = campus.dorms[0].id
                    $0.room = "214B"
                    $0.dateOfBirth = .with {
                        $0.year = 2004; $0.month = 5; $0.day = 17
                    }
                },
                options: CallOptions(timeout: .seconds(30))
            )
            let caller = Caller(
                userID: answer.profile.userID,
                roles: first == "Alice" ? ["customer", "dasher"] : ["customer"],
                campusID: campus.id,
                dormID: campus.dorms[0].id,
                sessionID: nil
            )
            return (caller, answer.session.accessToken)
        }
        let (alice, aliceToken) = try await register("Alice")
        let (bob, bobToken) = try await register("Bob")
        let (carol, carolToken) = try await register("Carol")
        let card = try await Quad_Payments_V1_Payments.Client(transport: client("payments")).addPaymentMethod(
            .with {
                $0.token = "tok_sandbox_visa"
                $0.label = "Alice's card"
            },
            options: CallOptions(
                timeout: .seconds(30),
                metadata: [
                    CallerIdentityInterceptor.callerHeader: alice.headerValue, "idempotency-key": "fuzz-alice-card",
                ]
            )
        )
        return FuzzPeople(
            alice: alice,
            bob: bob,
            carol: carol,
            aliceToken: aliceToken,
            bobToken: bobToken,
            carolToken: carolToken,
            aliceCard: card.paymentMethodID
        )
    }
}
