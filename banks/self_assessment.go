package banks

import "time"

// selfAssessment is income tax a higher earner pays HMRC outside PAYE: the
// balancing payment and the first payment on account in January, the second
// payment on account in July, by faster payment quoting the UTR.
type selfAssessment struct {
	utr       string
	liability int64 // the year's tax due outside PAYE
	dom       int   // the day of January and July the subject pays
	owing     int64 // due but not yet paid because the account could not afford it
}

// newSelfAssessment draws a subject's self-assessed tax, or returns nil when
// all their tax is paid through PAYE.
func newSelfAssessment(l *ledger, perMille int, pay int64) *selfAssessment {
	if !l.chance(perMille) {
		return nil
	}
	return &selfAssessment{utr: mandate(l, 10), liability: l.between(pay*25/100, pay*110/100),
		dom: 10 + l.rng.IntN(20)}
}

// monthly is the tax put by each month; zero without self assessment.
func (a *selfAssessment) monthly() int64 {
	if a == nil {
		return 0
	}
	return a.liability / 12
}

// day adds the payment due today to what is owed and pays it when the account allows.
func (a *selfAssessment) day(l *ledger, info *dayInfo) {
	if info.dom == a.dom && (info.month == time.January || info.month == time.July) {
		a.owing += a.liability / 2
		if info.month == time.January {
			a.owing += l.between(-a.liability/10, a.liability/5)
			a.liability = a.liability * l.between(97, 110) / 100
		}
	}
	if a.owing > 0 && l.fasterOut("HMRC SELF ASSESSMENT", a.utr+"K", a.owing, "taxes.personal") {
		a.owing = 0
	}
}
