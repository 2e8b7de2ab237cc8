package categorise

import (
	"sort"
	"strings"
)

// Channel is how money moved, as read from a bank description or given by the bank.
type Channel string

// The channels.
const (
	ChannelCard           Channel = "card"
	ChannelDirectDebit    Channel = "direct_debit"
	ChannelStandingOrder  Channel = "standing_order"
	ChannelFasterPayment  Channel = "faster_payment"
	ChannelBankGiroCredit Channel = "bank_giro_credit" //nolint:gosec // G101: a channel name, not a credential
	ChannelTransfer       Channel = "transfer"
	ChannelATM            Channel = "atm"
	ChannelCheque         Channel = "cheque"
	ChannelDeposit        Channel = "deposit"
	ChannelFee            Channel = "fee"
	ChannelInterest       Channel = "interest"
	ChannelOther          Channel = "other"
)

// channelOfMethod maps a bank-reported payment method to a channel; "" when unknown.
func channelOfMethod(method string) Channel {
	switch method {
	case "card", "pos", "contactless":
		return ChannelCard
	case "direct_debit", "dd":
		return ChannelDirectDebit
	case "standing_order", "so":
		return ChannelStandingOrder
	case "faster_payment", "fps", "bill_payment":
		return ChannelFasterPayment
	case "bacs", "bank_giro_credit", "bgc":
		return ChannelBankGiroCredit
	case "transfer":
		return ChannelTransfer
	case "atm", "cash":
		return ChannelATM
	case "cheque":
		return ChannelCheque
	case "deposit":
		return ChannelDeposit
	case "fee":
		return ChannelFee
	case "interest":
		return ChannelInterest
	}
	return ""
}

// channelPhrase is a run of words that names a channel, e.g. "DIRECT DEBIT PAYMENT TO".
type channelPhrase struct {
	words   []string
	channel Channel
	dir     int8 // +1 for "FROM" (money in), -1 for "TO" (money out), 0 when silent
}

// leadingPhrases are the channel words banks put before the payee, longest first within a
// first word. Codes that only appear after the payee are in trailingCodes.
var leadingPhrases = buildPhrases([]string{
	"card:CARD PAYMENT TO", "card:CARD PAYMENT AT", "card:CARD PAYMENT", "card:CARD PURCHASE AT",
	"card:CARD PURCHASE", "card:CARD TRANSACTION", "card:DEBIT CARD PAYMENT TO", "card:DEBIT CARD PAYMENT",
	"card:DEBIT CARD PURCHASE", "card:DEBIT CARD", "card:VISA PURCHASE", "card:VISA DEBIT PURCHASE",
	"card:VISA DEBIT", "card:VISA", "card:VIS", "card:POS", "card:CONTACTLESS PAYMENT", "card:CONTACTLESS",
	"card:APPLE PAY", "card:GOOGLE PAY", "card:PURCHASE AT", "card:PURCHASE", "card:DEB", "card:CPT AT",
	"card:ONLINE PURCHASE", "card:MASTERCARD PURCHASE", "direct_debit:DIRECT DEBIT PAYMENT TO", "direct_debit:DIRECT DEBIT PAYMENT", "direct_debit:DIRECT DEBIT TO",
	"direct_debit:DIRECT DEBIT", "direct_debit:DD", "direct_debit:D D", "direct_debit:DDR",
	"standing_order:STANDING ORDER TO", "standing_order:STANDING ORDER", "standing_order:STO",
	"faster_payment:FASTER PAYMENT TO", "faster_payment:FASTER PAYMENT FROM", "faster_payment:FASTER PAYMENTS TO",
	"faster_payment:FASTER PAYMENTS FROM", "faster_payment:FASTER PAYMENT RECEIVED FROM",
	"faster_payment:FASTER PAYMENT RECEIVED", "faster_payment:FASTER PAYMENTS RECEIVED",
	"faster_payment:FASTER PAYMENTS", "faster_payment:FASTER PAYMENT", "faster_payment:FPI",
	"faster_payment:FPO", "faster_payment:FPS", "faster_payment:FP", "faster_payment:BILL PAYMENT TO",
	"faster_payment:BILL PAYMENT FROM", "faster_payment:BILL PAYMENT", "faster_payment:PAYMENT TO",
	"faster_payment:PAYMENT FROM", "faster_payment:MOBILE PAYMENT TO", "faster_payment:MOBILE PAYMENT FROM",
	"faster_payment:MOBILE PAYMENT", "faster_payment:ONLINE PAYMENT TO", "faster_payment:ONLINE PAYMENT",
	"faster_payment:ONLINE BANKING PAYMENT", "faster_payment:BANK TRANSFER TO", "faster_payment:BANK TRANSFER FROM",
	"faster_payment:BANK TRANSFER", "faster_payment:SENT TO", "faster_payment:RECEIVED FROM",
	"faster_payment:PAYMENT RECEIVED FROM", "faster_payment:INWARD PAYMENT", "faster_payment:OUTWARD PAYMENT",
	"faster_payment:FASTER PAYMENTS RECEIPT", "faster_payment:FASTER PAYMENT RECEIPT", "faster_payment:FP CREDIT",
	"faster_payment:BP TO", "faster_payment:BILL PAYMENT VIA FASTER PAYMENT TO", "faster_payment:ONLINE TRANSFER TO",
	"faster_payment:ONLINE TRANSFER FROM", "faster_payment:ONLINE TRANSFER", "card:C L", "atm:C ATM",
	"faster_payment:VIA FASTER PAYMENT TO", "faster_payment:VIA FASTER PAYMENT", "faster_payment:DPC",
	"faster_payment:OTR", "faster_payment:PAYMENT RECEIVED FROM", "faster_payment:RECEIVED",
	"bank_giro_credit:CR FROM", "bank_giro_credit:CR", "bank_giro_credit:BAC", "bank_giro_credit:DIRECT CREDIT",
	"bank_giro_credit:BANK CREDIT", "bank_giro_credit:BACS CREDIT FROM", "bank_giro_credit:BACS CREDIT", "bank_giro_credit:BACS PAYMENT FROM",
	"bank_giro_credit:BACS", "bank_giro_credit:BGC", "bank_giro_credit:BANK GIRO CREDIT",
	"bank_giro_credit:GIRO CREDIT", "bank_giro_credit:AUTOMATED CREDIT", "bank_giro_credit:CREDIT FROM",
	"transfer:TRANSFER TO", "transfer:TRANSFER FROM", "transfer:INTERNAL TRANSFER TO",
	"transfer:INTERNAL TRANSFER FROM", "transfer:INTERNAL TRANSFER", "transfer:TRANSFER", "transfer:TFR TO",
	"transfer:TFR FROM", "transfer:TFR", "transfer:TRF TO", "transfer:TRF FROM", "transfer:TRF",
	"atm:CASH WITHDRAWAL AT", "atm:CASH WITHDRAWAL", "atm:ATM WITHDRAWAL", "atm:CASHPOINT", "atm:CASH MACHINE",
	"atm:LINK ATM", "atm:ATM", "atm:CPT", "atm:CASH WDL", "cheque:CHEQUE PAID IN", "cheque:CHEQUE DEPOSIT", "cheque:CHEQUE", "cheque:CHQ",
	"deposit:CASH DEPOSIT", "deposit:CASH PAID IN", "deposit:COUNTER CREDIT", "deposit:PAID IN AT",
	"deposit:DEP", "deposit:CASH IN",
})

// trailingCodes are the short channel codes banks print after the payee.
var trailingCodes = map[string]Channel{
	"DEB": ChannelCard, "POS": ChannelCard, "DD": ChannelDirectDebit, "DDR": ChannelDirectDebit,
	"SO": ChannelStandingOrder, "STO": ChannelStandingOrder, "BGC": ChannelBankGiroCredit,
	"BACS": ChannelBankGiroCredit, "FPI": ChannelFasterPayment, "FPO": ChannelFasterPayment,
	"FPS": ChannelFasterPayment, "BP": ChannelFasterPayment, "TFR": ChannelTransfer, "TRF": ChannelTransfer,
	"CPT": ChannelATM, "ATM": ChannelATM, "CHQ": ChannelCheque, "DEP": ChannelDeposit,
}

// trailingDir says which way a trailing code moves money.
var trailingDir = map[string]int8{"FPI": 1, "FPO": -1, "BGC": 1}

// buildPhrases indexes "channel:WORDS" specs by their first word, longest first.
func buildPhrases(specs []string) map[string][]channelPhrase {
	out := map[string][]channelPhrase{}
	for _, spec := range specs {
		colon := strings.IndexByte(spec, ':')
		p := channelPhrase{words: strings.Fields(spec[colon+1:]), channel: Channel(spec[:colon])}
		switch p.words[len(p.words)-1] {
		case "FROM":
			p.dir = 1
		case "TO":
			p.dir = -1
		}
		out[p.words[0]] = append(out[p.words[0]], p)
	}
	for _, list := range out {
		sort.SliceStable(list, func(i, j int) bool { return len(list[i].words) > len(list[j].words) })
	}
	return out
}
