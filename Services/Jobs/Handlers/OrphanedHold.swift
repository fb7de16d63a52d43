import Logging
import QuadContracts
import QuadWire

/// A hold placed for a job (of any product) that could not be stored after all.
enum OrphanedHold {
    /// Releases `intent`'s hold of job `jobID` at once; when payments cannot be asked, says so for operators
    /// (payments' sweep releases any hold whose job never appears).
    static func release(
        jobID: String,
        intent: String,
        payments: Quad_Payments_V1_Payments.Client,
        options: CallOptions,
        logger: Logger
    ) async {
        do {
            _ = try await payments.releaseHold(
                .with {
                    $0.paymentIntentID = intent
                    $0.reason = "the job could not be posted"
                },
                options: options
            )
        } catch {
            logger.warning(
                "could not release the hold of a job that was not posted; payments' sweep will",
                metadata: ["job_id": "\(jobID)", "payment_intent_id": "\(intent)", "error": "\(error)"]
            )
        }
    }
}
