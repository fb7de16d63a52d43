public import Foundation
public import QuadKernel

extension QuadClock {
    /// The instant now as a `Date`, for the code that speaks Foundation (token lifetimes, EntityID).
    public var date: Date { Date(micros: micros()) }
}
