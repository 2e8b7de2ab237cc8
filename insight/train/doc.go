// Package train fits, offline, the models the insight packages ship: the
// categoriser's fallback model (insight/categorise/data/model.bin.gz) and the
// two scorecards (insight/score/data/scorecard_model.json, with the card and
// the validation tables beside it). The server never imports it; the
// insight-train command (cmd/insight-train) and the benchmarks do.
//
// The categoriser's model is counted (TrainModel, TrainCategoriser) on
// synthetic descriptions rendered from the dictionary's merchants in the
// formats of UK banks (SyntheticExamples) and on the tuning half of the
// hand-labelled evaluation set (ReadExamples), through categorise's
// ModelBuilder and TrainingMerchants. The defaults reproduce the embedded
// model byte for byte.
//
// The scorecards are fitted on a synthetic population of applicants
// (DrawPopulation): each subject's latent risk, what it brings from the
// applicant mix (Applicant: its country's statements, a thin file, no
// income or cash, a bank charging penalty interest, data weeks old), its
// ledger from the mock banks' persona generator (ApplicantLedger,
// LedgerFromBank), categorised as the ingest does, the minimum scoring
// criteria (score.Eligibility, through ScoreApplicant as the service scores),
// and a default drawn from the risk, thin files and no income riskier. Each
// characteristic is cut into monotone bins with a weight of evidence, each
// variant gets a ridge-penalised logistic regression and an isotonic
// calibration on out-of-fold predictions, and the model is validated on a
// holdout drawn apart (BuildScorecards, ValidateScorecards); WriteCard,
// Validation.WriteMarkdown and Validation.WriteSummary write the card, the
// validation tables and their summary in docs/insight.md. The output is the
// same for the same options. TestScoreIsMonotone checks, on the mix's
// histories, that the score never moves the wrong way as income is added or
// taken away and risk events are added.
//
// It imports every other insight package and openbank/banks; nothing but
// offline commands and tests imports it.
package train
