import PaymentsDomain
import Testing

@Suite("AccountID")
struct AccountIDTests {
    static let all: [AccountID] = [
        .customerHold(customer: "cus_1"), .cardAuthorizations, .cardClearing, .unallocatedReceipts,
        .userBalance(user: "u:with:colons"), .payoutsInTransit, .platformRevenue, .refunds,
        .customerCharges(customer: "cus_1"), .cardCharges,
    ]

    @Test("every account's code reads back as the same account", arguments: all)
    func codeRoundTrip(account: AccountID) {
        #expect(AccountID(code: account.code) == account)
    }

    @Test(
        "codes that name no account are refused",
        arguments: ["", "cash", "customer_hold:", "customer_charges:", "user_balance", "x:y"]
    )
    func unknownCodes(code: String) {
        #expect(AccountID(code: code) == nil)
    }

    @Test("assets, memo holds and refunds grow on the debit side; the rest on the credit side")
    func normalSides() {
        let debitNormal = Self.all.filter { $0.normalSide == .debit }
        #expect(
            debitNormal == [
                .customerHold(customer: "cus_1"), .cardClearing, .refunds, .customerCharges(customer: "cus_1"),
            ]
        )
    }
}
