import Foundation

/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The harness needs reproducible randomness (the same seed gives the same arrival schedule and the same journey
/// mix), which `SystemRandomNumberGenerator` cannot give. SplitMix64 passes BigCrush and is plenty for load shaping.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator; the same seed always yields the same sequence.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed double in `0 ..< 1`, using the top 53 bits.
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// An exponentially distributed double with the given mean (inverse transform sampling).
    public mutating func nextExponential(mean: Double) -> Double {
        // 1 - u lies in (0, 1], so the logarithm is finite.
        -mean * log(1.0 - nextUnitInterval())
    }
}
