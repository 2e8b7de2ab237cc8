package categorise

// kinds is what the words of a description say, as bits: how the money moved, which field
// of a SEPA text follows, and what the transaction is.
type kinds uint64

// The kinds a keyword list (data/keywords_<lang>.tsv) gives its phrases.
const (
	kCard          kinds = 1 << iota // channel: a card payment
	kDirectDebit                     // channel: a direct debit
	kTransfer                        // channel: a credit transfer
	kTransferIn                      // channel: a credit transfer received
	kTransferOut                     // channel: a credit transfer sent
	kStandingOrder                   // channel: a standing order
	kCashOut                         // channel: cash taken out
	kCashIn                          // channel: cash paid in
	kLabelPayee                      // a field label: the other party's name follows
	kLabelPurpose                    // a field label: the payment's purpose follows
	kLabelNoise                      // a field label: an identifier follows
	kLabelChannel                    // a field label: the transaction type follows
	kBare                            // a label that counts without its punctuation
	kLink                            // a word between a channel phrase and the payee
	kMarker                          // says only which language a line is in
	kNeutral                         // a phrase whose words must not count alone
	kPerson                          // a person is on the other side
	kSalary
	kPension
	kBenefit
	kLoan
	kLoanPayout
	kMortgage
	kCardRepayment
	kStudentLoan
	kBNPL
	kPayday
	kSalaryAdvance
	kFeeOverdraft
	kFeeReturned
	kReturned
	kFee
	kRefund
	kInterest
	kTaxPersonal
	kCouncilTax
	kBusinessTax
	kRent
	kPremises
	kOwnTransfer
	kCharity
	kCash
	kInvoice
	kGambling       // a word of betting or lotteries, which a common word needs beside it
	kCardSettlement // card takings paid out to a business: "REMISE CB", "ABONO TPV", "ACCREDITO POS"
	kEducation      // school, nursery and tuition fees
)

// Groups of kinds.
const (
	kChannels = kCard | kDirectDebit | kTransfer | kTransferIn | kTransferOut | kStandingOrder | kCashOut | kCashIn
	kLabels   = kLabelPayee | kLabelPurpose | kLabelNoise | kLabelChannel
	kCredit   = kLoan | kMortgage | kCardRepayment | kStudentLoan | kBNPL | kPayday
	kIncome   = kSalary | kPension | kBenefit
	kTaxes    = kTaxPersonal | kCouncilTax | kBusinessTax
	// kMeanings are the kinds that say what a transaction is, not how it is written.
	kMeanings = kNeutral | kSalary | kPension | kBenefit | kLoan | kLoanPayout | kMortgage | kCardRepayment |
		kStudentLoan | kBNPL | kPayday | kSalaryAdvance | kFeeOverdraft | kFeeReturned | kReturned | kFee |
		kRefund | kInterest | kTaxes | kRent | kPremises | kOwnTransfer | kCharity | kCash | kInvoice |
		kGambling | kCardSettlement | kEducation
)

// kindNames are the names keyword lists use.
var kindNames = map[string]kinds{
	"channel.card": kCard, "channel.direct_debit": kDirectDebit, "channel.transfer": kTransfer,
	"channel.transfer_in": kTransfer | kTransferIn, "channel.transfer_out": kTransfer | kTransferOut,
	"channel.standing_order": kStandingOrder, "channel.cash_withdrawal": kCashOut, "channel.cash_deposit": kCashIn,
	"label.payee": kLabelPayee, "label.purpose": kLabelPurpose, "label.noise": kLabelNoise,
	"label.channel": kLabelChannel, "bare": kBare, "link": kLink, "marker": kMarker, "neutral": kNeutral,
	"person": kPerson, "salary": kSalary, "pension": kPension, "benefit": kBenefit, "loan": kLoan,
	"loan_payout": kLoanPayout, "mortgage": kMortgage, "card_repayment": kCardRepayment,
	"student_loan": kStudentLoan, "bnpl": kBNPL, "payday": kPayday, "salary_advance": kSalaryAdvance,
	"fee_overdraft": kFeeOverdraft, "fee_returned": kFeeReturned, "returned": kReturned, "fee": kFee,
	"refund": kRefund, "interest": kInterest, "tax_personal": kTaxPersonal, "council_tax": kCouncilTax,
	"business_tax": kBusinessTax, "rent": kRent, "premises": kPremises, "own_transfer": kOwnTransfer,
	"charity": kCharity, "cash": kCash, "invoice": kInvoice, "gambling": kGambling,
	"card_settlement": kCardSettlement, "education": kEducation,
}

// channel is the channel a phrase's kinds name, "" for none.
func (k kinds) channel() Channel {
	switch {
	case k&kCard != 0:
		return ChannelCard
	case k&kDirectDebit != 0:
		return ChannelDirectDebit
	case k&kStandingOrder != 0:
		return ChannelStandingOrder
	case k&kCashOut != 0:
		return ChannelATM
	case k&kCashIn != 0:
		return ChannelDeposit
	case k&kTransfer != 0:
		return ChannelTransfer
	}
	return ""
}

// has reports whether any of the kinds in m is set.
func (k kinds) has(m kinds) bool { return k&m != 0 }
