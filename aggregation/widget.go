package aggregation

import (
	"errors"
	"sync"
	"time"
)

// Defaults of the widget's life.
const (
	DefaultWidgetMaxOpenings = 5
	DefaultWidgetTTL         = 24 * time.Hour
)

// Widget kinds.
const (
	WidgetConnect   = "connect"
	WidgetReconnect = "reconnect"
)

// Widget error statuses, reported through returnTo as widgetId=<id>,<status>.
const (
	WidgetNotFound        = "notFound"
	WidgetExpired         = "expired"
	WidgetTooManyOpenings = "tooManyOpenings"
)

// Errors of the widget flow.
var (
	ErrWidgetLinkInvalid     = errors.New("the widget link is not one Openbank issued")
	ErrTooManyCallbackFields = errors.New("callbackFields holds more than 10 pairs")
	ErrNoProviders           = errors.New("no provider serves these country codes")
	ErrInvalidAccess         = errors.New("access must be one_time or recurring")
	ErrInvalidCredentials    = errors.New("the bank did not accept these credentials")
	ErrNotWidgetConnection   = errors.New("the widget did not start this connection")
)

// WidgetOptions bound the life of widget links.
type WidgetOptions struct {
	MaxOpenings int           // openings beyond it are refused as tooManyOpenings
	TTL         time.Duration // from creation to expiredAt
}

func (o WidgetOptions) maxOpenings() int {
	if o.MaxOpenings <= 0 {
		return DefaultWidgetMaxOpenings
	}
	return o.MaxOpenings
}

func (o WidgetOptions) ttl() time.Duration {
	if o.TTL <= 0 {
		return DefaultWidgetTTL
	}
	return o.TTL
}

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

// linkKey caches the key that signs widget links.
type linkKey struct {
	mu  sync.Mutex
	key []byte
}
