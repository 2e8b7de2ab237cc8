package train

import (
	"openbank/banks"
	"openbank/insight/ledger"
	"openbank/insight/score"
)

// SegmentRow describes a part of a population: how many were drawn, how
// many the minimum scoring criteria let through, and how the scored fared.
type SegmentRow struct {
	Kind        ledger.SubjectKind `json:"kind"`
	Segment     string             `json:"segment"`
	Drawn       int                `json:"drawn"`
	Scored      int                `json:"scored"`
	DefaultRate float64            `json:"defaultRate"` // of the scored
	MeanPD      float64            `json:"meanPd"`      // the model's mean prediction for the scored; 0 without a model
}

// segment is a named part of a population.
type segment struct {
	name string
	in   func(s *Subject) bool
}

// segments are the parts of the applicant mix the validation describes.
var segments = func() []segment {
	out := []segment{{"all", func(*Subject) bool { return true }},
		{"British statements", func(s *Subject) bool { return s.Applicant.Persona.Country == "" }}}
	for _, c := range banks.Countries() {
		out = append(out, segment{c + " statements", func(s *Subject) bool { return s.Applicant.Persona.Country == c }})
	}
	return append(out,
		segment{"thin file (3 weeks to 11 months)", func(s *Subject) bool { return s.Applicant.HistoryDays > 0 }},
		segment{"no income, family money", func(s *Subject) bool { return s.Applicant.Persona.Income == banks.IncomeNone }},
		segment{"cash in hand or cash takings", func(s *Subject) bool { return s.Applicant.Persona.Income == banks.IncomeCash }},
		segment{"bank charging penalty interest", func(s *Subject) bool { return s.Applicant.Persona.PenaltyInterest }},
		segment{"data 32 to 45 days old", func(s *Subject) bool {
			return s.Applicant.AgeDays > ledger.StaleAfterDays && s.Applicant.AgeDays <= ledger.UnscorableAfterDays
		}},
		segment{"data over 45 days old", func(s *Subject) bool { return s.Applicant.AgeDays > ledger.UnscorableAfterDays }},
	)
}()

// segmentRows describes every segment of both kinds of a population, with
// the model's predictions when m is not nil.
func segmentRows(m *score.ScorecardModel, pop *Population) []SegmentRow {
	var out []SegmentRow
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		subjects := pop.Consumers
		if kind == ledger.BusinessSubject {
			subjects = pop.Businesses
		}
		for _, seg := range segments {
			r := SegmentRow{Kind: kind, Segment: seg.name}
			var pd float64
			bads := 0
			for i := range subjects {
				s := &subjects[i]
				if !seg.in(s) {
					continue
				}
				r.Drawn++
				if s.Refusal != "" {
					continue
				}
				r.Scored++
				if s.Default {
					bads++
				}
				if m != nil {
					pd += m.Score(s.KPIs).PD12m
				}
			}
			if r.Drawn == 0 {
				continue
			}
			if r.Scored > 0 {
				r.DefaultRate, r.MeanPD = round4(float64(bads)/float64(r.Scored)), round4(pd/float64(r.Scored))
			}
			out = append(out, r)
		}
	}
	return out
}

// RefusalRow counts the applicants of a kind that the minimum scoring
// criteria refused for a reason.
type RefusalRow struct {
	Population string                `json:"population"` // training or holdout
	Kind       ledger.SubjectKind    `json:"kind"`
	Reason     score.NotScoredReason `json:"reason"`
	Subjects   int                   `json:"subjects"`
}

// refusalRows counts a population's refusals by kind and reason.
func refusalRows(name string, pop *Population) []RefusalRow {
	var out []RefusalRow
	for _, kind := range []ledger.SubjectKind{ledger.ConsumerSubject, ledger.BusinessSubject} {
		subjects := pop.Consumers
		if kind == ledger.BusinessSubject {
			subjects = pop.Businesses
		}
		for _, reason := range score.NotScoredReasons() {
			n := 0
			for i := range subjects {
				if subjects[i].Refusal == reason {
					n++
				}
			}
			if n > 0 {
				out = append(out, RefusalRow{Population: name, Kind: kind, Reason: reason, Subjects: n})
			}
		}
	}
	return out
}
