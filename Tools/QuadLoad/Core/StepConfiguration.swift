/// Step mode's parameters: where the rate starts, how fast it rises, where it stops, and the bounds of the knee.
public struct StepConfiguration: Codable, Sendable, Hashable {
    /// The first step's rate, in arrivals per second.
    public var startRate: Double
    /// Each step's rate is the previous one's times this (above 1).
    public var stepFactor: Double
    /// The highest rate run.
    public var maxRate: Double
    /// The limits a step must stay within.
    public var bounds: KneeSearch.Bounds

    /// Creates a step configuration.
    public init(startRate: Double, stepFactor: Double, maxRate: Double, bounds: KneeSearch.Bounds) {
        self.startRate = startRate
        self.stepFactor = stepFactor
        self.maxRate = maxRate
        self.bounds = bounds
    }

    /// A search with these parameters.
    ///
    /// - Throws: ``KneeSearchError`` naming a parameter the search cannot work with.
    public func makeSearch() throws(KneeSearchError) -> KneeSearch {
        try KneeSearch(startRate: startRate, stepFactor: stepFactor, maxRate: maxRate, bounds: bounds)
    }
}
