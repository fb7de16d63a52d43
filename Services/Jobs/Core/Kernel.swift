// JobsCore speaks in the shared kernel's values (Money, Microseconds), as does every product module on it:
// re-exported, so they are one type across the contexts' domains.
@_exported public import QuadKernel
