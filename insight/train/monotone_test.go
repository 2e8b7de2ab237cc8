package train

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"openbank/insight/ledger"
	"openbank/insight/score"
)

// TestScoreIsMonotone applies counterfactual edits to hundreds of
// applicants' histories of both kinds across the risk scale, in each
// variant's data (with and without categories and credit lines), and checks
// that the score never moves the wrong way (ties allowed): its points, its
// probability of default and its band. A categorised history without income
// is never in band A or B.
func TestScoreIsMonotone(t *testing.T) {
	start := time.Now()
	m, err := score.DefaultScorecards()
	if err != nil {
		t.Fatal(err)
	}
	histories := monotoneHistories(t)
	broken := map[string]map[int]bool{}
	var mu sync.Mutex
	report := func(edit string, i int, format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		edit += ", " + string(histories[i].Kind)
		if broken[edit] == nil {
			broken[edit] = map[int]bool{}
		}
		if !broken[edit][i] && len(broken[edit]) < 3 {
			t.Errorf("%s: history %d: "+format, append([]any{edit, i}, args...)...)
		}
		broken[edit][i] = true
	}
	parallel(len(histories), func(i int) {
		for _, v := range score.Variants() {
			checkHistory(m, histories[i], v, func(edit, format string, args ...any) { report(edit, i, format, args...) })
		}
	})
	kinds := map[ledger.SubjectKind]int{}
	for _, l := range histories {
		kinds[l.Kind]++
	}
	var lines []string
	for edit, hs := range broken {
		_, kind, _ := strings.Cut(edit, ", ")
		lines = append(lines, fmt.Sprintf("%s: %d of %d histories", edit, len(hs), kinds[ledger.SubjectKind(kind)]))
	}
	sort.Strings(lines)
	t.Logf("%d consumers and %d businesses, %d edits at two doses in %d variants, in %s; broken: %s",
		kinds[ledger.ConsumerSubject], kinds[ledger.BusinessSubject], len(counterfactuals), len(score.Variants()),
		time.Since(start).Round(time.Millisecond), strings.Join(append(lines, "none")[:max(1, len(lines))], "; "))
}

// checkHistory applies every counterfactual to a history at two doses and
// scores each in a variant's data, reporting what moved the wrong way.
func checkHistory(m *score.ScorecardModel, l *ledger.Ledger, v score.Variant, report func(edit, format string, args ...any)) {
	base := scoreOf(m, inVariant(l, v))
	if base == nil {
		return
	}
	noIncome := func(l *ledger.Ledger, s *score.Score, after string) {
		if v.Categories && !hasIncome(l) && s.Band <= "B" {
			report("no income seen", "%s %s scores band %s", v.Name, after, s.Band)
		}
	}
	noIncome(l, base, "as drawn")
	for _, c := range counterfactuals {
		last := base
		for dose := 1; dose <= 2; dose++ {
			edited := c.change(l, dose)
			got := scoreOf(m, inVariant(edited, v))
			if got == nil { // not scored: no income left to score on, which only a riskier edit may cause
				if c.safer {
					report(c.name, "%s dose %d is no longer scored", v.Name, dose)
				}
				break
			}
			if wrongWay(last, got, c.safer) {
				report(c.name, "%s dose %d: %d %s pd %.4f -> %d %s pd %.4f",
					v.Name, dose, last.Value, last.Band, last.PD12m, got.Value, got.Band, got.PD12m)
			}
			noIncome(edited, got, "after "+c.name)
			last = got
		}
	}
}

// inVariant returns a ledger as a variant sees it: without categories or
// without credit lines when the variant lacks them.
func inVariant(l *ledger.Ledger, v score.Variant) *ledger.Ledger {
	if v.Categories && v.CreditLine {
		return l
	}
	out := cloneLedger(l)
	for i := range out.Entries {
		if !v.Categories {
			out.Entries[i].Category = ""
		}
	}
	for i := range out.Accounts {
		if !v.CreditLine {
			out.Accounts[i].Limit, out.Accounts[i].HasLimit = 0, false
		}
	}
	return out
}

// wrongWay reports whether an edit moved a score against its direction.
func wrongWay(before, after *score.Score, safer bool) bool {
	if !safer {
		before, after = after, before
	}
	return after.Value < before.Value || after.PD12m > before.PD12m || after.Band > before.Band
}

// monotoneRequestDay is the request day of the suite's histories.
var monotoneRequestDay = scoredAt(monotonePopulation)

// scoreOf scores a ledger as the service does, or returns nil when the
// minimum scoring criteria refuse it.
func scoreOf(m *score.ScorecardModel, l *ledger.Ledger) *score.Score {
	s, _ := ScoreApplicant(m, l, monotoneRequestDay)
	return s
}

// monotonePopulation draws the suite's histories: applicants of both kinds
// from the training population's mix, with the generators' true categories.
var monotonePopulation = score.PopulationOptions{Seed: 77, Size: 250, Months: 13, TrueCategories: true}

// monotoneHistories returns the ledgers of the suite's population that
// the minimum scoring criteria let through.
func monotoneHistories(t *testing.T) []*ledger.Ledger {
	t.Helper()
	o := monotonePopulation
	all := make([]*ledger.Ledger, 2*o.Size)
	errs := make([]error, len(all))
	parallel(len(all), func(i int) {
		kind := ledger.ConsumerSubject
		if i%2 == 1 {
			kind = ledger.BusinessSubject
		}
		l, s, err := drawLedger(kind, o, i/2, nil)
		if errs[i] = err; err == nil && s.Refusal == "" {
			all[i] = l
		}
	})
	var out []*ledger.Ledger
	for i, l := range all {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if l != nil {
			out = append(out, l)
		}
	}
	return out
}

// parallel runs f(0..n-1) on every core.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
