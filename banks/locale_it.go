package banks

import "time"

// italian prints statements as Italian banks do (Intesa Sanpaolo,
// UniCredit, BPER, Banco BPM, Poste): PAGAMENTO POS, ADDEBITO SDD,
// BONIFICO A VOSTRO FAVORE, PRELIEVO BANCOMAT.
var italian = locale{
	country: "IT",
	bban: func(id uint64) string {
		return string(rune('A'+id%26)) + "03069" + pad(id/11%100000, 5) + pad(id/13%1000000000000, 12)
	},
	cities: []string{"ROMA", "MILANO", "NAPOLI", "TORINO", "PALERMO", "GENOVA", "BOLOGNA", "FIRENZE", "BARI", "VERONA", "PADOVA", "CATANIA"},
	names: map[role][]string{
		rGroceries:    {"ESSELUNGA", "COOP", "CONAD", "CARREFOUR MARKET", "LIDL ITALIA", "EUROSPIN", "PAM", "IPERCOOP", "TIGROS"},
		rEatingOut:    {"MCDONALDS", "AUTOGRILL", "BAR CENTRALE", "JUST EAT", "GLOVO", "OLD WILD WEST", "ROADHOUSE", "PIZZERIA DA MARIO"},
		rTransport:    {"TRENITALIA", "ATM MILANO", "ENI STATION", "Q8", "ITALO", "ATAC ROMA", "TAMOIL", "TELEPASS"},
		rShopping:     {"AMAZON IT", "MEDIAWORLD", "UNIEURO", "ZARA", "OVS", "DECATHLON", "IKEA", "LEROY MERLIN", "TIGOTA"},
		rHealth:       {"FARMACIA COMUNALE", "FARMACIA SAN MARCO", "ACQUA E SAPONE", "SALMOIRAGHI E VIGANO"},
		rLeisure:      {"THE SPACE CINEMA", "UCI CINEMAS", "STEAM", "PLAYSTATION", "TICKETONE"},
		rTravel:       {"ITA AIRWAYS", "RYANAIR", "TRENITALIA FRECCE", "BOOKING.COM", "EASYJET"},
		rTobacco:      {"TABACCHERIA N 45", "BAR TABACCHI ROMA"},
		rBookmaker:    {"SNAI", "SISAL", "LOTTOMATICA", "EUROBET", "GOLDBET"},
		rLottery:      {"LOTTOMATICA GRATTA E VINCI"},
		rStreaming:    {"NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "DAZN", "SKY ITALIA"},
		rSchool:       {"MENSA SCOLASTICA"},
		rBNPL:         {"SCALAPAY", "KLARNA", "HEYLIGHT"},
		rMortgage:     {"INTESA SANPAOLO MUTUO", "UNICREDIT MUTUO", "BPER MUTUO CASA"},
		rLocalTax:     {"COMUNE TARI", "AGENZIA ENTRATE RISCOSSIONE"},
		rEnergy:       {"ENEL ENERGIA", "ENI PLENITUDE", "EDISON ENERGIA", "A2A ENERGIA", "HERA COMM"},
		rWater:        {"ACEA ATO 2", "METROPOLITANA MILANESE", "ACQUEDOTTO PUGLIESE"},
		rMobile:       {"TIM", "VODAFONE ITALIA", "WINDTRE", "ILIAD ITALIA", "HO MOBILE"},
		rBroadband:    {"TIM FIBRA", "FASTWEB", "VODAFONE FIBRA", "WINDTRE CASA"},
		rInsurer:      {"GENERALI ITALIA", "UNIPOLSAI", "ALLIANZ DIRECT", "REALE MUTUA"},
		rGym:          {"MCFIT ITALIA", "VIRGIN ACTIVE", "GETFIT"},
		rCarFinance:   {"FCA BANK", "SANTANDER CONSUMER BANK", "AGOS DUCATO"},
		rTVLicence:    {"CANONE RAI"},
		rCharity:      {"UNICEF ITALIA", "EMERGENCY", "CROCE ROSSA ITALIANA"},
		rStudentLoan:  {"PRESTITO STUDENTI INTESA"},
		rEducation:    {"ASILO NIDO GIRASOLE", "SCUOLA DI MUSICA", "UNIVERSITA TASSE"},
		rPayday:       {"FINDOMESTIC", "AGOS", "COMPASS", "YOUNITED ITALIA"},
		rLandlord:     {"IMMOBILIARE ROSSI", "G BIANCHI", "STUDIO TECNOCASA"},
		rCollector:    {"INTRUM ITALY", "DOVALUE", "HOIST ITALIA", "KRUK ITALIA"},
		rSavings:      {"CONTO DEPOSITO"},
		rPerson:       {"ROSSI MARCO", "RUSSO GIULIA", "FERRARI LUCA", "ESPOSITO SARA", "BIANCHI ANDREA", "ROMANO CHIARA", "COLOMBO MATTEO", "RICCI ELENA", "MARINO DAVIDE", "GRECO FRANCESCA"},
		rIncomeTax:    {"AGENZIA DELLE ENTRATE F24"},
		rEmployer:     {"LOGISTICA PADANA SRL", "OSPEDALE SAN CARLO", "COSTRUZIONI MERIDIONALI SPA", "SOFTWARE LOMBARDIA SRL", "PANIFICIO BELLINI SNC"},
		rAgency:       {"GI GROUP SPA", "RANDSTAD ITALIA", "UMANA SPA"},
		rBenefits:     {"INPS ASSEGNO UNICO", "INPS NASPI", "COMUNE DI ROMA"},
		rStatePension: {"INPS PENSIONE"},
		rPension:      {"FONDO PENSIONE COMETA", "PREVINDAI"},
		rATM:          {"INTESA SANPAOLO", "UNICREDIT", "BPER BANCA", "POSTE ITALIANE"},
		rSoftware:     {"TEAMSYSTEM", "MICROSOFT", "ARUBA"},
		rBizInsurer:   {"GENERALI IMPRESE", "UNIPOLSAI AZIENDE"},
		rBizTelecom:   {"TIM BUSINESS"},
		rBizEnergy:    {"ENEL ENERGIA BUSINESS", "A2A BUSINESS"},
		rBizLender:    {"MEDIOCREDITO CENTRALE", "BANCA IFIS"},
		rTaxOffice:    {"AGENZIA DELLE ENTRATE F24", "INPS CONTRIBUTI"},
		rBizLandlord:  {"IMMOBILIARE COMMERCIALE SRL", "BENI STABILI"},
		rAccountant:   {"STUDIO COMMERCIALISTA VERDI"},
		rSupplier:     {"METRO ITALIA", "MARR SPA", "WURTH ITALIA", "BRICOMAN", "CHEF EXPRESS FORNITURE"},
		rClient:       {"HOTEL BELVEDERE SRL", "COMUNE DI BERGAMO", "EDILIZIA NORD SPA", "STUDIO DENTISTICO RIVA", "TRASPORTI GALLI SRL", "GRUPPO ALIMENTARE SUD"},
		rAcquirer:     {"NEXI PAYMENTS", "SUMUP", "STRIPE", "WORLDLINE ITALIA"},
		rAdvance:      {"YOULEND ITALIA", "FIDO COMMERCIALE", "CREDIMI", "BANCA AIDEXA"},
	},
	formats: map[lineKind][]format{
		cardPayment: {
			func(p *line) string {
				return "PAGAMENTO POS " + p.party + " " + p.city + " " + dm(p.date, "/") + " CARTA " + p.card
			},
			func(p *line) string {
				return "PAGAMENTO TRAMITE POS " + p.party + " DEL " + p.date.Format("02/01/2006")
			},
			func(p *line) string { return "OPERAZIONE CARTA N.XXXX" + p.card + " " + p.party + " " + p.city },
		},
		cardRefund: {
			func(p *line) string { return "STORNO PAGAMENTO POS " + p.party },
			func(p *line) string { return "RIMBORSO CARTA " + p.party + " " + dm(p.date, "/") },
		},
		atmWithdrawal: {
			func(p *line) string { return "PRELIEVO BANCOMAT " + p.party + " " + p.city + " " + dm(p.date, "/") },
			func(p *line) string { return "PRELIEVO ATM " + p.city + " CARTA " + p.card },
		},
		cashDeposit: {
			func(p *line) string { return "VERSAMENTO CONTANTI " + p.city },
			func(p *line) string { return "VERSAMENTO CONTANTI ATM EVOLUTO " + p.city },
		},
		directDebit: {
			func(p *line) string {
				return "ADDEBITO SDD " + p.party + " CID IT" + p.ref + " MANDATO " + p.ref + " " + p.purpose
			},
			func(p *line) string { return "ADDEBITO DIRETTO SDD " + p.party + " RIF. " + p.ref },
			func(p *line) string { return "ADDEBITO " + p.party + " " + p.purpose },
		},
		returnedDebit: {
			func(p *line) string { return "STORNO ADDEBITO SDD " + p.party + " " + p.ref },
			func(p *line) string { return "INSOLUTO SDD " + p.party },
		},
		standingOrder: {
			func(p *line) string { return "BONIFICO PERIODICO A FAVORE DI " + p.party + " CAUSALE: " + p.purpose },
			func(p *line) string { return "ORDINE PERMANENTE " + p.party + " " + p.purpose },
		},
		transferOut: {
			func(p *line) string { return "BONIFICO SEPA A FAVORE DI " + p.party + " CAUSALE: " + p.purpose },
			func(p *line) string { return "BONIFICO DISPOSTO A " + p.party + " " + p.purpose },
			func(p *line) string { return "BONIFICO ISTANTANEO A " + p.party + " " + p.purpose },
		},
		transferIn: {
			func(p *line) string { return "BONIFICO A VOSTRO FAVORE DA " + p.party + " CAUSALE: " + p.purpose },
			func(p *line) string { return "ACCREDITO BONIFICO DA " + p.party + " " + p.purpose },
			func(p *line) string { return "BONIFICO SEPA DA " + p.party + " " + p.purpose + " TRN " + p.ref },
		},
		returnedFee:       {func(p *line) string { return "COMMISSIONE INSOLUTO SDD " + p.party }, func(p *line) string { return "SPESE STORNO SDD" }},
		refusedFee:        {func(p *line) string { return "COMMISSIONE BONIFICO RESPINTO" }},
		accountFee:        {func(p *line) string { return "CANONE MENSILE CONTO" }, func(p *line) string { return "SPESE TENUTA CONTO" }},
		unarrangedFee:     {func(p *line) string { return "COMMISSIONE ISTRUTTORIA VELOCE" }, func(p *line) string { return "CIV SCONFINAMENTO" }},
		overdraftInterest: {func(p *line) string { return "INTERESSI DEBITORI" }, func(p *line) string { return "COMPETENZE DI CHIUSURA INTERESSI DEBITORI" }},
		penaltyInterest:   {func(p *line) string { return "INTERESSI DEBITORI SCONFINAMENTO" }, func(p *line) string { return "INTERESSI DI MORA SCONFINAMENTO" }},
		creditInterest:    {func(p *line) string { return "INTERESSI CREDITORI" }},
	},
	payday: false,
	words:  italianWords,
}

// italianWords is what an Italian payer writes a payment is for.
func italianWords(w word, d time.Time, ref string, k uint64) string {
	switch w {
	case wSalary:
		return "STIPENDIO " + monthName(italianMonths, d)
	case wWeeklyPay:
		return "RETRIBUZIONE SETTIMANA " + week(d)
	case wBenefits:
		return "PRESTAZIONE " + d.Format("01/2006")
	case wStatePension, wPension:
		return "PENSIONE " + monthName(italianMonths, d)
	case wAllowance:
		return choose(k, "PER TE", "AIUTO AFFITTO", "MESE")
	case wRent:
		return "CANONE LOCAZIONE " + monthName(italianMonths, d)
	case wInvoice:
		return "SALDO FATTURA N. " + ref
	case wTax:
		return "F24 " + ref
	case wTaxPenalty:
		return "SANZIONE RAVVEDIMENTO " + ref
	case wLoan:
		return "EROGAZIONE PRESTITO " + ref
	case wInstalment:
		return "RATA " + ref
	case wSocial:
		return choose(k, "GRAZIE", "CENA", "COMPLEANNO", "BIGLIETTI", "VACANZE", "BENZINA", "SPESA", "REGALO")
	case wSavings:
		return "RISPARMIO"
	case wWinnings:
		return "PAGAMENTO VINCITA"
	case wOrder:
		return "ORDINE " + ref
	}
	return "FATTURA " + ref
}

var italianMonths = [12]string{"GENNAIO", "FEBBRAIO", "MARZO", "APRILE", "MAGGIO", "GIUGNO", "LUGLIO", "AGOSTO", "SETTEMBRE", "OTTOBRE", "NOVEMBRE", "DICEMBRE"}
