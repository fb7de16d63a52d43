/// How arrivals are spaced in time at a given rate.
public enum ArrivalProcess: String, Codable, Sendable, CaseIterable {
    /// Evenly spaced: one arrival every `1 / rate` seconds.
    case constant
    /// A Poisson process: independent arrivals whose gaps are exponentially distributed with mean `1 / rate`,
    /// which is how many independent users arrive.
    case poisson
}
