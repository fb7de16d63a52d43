import Foundation
import QuadContracts
import QuadWire
import Testing

/// P6 through the gateway, with payments asking the real identity about the recipient.
@Suite(
    "Laundry: a transfer's recipient is checked with identity (P6) through the gateway",
    .serialized,
    .enabled(if: LaundrySystem.isBuilt)
)
struct LaundryTransferTests {
    @Test("a transfer to a user identity does not know is NOT_FOUND and moves nothing; a known one gets past the check")
    func unknownRecipient() async throws {
        try await LaundrySystem.run { system in
            let sender = try await system.register("Cora")
            let recipient = try await system.register("Olga")
            let before = try await system.payments.getBalance(.init(), options: sender.options)

            let unknown = await #expect(throws: RPCError.self) {
                _ = try await system.payments.transfer(
                    .with {
                        $0.toUserID = "no-such-user";
                        $0.amount = .with {
                            $0.minorUnits = 100; $0.currency = "USD"
                        }
                    },
                    options: sender.options(key: "t-unknown")
                )
            }
            #expect(unknown?.code == .notFound)
            #expect(unknown?.message.hasPrefix("to_user_id:") == true)

            // A known recipient passes identity's check and meets the balance's: Cora has nothing to send
            let poor = await #expect(throws: RPCError.self) {
                _ = try await system.payments.transfer(
                    .with {
                        $0.toUserID = recipient.userID;
                        $0.amount = .with {
                            $0.minorUnits = 100; $0.currency = "USD"
                        }
                    },
                    options: sender.options(key: "t-known")
                )
            }
            #expect(poor?.code == .failedPrecondition, "refused for the balance, not the recipient")
            #expect(try await system.payments.getBalance(.init(), options: sender.options) == before)
        }
    }
}
