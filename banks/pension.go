package banks

import "time"

// pension is a pension paid into the household's current account: the state
// pension every four weeks, or a private pension or annuity every month.
type pension struct {
	payer, ref string
	amount     int64 // one payment at April 2024 rates
	dom        int   // a private pension's day of the month; zero for the state pension
	next       day   // the state pension's next payment day
}

// newPension draws the household's pension, or returns nil when it draws none.
func newPension(s *sim, l *ledger, perMille int) *pension {
	if !l.chance(perMille) {
		return nil
	}
	if l.chance(400) {
		next := s.start + day(l.rng.IntN(28))
		for next.weekday() == time.Saturday || next.weekday() == time.Sunday {
			next++
		}
		return &pension{payer: "DWP SP", ref: nationalInsurance(l), amount: l.between(62000, 88000), next: next}
	}
	return &pension{payer: pick(l, pensionFirms), ref: "PENSION " + mandate(l, 8),
		amount: l.between(25000, 90000), dom: 1 + l.rng.IntN(28)}
}

// monthly is the pension's average income a month; zero without a pension.
func (p *pension) monthly() int64 {
	switch {
	case p == nil:
		return 0
	case p.dom == 0:
		return p.amount * 13 / 12
	}
	return p.amount
}

// day pays the pension when due, uprated by 4 % each April.
func (p *pension) day(s *sim, l *ledger) {
	if p.dom > 0 && !s.payday(p.dom) || p.dom == 0 && s.today != p.next {
		return
	}
	if p.dom == 0 {
		p.next += 28
	}
	info := s.info()
	years := info.year - 2024
	if info.month < time.April {
		years--
	}
	l.bacsCredit(p.payer, p.ref, p.amount*int64(100+4*years)/100, "income.pension")
}

// nationalInsurance draws a National Insurance number, the state pension's reference.
func nationalInsurance(l *ledger) string {
	const prefix, suffix = "ABCEGHJKLMNPRSTWXYZ", "ABCD"
	return string(prefix[l.rng.IntN(len(prefix))]) + string(prefix[l.rng.IntN(len(prefix))]) +
		mandate(l, 6) + string(suffix[l.rng.IntN(len(suffix))])
}
