package gateway

// Limits are the maximum numbers of records; a create beyond one is refused.
type Limits struct {
	ShowcasesPerOwner    int
	RemindersPerShowcase int
	ConsentsPerShowcase  int
}

// DefaultLimits are the limits when none are configured.
func DefaultLimits() Limits {
	return Limits{ShowcasesPerOwner: 1000, RemindersPerShowcase: 1000, ConsentsPerShowcase: 100}
}
