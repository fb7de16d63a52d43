import QuadContracts
import QuadWire
import Testing

@Suite("Payments: payment methods through the provider (P2)")
struct PaymentMethodTests {
    @Test("a user adds sandbox tokens and lists their own, with the provider's brand and last digits")
    func addAndList() async throws {
        try await PaymentsHarness.run { harness in
            let cora = try harness.asUser("cora")
            let visa = try await cora.addPaymentMethod(
                .with {
                    $0.token = "tok_sandbox_visa"; $0.label = "Apple Pay"
                }
            )
            #expect(!visa.paymentMethodID.isEmpty)
            #expect(visa.label == "Apple Pay")
            #expect(visa.brand == "sandbox-visa")
            #expect(visa.lastDigits == "4242")
            let google = try await cora.addPaymentMethod(.with { $0.token = "tok_sandbox_googlepay" })
            #expect(google.label == "Card ending 0005", "an unnamed method is named after its digits")
            // Adding a token again answers the method she has
            let again = try await cora.addPaymentMethod(
                .with {
                    $0.token = "tok_sandbox_visa"; $0.label = "Again"
                }
            )
            #expect(again.paymentMethodID == visa.paymentMethodID)

            let mine = try await cora.listPaymentMethods(.init())
            #expect(mine.paymentMethods.map(\.paymentMethodID) == [visa.paymentMethodID, google.paymentMethodID])
            let others = try await harness.asUser("dan").listPaymentMethods(.init())
            #expect(others.paymentMethods.isEmpty)
        }
    }

    @Test("an unknown or missing token is INVALID_ARGUMENT naming token; a bank token is no payment method")
    func refusals() async throws {
        try await PaymentsHarness.run { harness in
            let cora = try harness.asUser("cora")
            for token in ["tok_made_up", "bank_sandbox_checking", ""] {
                let error = await #expect(throws: RPCError.self) {
                    _ = try await cora.addPaymentMethod(.with { $0.token = token })
                }
                #expect(error?.code == .invalidArgument)
                #expect(error?.message.contains("token") == true)
            }
            #expect(try await cora.listPaymentMethods(.init()).paymentMethods.isEmpty)
            let anonymous = await #expect(throws: RPCError.self) {
                _ = try await harness.client(.gateway).addPaymentMethod(.with { $0.token = "tok_sandbox_visa" })
            }
            #expect(anonymous?.code == .unauthenticated)
        }
    }
}
