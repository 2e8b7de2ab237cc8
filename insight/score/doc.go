// Package score is the credit scorecards at run time: it scores a subject's
// KPIs with the model shipped in data/scorecard_model.json (DefaultScorecards)
// and gives a 12-month probability of default, a score of 0–1000, a band
// (A to E), the variant the data allowed, a confidence and the reasons that
// cost the most points (ScoreLedger, ScorecardModel.Score).
//
// A subject is scored only when its data meets the minimum scoring criteria
// (Eligibility, Assess): enough history, enough transactions, money coming
// in and data no older than ledger.UnscorableAfterDays; otherwise there is
// no score but a NotScoredReason. A subject in whom no income was seen is
// never in band A or B, and the confidence falls as the data ages and with
// the share of uncertain risk entries in the KPIs.
//
// Consumers (individuals and sole traders) and businesses each have a
// scorecard: characteristics read from the KPIs of the 365-day window, cut
// into bins with a weight of evidence each, one logistic regression per
// variant (full, no-credit-line, no-categories, basic) by the data a ledger
// offers, and a recalibration of each regression (Calibration).
//
// The score is monotone by construction in income and in risk events: each
// characteristic moves one way only when a regular income is added or all
// income taken away, and when gambling, fees, short-term credit or debt
// collection is added (counts, shares of income, order statistics of monthly
// money in, balances, and balances and flows scaled by cover: over a month's
// money out when positive, over a month's money in when negative); each declares the
// direction its weights of evidence must follow, and ReadScorecards refuses a
// model whose weights, coefficients or calibration would break it.
// insight/train's TestScoreIsMonotone checks it on hundreds of histories.
//
// The model is fitted offline by insight/train, which reads the
// characteristics and variants through Characteristics, CharacteristicValues
// and Variants; data/scorecard_card.md and data/scorecard_validation.md, its
// card and its validation, are written beside it.
//
// It imports insight/ledger and insight/kpi; insight/report reads its scores.
package score
