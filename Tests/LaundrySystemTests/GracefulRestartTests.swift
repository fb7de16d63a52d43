import Foundation
import QuadContracts
import QuadWire
import Testing

/// A graceful restart is quick (issue 17's nemesis runs): a service's event source stream, which the gateway holds
/// open for as long as the service runs, ends as the service begins to shut down, so the drain waits only for the
/// calls in progress instead of its whole grace period; the gateway then follows the restarted service from where
/// it stopped.
@Suite("Graceful restart of a followed service", .serialized, .enabled(if: LaundrySystem.isBuilt))
struct GracefulRestartTests {
    @Test(
        "jobs stops at once on SIGTERM though the gateway follows its events (drain grace 60 s), and a customer's feed carries its events once it is back"
    )
    func gracefulRestart() async throws {
        try await LaundrySystem.run(arguments: ["jobs": ["--drain-grace", "60s"]]) { system in
            let customer = try await system.register("Cora")
            let card = try await system.addCard(customer)

            // The gateway has followed jobs' event source since it started. Before the fix jobs held its shutdown
            // for the whole 60 s grace, waiting for that stream to end.
            let stopped = await system.terminate("jobs", within: .seconds(30))
            #expect(stopped, "jobs was still draining 30 s after SIGTERM")
            try await system.restart("jobs")

            // The gateway follows the restarted jobs: a job submitted now reaches the customer's feed.
            try await system.home.subscribe(
                .init(),
                options: CallOptions(timeout: .seconds(40), metadata: customer.options.metadata)
            ) { stream in
                var feed = stream.makeAsyncIterator()
                #expect(try await feed.next()?.subscribed != nil)
                let job = try await system.eventually(
                    "jobs takes a submission after its restart",
                    {
                        try await system.jobs.submitLaundryJob(
                            LaundrySystem.submission(card: card),
                            options: customer.options(key: "after-restart")
                        )
                    },
                    until: { !$0.jobID.isEmpty }
                )
                var fromJobs: Quad_Gateway_V1_FeedEvent?
                while let message = try await feed.next() {
                    if message.event.source == "jobs" {
                        fromJobs = message.event
                        break
                    }
                }
                let event = try #require(fromJobs, "no event of jobs reached the feed after its restart")
                let changed = try Quad_Jobs_V1_JobChanged(serializedBytes: event.payload)
                #expect(changed.job.jobID == job.jobID)
            }
        }
    }
}
