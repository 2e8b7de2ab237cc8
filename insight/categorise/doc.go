// Package categorise assigns the taxonomy's codes to bank transactions at run time, for
// statement lines of UK and Irish banks and of French, German, Spanish, Italian, Dutch and
// Belgian ones.
//
// A description goes through these steps, the first that answers wins:
//
//  1. Normalise: the description is split into upper-case words, accents folded; SEPA field
//     labels ("/DE", "/MOTIF", "SVWZ+", "EREF+", "Naam:", "/NAME/", …) rewrite it as payee
//     then purpose, identifiers dropped; the channel phrases and codes banks print (the UK's
//     in channel.go, each continental language's in data/keywords_<lang>.tsv: "PRLV SEPA",
//     "CB … 12/03", "Kartenzahlung", "COMPRA TARJ.", "ADDEBITO SDD", "Betaalautomaat", …),
//     payment processor prefixes, dates, times, card numbers, IBANs, references,
//     exchange-rate text, web suffixes, places and legal forms are taken off, leaving the
//     payee's words, its merchant key, the purpose and the channel.
//  2. Language: the keyword lists' channel phrases, labels, keywords and marker words vote
//     for the line's language; a keyword that means different things in two languages is
//     read in the line's, or, when its words do not tell, only for what all agree on.
//  3. Overrides: a client's correction for the merchant key wins with confidence 1.
//  4. Own accounts: a transfer to or from one of the subject's own accounts or names.
//  5. Bank rules: fees, overdraft costs, returned-payment fees, cash, interest, card takings,
//     invoices, councils, taxes, rent, wages, benefits, pensions, credit by product, savings,
//     refunds and payroll, read from the words (the UK's word sets and the kinds the keyword
//     lists give), the direction and the channel.
//  6. Dictionary: the UK's merchants and organisations (data/merchants.tsv) and France's,
//     Germany's, Spain's, Italy's, the Netherlands' and Belgium's (data/merchants_<cc>.tsv),
//     matched on whole words, each with a category for money out and one for money in,
//     variants for direct debits and business subjects, and roles for banks, HMRC and the
//     benefits agencies whose leaf depends on the words around them. An alias two countries
//     give two categories is read in the line's language; a one-word alias that is a common
//     word (data/common_words.tsv) never decides a risk category on its own.
//     When the description names no merchant (a PSD2 feed's purpose, "Rechnung 4711"), the
//     bank's counterparty name is looked up too, and a brand found there counts.
//  7. Payment rules: transfers the dictionary does not know, by who is on the other side
//     (a person's name, a company, rent, payroll, suppliers), donations and school fees, then
//     generic words such as "PHARMACY" or "APOTHEKE" from the dictionary's weak entries.
//  8. Model: a multinomial naive Bayes classifier over hashed character 3- to 5-grams and
//     words of the payee, reference words, channel, direction and amount band
//     (data/model.bin.gz), limited to the codes that fit the direction of the money, its
//     probability calibrated per language group to the share of its answers found right.
//  9. Threshold: below DefaultThreshold a guess falls back to its primary's "other" leaf
//     where one exists (income.other), else it stays the best guess with its low confidence.
//
// A consumer's transaction never takes a business code. Confidence is 1 for overrides
// only, about 0.95 for dictionary brands, 0.88 for generic dictionary words, 0.6 to 0.97 for
// rules by how specific they are, and the model's calibrated confidence, at most 0.97.
//
// The model is trained offline, outside the server, by insight/train on synthetic
// descriptions rendered from the dictionary in the formats of each merchant's country's
// banks, with amounts typical of each code, invented people and employers of each country,
// and the tuning halves of the hand-labelled evaluation sets (testdata/eval*_tune.tsv),
// never the held-out halves; `insight-train categoriser` (cmd/insight-train) writes
// data/model.bin.gz. This package decodes it and gives training its hooks: ModelBuilder,
// TrainingMerchants and the model's calibration.
//
// Categorise works on one transaction without history, for enrichment; CategoriseHistory
// takes one subject's transactions and also finds payers who pay at a steady rhythm and,
// for a subject of unknown kind, whether it is a business. CategoriserVersion is stored with
// each result so that a newer version can categorise again.
package categorise
