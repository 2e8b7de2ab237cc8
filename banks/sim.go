package banks

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

var zeroTime time.Time

// historyOpens is the latest day a mock account's history may start; each
// seed opens its accounts up to four weeks earlier.
var historyOpens = civil(2024, time.November, 1)

// planner decides, day by day, what happens on a bank's accounts.
type planner interface{ plan() }

// sim is one run of a bank's generator for a seed and scenario up to a day.
type sim struct {
	bank     *bankSpec
	seed     int64
	scenario Scenario
	cal      *calendar
	start    day
	today    day
	ledgers  []*ledger
	city     string // where the subject lives and mostly shops
}

// history is what a run produces for one account.
type history struct {
	account Account
	opening int64
	booked  []Transaction
	pending []Transaction
}

// generate runs a bank's generator from its opening day to now.
func generate(bank *bankSpec, seed int64, scenario Scenario, now time.Time) []history {
	s := &sim{bank: bank, seed: seed, scenario: scenario}
	s.start = historyOpens - day(mix(uint64(seed), 0x51)%28)
	end := dayOf(now)
	s.cal = newCalendar(s.start, max(end, s.start))
	s.today = s.start
	p := bank.setup(s)
	if scenario == ScenarioLargeHistory {
		p = &busyPlanner{inner: p, l: s.ledgers[0]}
	}
	for d := s.start; d <= end; d++ {
		s.runDay(d, p)
		if d == s.start+sizingDays {
			s.reserve(end - d)
		}
	}
	out := make([]history, len(s.ledgers))
	for i, l := range s.ledgers {
		a := l.account
		a.Balance, a.Available = l.balance, l.balance-l.held
		out[i] = history{account: a, opening: l.opening, booked: l.booked, pending: l.pendingList()}
	}
	return out
}

// runDay books what is due, lets the planner act, then closes the day.
func (s *sim) runDay(d day, p planner) {
	s.today = d
	first := s.cal.at(d).dom == 1
	for _, l := range s.ledgers {
		if first {
			l.monthEnd()
		}
		l.bookDue()
	}
	p.plan()
	for _, l := range s.ledgers {
		l.endOfDay()
	}
}

// sizingDays is how many days of history run before each ledger reserves
// room for the rest at the pace seen so far: growing a slice of
// transactions by doubling copied each of them twice on average.
const sizingDays = 35

// reserve grows every ledger's booked history once, to what left more days
// are likely to need at the pace of the first sizingDays.
func (s *sim) reserve(left day) {
	for _, l := range s.ledgers {
		perDay := float64(len(l.booked)) / (sizingDays + 1)
		l.booked = slices.Grow(l.booked, int(perDay*float64(left)*1.2)+16)
	}
}

// open adds an account; its random stream is seeded from (seed, bank code, index).
func (s *sim) open(name string, kind AccountType, limit int64) *ledger {
	index := uint64(len(s.ledgers))
	code := hashString(s.bank.info.Code)
	l := &ledger{sim: s, rng: rand.New(rand.NewPCG(uint64(s.seed), code^(index+1)*0x9e3779b97f4a7c15))}
	id := mix(uint64(s.seed), code+index)
	l.account = Account{ID: "acc_" + hex16(id), IBAN: iban(s.bank.sortCode, id), Name: name,
		Type: kind, Currency: "GBP", Limit: limit}
	s.ledgers = append(s.ledgers, l)
	return l
}

// info returns the facts of today.
func (s *sim) info() *dayInfo { return s.cal.at(s.today) }

// payday reports whether today is the given day of the month, brought forward
// to the previous banking day when that falls on a weekend or holiday.
func (s *sim) payday(dom int) bool {
	return s.cal.banking(s.today) && s.cal.prevBanking(s.cal.inMonth(s.today, dom)) == s.today
}

// shortDate prints today as banks do in card descriptions, e.g. 14NOV.
func (s *sim) shortDate() string {
	return strings.ToUpper(s.today.Time().Format("02Jan"))
}

// monthRef names today's month for references, e.g. NOV24.
func (s *sim) monthRef() string {
	return strings.ToUpper(s.today.Time().Format("Jan06"))
}

// mix scrambles two numbers into one (splitmix64 finaliser).
func mix(a, b uint64) uint64 {
	z := a*0x9e3779b97f4a7c15 + b + 0x632be59bd9b4e019
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
