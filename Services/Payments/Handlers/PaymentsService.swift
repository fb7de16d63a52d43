import Foundation
public import Logging
import PaymentsDomain
public import PaymentsProviders
public import QuadContracts
public import QuadKernel
import QuadServiceKit
public import QuadStorage
import QuadWire

/// The payments bounded context (P1–P7): the products' fee schedules and quotes (``PaymentsProducts``), payment
/// methods through a ``PaymentsProviders/PaymentProvider``, holds for jobs of any product and their capture, the
/// double-entry ledger, earnings, payouts, transfers and the money side of disputes.
///
/// Every money-moving path calls the provider first, with an idempotency key derived from what it pays for (the
/// job, the dispute, the caller's own key), and then writes the intent, its postings and the answer, inbox record
/// or outbox message in one transaction: a crash in between repeats the provider call with the same key, which
/// answers the first result again, so money moves once. Every transaction is one method of ``PaymentsDatabase``; the
/// handlers validate, call the provider and other services, and map to messages.
public final class PaymentsService: Quad_Payments_V1_Payments.ServiceProtocol, Sendable {
    /// Payments' transactions, on the database the service was given.
    let database: PaymentsDatabase
    let provider: any PaymentProvider
    let paymentMethods: any PaymentMethodVerifier
    let directory: any DormPriceDirectory
    let jobs: any JobStatusSource
    let users: any UserDirectory
    let configuration: PaymentsConfiguration
    /// The products payments prices, holds and captures for, by id.
    let products: PaymentsProducts
    let logger: Logger
    let clock: QuadClock
    /// Serializes what is checked, then sent to the provider, then posted: what takes money out of one user's
    /// balance (payouts, transfers; key `user:<id>`), so a balance checked before a payout is sent is still there
    /// when it is posted, and the refunds of one payment (key `intent:<id>`).
    let gate = KeyedGate()

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - database: payments' database, migrated with `PaymentsMigrations.migrator`.
    ///   - provider: the card network and bank (the sandbox, in Quad's deployments).
    ///   - paymentMethods: checks a wallet token when a user adds it.
    ///   - directory: the dorms' machine prices (identity's campus directory).
    ///   - jobs: whether a job exists (the sweep of unconfirmed holds).
    ///   - users: whether a user exists (the recipient of a transfer): identity's public profiles.
    ///   - configuration: schedules and limits.
    ///   - products: the products served; by default ``PaymentsProducts/standard(laundry:errands:rides:)`` with the
    ///     configuration's laundry, errands and rides schedules.
    ///   - logger: where deliveries and sweeps report what they skipped.
    ///   - clock: the clock (tests pass a settable one); the sweeps wait on it too.
    public init(
        database: QuadDatabase,
        provider: any PaymentProvider,
        paymentMethods: any PaymentMethodVerifier = SandboxPaymentMethods(),
        directory: any DormPriceDirectory,
        jobs: any JobStatusSource,
        users: any UserDirectory,
        configuration: PaymentsConfiguration = .defaults,
        products: PaymentsProducts? = nil,
        logger: Logger = Logger(label: "quad.payments"),
        clock: QuadClock = .system()
    ) {
        self.database = PaymentsDatabase(database)
        self.provider = provider
        self.paymentMethods = paymentMethods
        self.directory = directory
        self.jobs = jobs
        self.users = users
        self.configuration = configuration
        self.products =
            products
            ?? .standard(laundry: configuration.laundry, errands: configuration.errands, rides: configuration.rides)
        self.logger = logger
        self.clock = clock
    }

    /// The time now, in UTC microseconds.
    var nowMicros: Int64 { clock.micros() }

    /// The currency every balance is in.
    var currency: String { configuration.currency }

    /// Refuses an empty text field, naming it.
    static func require(_ value: String, _ field: String, _ what: String) throws {
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw RPCError(code: .invalidArgument, message: "\(field) is required: \(what)")
        }
    }
}
