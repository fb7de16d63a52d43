// Rides is a product on the job core: its module re-exports JobsCore (and through it the shared kernel) and rides'
// own kernel (points, routes, fare shares), so a module that speaks of rides imports this one alone.
@_exported public import JobsCore
@_exported public import RidesKernel
