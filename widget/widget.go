package widget

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"openbank/aggregation"
	"openbank/store"
)

// Defaults of the widget's life.
const (
	DefaultMaxOpenings = 5
	DefaultTTL         = 24 * time.Hour
)

// Widget kinds.
const (
	KindConnect   = "connect"
	KindReconnect = "reconnect"
)

// Error statuses of a widget link, reported through returnTo as
// widgetId=<id>,<status>.
const (
	NotFound        = "notFound"
	Expired         = "expired"
	TooManyOpenings = "tooManyOpenings"
)

// Errors of the widget flow.
var (
	ErrLinkInvalid       = errors.New("the widget link is not one Openbank issued")
	ErrNoProviders       = errors.New("no provider serves these country codes")
	ErrOtherEnvironment  = errors.New("the banks of these country codes are all of the other environment: test credentials connect only the test banks (country XF), production credentials only production banks")
	ErrUnknownConnection = errors.New("the widget did not start this connection")
)

// Options bound the life of widget links.
type Options struct {
	MaxOpenings int           // openings beyond it are refused as tooManyOpenings
	TTL         time.Duration // from creation to expiredAt
}

func (o Options) maxOpenings() int {
	if o.MaxOpenings <= 0 {
		return DefaultMaxOpenings
	}
	return o.MaxOpenings
}

func (o Options) ttl() time.Duration {
	if o.TTL <= 0 {
		return DefaultTTL
	}
	return o.TTL
}

// Service runs widget links and the connections their subjects make, on
// the aggregation's store, banks, clock and public URL.
type Service struct {
	Aggregation *aggregation.Service
	Options     Options

	links   linkKey
	widgets widgetCache
}

// New builds the widget service over an aggregation service.
func New(agg *aggregation.Service, opts Options) *Service {
	return &Service{Aggregation: agg, Options: opts}
}

func (s *Service) store() *store.Store { return s.Aggregation.Store }

func (s *Service) now() time.Time { return s.Aggregation.Clock().UTC() }

// linkKey caches the key that signs widget links.
type linkKey struct {
	mu  sync.Mutex
	key []byte
}

// encodeFields is the stored form of callback fields; nil is stored as {}.
func encodeFields(m map[string]string) (json.RawMessage, error) {
	if m == nil {
		m = map[string]string{}
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("widget: callback fields: %w", err)
	}
	return b, nil
}

func nullString(s string) store.NullString { return store.NullString{String: s, Valid: s != ""} }
