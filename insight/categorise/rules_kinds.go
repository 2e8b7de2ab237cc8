package categorise

import "openbank/insight/ledger"

// The rules below read what the keyword lists' phrases say (parsed.kinds) in the line's
// language: continental channel texts, fees, credit, taxes, rent and savings.

// kindFeeRule finds overdraft costs and returned-payment fees by their words: "AGIOS",
// "Sollzinsen", "INTERESES DEUDORES", "FRAIS REJET", "Rücklastschriftgebühr", "COMMISSIONE
// INSOLUTO", "Storneringskosten".
func (in *input) kindFeeRule() verdict {
	p := &in.p
	switch {
	case in.in:
		return verdict{}
	case p.is(kFeeReturned) || p.is(kReturned) && p.is(kFee|kFeeOverdraft):
		return say(ledger.FeesReturned, 0.95)
	case p.is(kFeeOverdraft):
		return say(ledger.FeesOverdraft, 0.95)
	}
	return verdict{}
}

// kindBankFeeRule finds the bank's own charges: a fee word on a line that is not a payment
// to someone else (no direct debit, card or standing order), or one to a bank or card issuer.
func (in *input) kindBankFeeRule(h hit) verdict {
	p := &in.p
	if in.in || !p.is(kFee) {
		return verdict{}
	}
	if h.m != nil && !h.m.weak && h.m.role != roleBank && ledger.Primary(h.m.out) != "credit" {
		return verdict{}
	}
	switch in.channel {
	case ChannelDirectDebit, ChannelCard, ChannelStandingOrder:
		if h.m == nil || h.m.weak {
			return verdict{}
		}
	}
	return say(ledger.FeesBank, 0.9)
}

// kindTaxRule finds local and business taxes paid: "TAXE FONCIERE", "Grundsteuer", "IBI",
// "IMU", "gemeentebelastingen"; "TVA", "Umsatzsteuer", "IVA", "omzetbelasting".
func (in *input) kindTaxRule() verdict {
	p := &in.p
	if in.in {
		return verdict{}
	}
	switch {
	case p.is(kCouncilTax):
		return say(in.merchantCode(&merchant{out: ledger.HousingCouncilTax}, true), 0.9)
	case p.is(kBusinessTax):
		return say(ledger.BusinessTax, 0.9)
	}
	return verdict{}
}

// kindRentRule finds rent paid: "LOYER", "Miete", "ALQUILER", "AFFITTO", "huur"; for
// business premises ("LOCAL COMMERCIAL", "Gewerbemiete", "bedrijfsruimte") business rent.
func (in *input) kindRentRule() verdict {
	p := &in.p
	if in.in || in.channel == ChannelCard || !p.is(kRent) {
		return verdict{}
	}
	if p.is(kPremises) {
		return say(ledger.BusinessRent, 0.9)
	}
	return say(in.merchantCode(&merchant{out: ledger.HousingRent}, true), 0.9)
}

// kindOwnRule finds money moved to or from the subject's own savings: "LIVRET A",
// "Tagesgeld", "CUENTA AHORRO", "CONTO DEPOSITO", "spaarrekening".
func (in *input) kindOwnRule() verdict {
	if in.channel == ChannelCard || !in.p.is(kOwnTransfer) {
		return verdict{}
	}
	return say(ledger.TransferOwn, 0.9)
}

// kindSettlementRule finds card takings paid to a business: "REMISE CB", "ABONO TPV",
// "ACCREDITO POS", "INCASSI".
func (in *input) kindSettlementRule() verdict {
	if !in.in || !in.p.is(kCardSettlement) {
		return verdict{}
	}
	return say(ledger.BusinessCardSettlement, 0.9)
}

// kindEducationRule finds school, nursery and tuition fees: "FRAIS DE SCOLARITE",
// "Elternbeitrag", "MATRICULA", "RETTA", "schoolgeld".
func (in *input) kindEducationRule() verdict {
	if in.in || !in.p.is(kEducation) {
		return verdict{}
	}
	return say(ledger.LivingEducation, 0.88)
}

// kindCharityRule finds donations: "DON", "Spende", "DONATIVO", "DONAZIONE", "gift".
func (in *input) kindCharityRule() verdict {
	if in.in || !in.p.is(kCharity) {
		return verdict{}
	}
	return say(ledger.LivingCharity, 0.88)
}
