// Package categorise assigns the taxonomy's codes to bank transactions at run time.
//
// A description goes through these steps, the first that answers wins:
//
//  1. Normalise: the description is split into upper-case words; the channel phrases and
//     codes UK banks print ("CARD PAYMENT TO", "DEB", "D/D", "BGC", "FPI", "CPT", …), payment
//     processor prefixes ("PAYPAL *", "SQ *", "ZETTLE_*", …), dates, times, store numbers,
//     card suffixes, references, exchange-rate text, web suffixes and trailing places are
//     taken off, leaving the payee's words, its merchant key and the channel.
//  2. Overrides: a client's correction for the merchant key wins with confidence 1.
//  3. Own accounts: a transfer to or from one of the subject's own accounts or names.
//  4. Bank rules: fees, overdraft costs, returned-payment fees, cash, interest, invoices,
//     councils, wages, pensions and payroll, read from the words, direction and channel.
//  5. Dictionary: about 1,500 UK merchants and organisations (data/merchants.tsv) with their
//     aliases, each with a category for money out and one for money in (a shop's refund is
//     income.other, a lender's payout credit.inflow, a card acquirer's payout
//     business.card_settlement), variants for direct debits and business subjects, and roles
//     for banks, HMRC and the benefits agencies whose leaf depends on the words around them.
//  6. Payment rules: transfers the dictionary does not know, by who is on the other side
//     (a person's name, a company, rent, payroll, suppliers), then generic words such as
//     "PHARMACY" or "TAXI" from the dictionary's weak entries.
//  7. Model: a multinomial naive Bayes classifier over hashed character 3- to 5-grams and
//     words of the payee, reference words, channel, direction and amount band
//     (data/model.bin.gz), limited to the codes that fit the direction of the money.
//  8. Threshold: below DefaultThreshold a guess falls back to its primary's "other" leaf
//     where one exists (income.other), else it stays the best guess with its low confidence.
//
// Confidence is 1 for overrides, about 0.95 for dictionary brands, 0.75 for generic
// dictionary words, 0.6 to 0.97 for rules by how specific they are, and the model's
// tempered posterior probability for the model.
//
// The model is trained offline, outside the server, by insight/train on synthetic
// descriptions rendered from the dictionary in the formats of UK banks (card, direct
// debit, standing order, faster payment, bank giro credit) with amounts typical of each
// code, synthetic names built from generic UK business-name words ("… PHARMACY",
// "… TAXIS", "THE … ARMS"), and the tuning half of the hand-labelled evaluation set
// (testdata/eval_tune.tsv), never the held-out half; `insight-train categoriser`
// (cmd/insight-train) writes data/model.bin.gz. This package decodes it and gives
// training two hooks: ModelBuilder and TrainingMerchants.
//
// Categorise works on one transaction without history, for enrichment; CategoriseHistory
// takes one subject's transactions and also finds payers who pay at a steady rhythm and,
// for a subject of unknown kind, whether it is a business. CategoriserVersion is stored with
// each result so that a newer version can categorise again.
package categorise
