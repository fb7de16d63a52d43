// Laundry is a product on the job core: its module re-exports JobsCore (and through it the shared kernel), so a
// module that speaks of laundry jobs imports this one alone.
@_exported public import JobsCore
