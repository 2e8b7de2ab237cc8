package categorise

import (
	"strings"

	"openbank/insight/ledger"
)

// input is one transaction read for deciding: its words, direction and context.
type input struct {
	tx        *Transaction
	s         *Profile
	own       *ownSide // the subject's own accounts and names, read once per call
	p         parsed
	key       string  // the merchant key of p
	in        bool    // money in
	channel   Channel // as the bank says, else as the description says
	kind      Kind
	recurring bool // in a history: the payer pays regularly
}

// read parses a transaction for a subject whose own side is own.
func (in *input) read(tx *Transaction, s *Profile, own *ownSide) {
	in.tx, in.s, in.own = tx, s, own
	desc := tx.Description
	if strings.TrimSpace(desc) == "" {
		desc = tx.Counterparty
	}
	in.p.parse(desc)
	in.key = in.p.key()
	in.in = tx.Amount > 0
	in.channel = channelOfMethod(tx.Method)
	if in.channel == "" {
		in.channel = in.p.channel
	}
	if in.channel == "" {
		in.channel = ChannelOther
	}
	in.kind = s.kindOrUnknown()
	in.recurring = false
}

// business reports whether the subject is, or this transaction reads as, a business's.
func (in *input) business() bool {
	return in.kind == KindBusiness || in.kind == KindUnknown && in.businessSignal()
}

// businessSignal reports words only a business's transactions carry: invoices, purchase
// orders, business taxes.
func (in *input) businessSignal() bool {
	return in.p.hasAny(businessWords) || in.p.invoice() || in.p.is(kBusinessTax)
}

// prefixIn reports whether a word is a set member followed by digits, e.g. "INV1234".
func prefixIn(w string, set map[string]bool) bool {
	i := len(w)
	for i > 0 && w[i-1] >= '0' && w[i-1] <= '9' {
		i--
	}
	return i < len(w) && i > 0 && set[w[:i]]
}

// override returns the client's correction for a merchant key.
func (in *input) override(key string) (string, bool) {
	if in.s == nil || in.s.Overrides == nil {
		return "", false
	}
	code, ok := in.s.Overrides[key]
	return code, ok && ledger.Valid(code)
}

// ownTransfer reports whether the other side is one of the subject's own accounts or names.
func (in *input) ownTransfer() bool {
	if in.own == nil {
		return false
	}
	if len(in.own.accounts) > 0 {
		other := compactAccount(in.tx.CounterpartyAccount)
		for i := range in.own.accounts {
			a := &in.own.accounts[i]
			if sameAccount(a.compact, other) || in.p.mentions(a) {
				return true
			}
		}
	}
	if in.channel == ChannelCard || in.channel == ChannelDirectDebit {
		return false
	}
	for i := range in.own.names {
		if in.p.payeeIs(&in.own.names[i]) {
			return true
		}
	}
	return false
}
