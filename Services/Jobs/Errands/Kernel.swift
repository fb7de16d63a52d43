// Errands is a product on the job core: its module re-exports JobsCore (and through it the shared kernel), so a
// module that speaks of errands imports this one alone. Errands has no values shared with another of its modules
// yet (its matching and payments modules come with its features), so there is no Shared/Errands kernel.
@_exported public import JobsCore
