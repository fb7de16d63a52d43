import Testing

@testable import protoc_gen_quad

/// protoc-gen-quad's check of the events declared in Proto/ (issue 12 item 2): both sides must declare an event,
/// or the generator stops before writing anything.
@Suite("EventModel")
struct EventModelTests {
    static let completed = EventModel.Event(
        message: "quad.jobs.v1.JobCompleted",
        topic: "job.completed",
        producer: "jobs",
        consumers: ["payments", "identity"]
    )

    static func context(_ name: String, receives: [String], hasDeliver: Bool = true) -> EventModel.Context {
        EventModel.Context(name: name, service: "quad.\(name).v1.Service", hasDeliver: hasDeliver, receives: receives)
    }

    @Test("declarations that fit together have no problems")
    func consistent() {
        let model = EventModel(
            events: [Self.completed],
            contexts: [
                Self.context("jobs", receives: []),
                Self.context("payments", receives: ["quad.jobs.v1.JobCompleted"]),
                Self.context("identity", receives: ["quad.jobs.v1.JobCompleted"]),
            ]
        )
        #expect(model.problems().isEmpty)
        #expect(model.sent(by: "jobs") == [Self.completed])
        #expect(model.received(by: model.contexts[1]) == [Self.completed])
    }

    @Test("an event sent to a context that does not declare it is refused, naming the fix")
    func undeclaredConsumer() {
        let model = EventModel(
            events: [Self.completed],
            contexts: [
                Self.context("jobs", receives: []),
                Self.context("payments", receives: ["quad.jobs.v1.JobCompleted"]),
                Self.context("identity", receives: []),
            ]
        )
        #expect(
            model.problems() == [
                "quad.jobs.v1.JobCompleted is sent to identity, which does not declare it: add "
                    + "`option (quad.options.v1.receives) = \"quad.jobs.v1.JobCompleted\";` to quad.identity.v1.Service, "
                    + "or drop identity from its event_consumers"
            ]
        )
    }

    @Test(
        "other mismatches are refused",
        arguments: [
            // A consumer that is no context at all
            (
                EventModel(
                    events: [
                        EventModel.Event(message: "quad.a.v1.E", topic: "e", producer: "a", consumers: ["households"])
                    ],
                    contexts: [EventModelTests.context("a", receives: [])]
                ),
                "is sent to 'households', which no service names"
            ),
            // A consumer without Deliver
            (
                EventModel(
                    events: [EventModel.Event(message: "quad.a.v1.E", topic: "e", producer: "a", consumers: ["b"])],
                    contexts: [
                        EventModelTests.context("a", receives: []),
                        EventModelTests.context("b", receives: ["quad.a.v1.E"], hasDeliver: false),
                    ]
                ),
                "has no Deliver method"
            ),
            // A context that says it receives an event nobody sends it
            (
                EventModel(
                    events: [EventModel.Event(message: "quad.a.v1.E", topic: "e", producer: "a", consumers: ["b"])],
                    contexts: [
                        EventModelTests.context("a", receives: []),
                        EventModelTests.context("b", receives: ["quad.a.v1.E"]),
                        EventModelTests.context("c", receives: ["quad.a.v1.E"]),
                    ]
                ),
                "quad.c.v1.Service receives quad.a.v1.E, but quad.a.v1.E is not sent to c"
            ),
            // Two messages with one topic
            (
                EventModel(
                    events: [
                        EventModel.Event(message: "quad.a.v1.E", topic: "e", producer: "a", consumers: ["b"]),
                        EventModel.Event(message: "quad.a.v1.F", topic: "e", producer: "a", consumers: ["b"]),
                    ],
                    contexts: [
                        EventModelTests.context("a", receives: []),
                        EventModelTests.context("b", receives: ["quad.a.v1.E", "quad.a.v1.F"]),
                    ]
                ),
                "both use the topic 'e'"
            ),
            // An event in a file without a context
            (
                EventModel(
                    events: [EventModel.Event(message: "quad.t.v1.E", topic: "e", producer: nil, consumers: ["b"])],
                    contexts: [EventModelTests.context("b", receives: ["quad.t.v1.E"])]
                ),
                "its file has no service with (quad.options.v1.context)"
            ),
            // An event to its own producer
            (
                EventModel(
                    events: [EventModel.Event(message: "quad.a.v1.E", topic: "e", producer: "a", consumers: ["a"])],
                    contexts: [EventModelTests.context("a", receives: ["quad.a.v1.E"])]
                ),
                "is sent by a to itself"
            ),
        ]
    )
    func mismatches(model: EventModel, expected: String) {
        let problems = model.problems()
        #expect(problems.contains { $0.contains(expected) }, "\(problems)")
    }
}
