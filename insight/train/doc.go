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
// The scorecards are fitted on a synthetic population (DrawPopulation): each
// subject's latent risk, its ledger from the mock banks' persona generator
// (PersonaLedger, LedgerFromBank), categorised as the ingest does, and a
// default drawn from the risk. Each characteristic is cut into monotone bins
// with a weight of evidence, each variant gets a ridge-penalised logistic
// regression, and the model is validated on a holdout drawn apart
// (BuildScorecards, ValidateScorecards); WriteCard and
// Validation.WriteMarkdown write the card and the validation tables. The
// output is the same for the same options.
//
// It imports every other insight package and openbank/banks; nothing but
// offline commands and tests imports it.
package train
