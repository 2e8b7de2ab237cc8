package widget

// Step is how far a subject went through a widget; statistics keep the
// furthest one reached.
type Step int

// The steps, in order.
const (
	StepCreated      Step = iota // the link exists
	StepOpened                   // the subject opened it and saw the banks
	StepBankSelected             // the consent page of a bank was shown
	StepConsentGiven             // the subject agreed and went on to authenticate
	StepSCACompleted             // the bank answered: ok, fail or new
	StepResultShown              // the success or failure page was shown
	StepReturned                 // the subject was sent back to returnTo
)

var stepNames = [...]string{"created", "opened", "bankSelected", "consentGiven", "scaCompleted", "resultShown", "returned"}

// String is the step's name in statistics.
func (s Step) String() string {
	if s < 0 || int(s) >= len(stepNames) {
		return "unknown"
	}
	return stepNames[s]
}
