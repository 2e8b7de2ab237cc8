package banks

import "time"

// german prints statements as German banks do (Sparkassen, Volksbanken,
// Deutsche Bank, Commerzbank, ING, DKB): Kartenzahlung and girocard lines,
// SEPA-Lastschrift and Gutschrift with the SVWZ+ EREF+ MREF+ CRED+ tags.
var german = locale{
	country: "DE",
	bban: func(id uint64) string {
		return "10050000" + pad(id%10000000000, 10)
	},
	cities: []string{"BERLIN", "HAMBURG", "MUENCHEN", "KOELN", "FRANKFURT", "STUTTGART", "DUESSELDORF", "LEIPZIG", "DORTMUND", "ESSEN", "BREMEN", "DRESDEN"},
	names: map[role][]string{
		rGroceries:    {"REWE", "EDEKA", "ALDI SUED", "ALDI NORD", "LIDL", "NETTO MARKEN-DISCOUNT", "KAUFLAND", "PENNY", "DENNS BIOMARKT"},
		rEatingOut:    {"MCDONALDS", "BURGER KING", "BACKWERK", "SUBWAY", "LIEFERANDO", "VAPIANO", "DITSCH", "NORDSEE"},
		rTransport:    {"DB VERTRIEB GMBH", "BVG", "ARAL", "SHELL", "JET TANKSTELLE", "MVG", "FREE NOW", "CONTIPARK"},
		rShopping:     {"AMAZON.DE", "MEDIAMARKT", "SATURN", "ZALANDO", "OTTO", "H&M", "IKEA", "OBI", "DOUGLAS", "TEDI"},
		rHealth:       {"DM DROGERIE MARKT", "ROSSMANN", "APOTHEKE AM MARKT", "FIELMANN", "SHOP APOTHEKE"},
		rLeisure:      {"CINEMAXX", "UCI KINOWELT", "STEAM", "PLAYSTATION", "EVENTIM"},
		rTravel:       {"DEUTSCHE BAHN", "LUFTHANSA", "EUROWINGS", "FLIXBUS", "BOOKING.COM", "CHECK24"},
		rTobacco:      {"TABAK BOERSE", "LOTTO TOTO KIOSK"},
		rBookmaker:    {"TIPICO", "BWIN", "ODDSET", "INTERWETTEN", "LOTTO24"},
		rLottery:      {"LOTTO24"},
		rStreaming:    {"NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "DAZN", "SKY DEUTSCHLAND"},
		rSchool:       {"SCHULKANTINE"},
		rBNPL:         {"KLARNA", "RIVERTY", "PAYPAL RATENZAHLUNG"},
		rMortgage:     {"INTERHYP", "SPARKASSE BAUFINANZIERUNG", "WUESTENROT BAUSPARKASSE"},
		rLocalTax:     {"STADTKASSE", "GRUNDSTEUER STADT"},
		rEnergy:       {"E.ON ENERGIE DEUTSCHLAND", "VATTENFALL EUROPE SALES", "STADTWERKE", "ENBW", "EPRIMO"},
		rWater:        {"BERLINER WASSERBETRIEBE", "HAMBURG WASSER", "STADTWERKE WASSER"},
		rMobile:       {"TELEKOM DEUTSCHLAND GMBH", "VODAFONE GMBH", "TELEFONICA GERMANY", "CONGSTAR"},
		rBroadband:    {"TELEKOM DEUTSCHLAND GMBH", "1UND1 TELECOM", "VODAFONE KABEL DEUTSCHLAND", "O2 DSL"},
		rInsurer:      {"HUK-COBURG", "ALLIANZ VERSICHERUNGS-AG", "ERGO VERSICHERUNG", "DEVK", "TECHNIKER KRANKENKASSE"},
		rGym:          {"MCFIT", "FITX", "URBAN SPORTS CLUB"},
		rCarFinance:   {"VOLKSWAGEN BANK", "MERCEDES-BENZ BANK", "BMW BANK"},
		rTVLicence:    {"RUNDFUNK ARD ZDF DRADIO"},
		rCharity:      {"UNICEF", "DEUTSCHES ROTES KREUZ", "AERZTE OHNE GRENZEN"},
		rStudentLoan:  {"BUNDESVERWALTUNGSAMT BAFOEG", "KFW STUDIENKREDIT"},
		rEducation:    {"KITA SONNENSCHEIN", "VOLKSHOCHSCHULE", "MUSIKSCHULE"},
		rPayday:       {"CASHPER", "VEXCASH", "FERRATUM", "SMAVA"},
		rLandlord:     {"VONOVIA SE", "DEUTSCHE WOHNEN", "HAUSVERWALTUNG MUELLER", "LEG WOHNEN"},
		rCollector:    {"INTRUM DEUTSCHLAND", "LOWELL INKASSO", "EOS DEUTSCHLAND GMBH", "CREDITREFORM INKASSO"},
		rSavings:      {"TAGESGELD"},
		rPerson:       {"MUELLER THOMAS", "SCHMIDT ANNA", "SCHNEIDER JAN", "FISCHER LENA", "WEBER MAX", "MEYER SARAH", "WAGNER PAUL", "BECKER JULIA", "HOFFMANN TIM", "KOCH LAURA"},
		rIncomeTax:    {"FINANZAMT"},
		rEmployer:     {"NORDLICHT LOGISTIK GMBH", "KLINIKUM STADTMITTE", "BAUER ELEKTROTECHNIK GMBH", "SOFTWAREHAUS RHEIN AG", "BAECKEREI KRAUS GMBH"},
		rAgency:       {"RANDSTAD DEUTSCHLAND", "ADECCO PERSONALDIENSTLEISTUNGEN", "PERSONAL TOTAL GMBH"},
		rBenefits:     {"BUNDESAGENTUR FUER ARBEIT", "JOBCENTER", "FAMILIENKASSE"},
		rStatePension: {"DEUTSCHE RENTENVERSICHERUNG"},
		rPension:      {"VERSORGUNGSWERK", "ALLIANZ LEBEN BETRIEBSRENTE", "VBL ZUSATZVERSORGUNG"},
		rATM:          {"SPARKASSE", "DEUTSCHE BANK", "COMMERZBANK", "VOLKSBANK"},
		rSoftware:     {"DATEV EG", "MICROSOFT", "LEXWARE"},
		rBizInsurer:   {"HDI VERSICHERUNG", "ALLIANZ GEWERBE"},
		rBizTelecom:   {"TELEKOM DEUTSCHLAND GMBH"},
		rBizEnergy:    {"E.ON ENERGIE GEWERBE", "STADTWERKE GEWERBE"},
		rBizLender:    {"KFW", "IWOCA", "SPARKASSE DARLEHEN"},
		rTaxOffice:    {"FINANZAMT", "KNAPPSCHAFT-BAHN-SEE", "AOK BEITRAEGE"},
		rBizLandlord:  {"GEWERBEHOF GMBH", "IMMOBILIEN KRAUSE"},
		rAccountant:   {"STEUERBERATER HANSEN"},
		rSupplier:     {"METRO DEUTSCHLAND", "SELGROS", "WUERTH", "HORNBACH", "TRANSGOURMET", "CONRAD ELECTRONIC"},
		rClient:       {"HOTEL AM SEE GMBH", "STADT POTSDAM", "BAUGRUPPE NORD GMBH", "PRAXIS DR WEBER", "LOGISTIK SUED AG", "AUTOHAUS KRAEMER"},
		rAcquirer:     {"CONCARDIS", "SUMUP", "STRIPE", "ADYEN", "PAYONE"},
		rAdvance:      {"IWOCA DEUTSCHLAND", "YOULEND", "BILLIE", "TEYLOR"},
	},
	formats: map[lineKind][]format{
		cardPayment: {
			func(p *line) string {
				return "Kartenzahlung girocard " + p.party + " " + p.city + " " + dm(p.date, ".")
			},
			func(p *line) string {
				return "KARTENZAHLUNG " + p.party + "//" + p.city + "/DE " + p.date.Format("2006-01-02")
			},
			func(p *line) string { return "VISA Debit " + p.party + " " + p.city + " Karte " + p.card },
			func(p *line) string {
				return "Lastschrift aus Kartenzahlung " + p.party + " SVWZ+ " + p.date.Format("2006-01-02") + " Debitk. " + p.card
			},
		},
		cardRefund: {
			func(p *line) string { return "Gutschrift Retoure " + p.party },
			func(p *line) string { return "Erstattung Kartenzahlung " + p.party + " " + dm(p.date, ".") },
		},
		atmWithdrawal: {
			func(p *line) string { return "Bargeldauszahlung GA " + p.party + " " + p.city + " " + dm(p.date, ".") },
			func(p *line) string { return "Auszahlung Geldautomat " + p.city + " Karte " + p.card },
		},
		cashDeposit: {
			func(p *line) string { return "Bareinzahlung " + p.city },
			func(p *line) string { return "Einzahlung Bargeld Filiale " + p.city },
		},
		directDebit: {
			func(p *line) string {
				return "SEPA-Lastschrift " + p.party + " SVWZ+ " + p.purpose + " EREF+ " + p.ref + " MREF+ M" + p.ref + " CRED+ DE98ZZZ0" + p.ref
			},
			func(p *line) string { return "Lastschrift " + p.party + " " + p.purpose + " Mandat " + p.ref },
			func(p *line) string { return "Basislastschrift " + p.party + " Kundennr " + p.ref + " " + p.purpose },
		},
		returnedDebit: {
			func(p *line) string { return "Rücklastschrift " + p.party + " SVWZ+ " + p.purpose + " EREF+ " + p.ref },
			func(p *line) string { return "RUECKLASTSCHRIFT " + p.party + " " + p.ref },
		},
		standingOrder: {
			func(p *line) string { return "Dauerauftrag " + p.party + " SVWZ+ " + p.purpose },
			func(p *line) string { return "DAUERAUFTRAG " + p.party + " " + p.purpose },
		},
		transferOut: {
			func(p *line) string { return "Überweisung " + p.party + " SVWZ+ " + p.purpose + " IBAN+ " + p.iban },
			func(p *line) string { return "ONLINE-UEBERWEISUNG " + p.party + " " + p.purpose },
			func(p *line) string { return "Echtzeitüberweisung " + p.party + " " + p.purpose },
		},
		transferIn: {
			func(p *line) string { return "Gutschrift " + p.party + " SVWZ+ " + p.purpose + " EREF+ " + p.ref },
			func(p *line) string { return "GUTSCHRIFT UEBERWEISUNG " + p.party + " " + p.purpose },
			func(p *line) string { return "Zahlungseingang " + p.party + " " + p.purpose },
		},
		returnedFee:       {func(p *line) string { return "Entgelt Rücklastschrift " + p.party }, func(p *line) string { return "GEBUEHR RUECKLASTSCHRIFT" }},
		refusedFee:        {func(p *line) string { return "Entgelt Nichtausführung Dauerauftrag" }, func(p *line) string { return "BENACHRICHTIGUNG NICHTEINLOESUNG" }},
		accountFee:        {func(p *line) string { return "Kontoführungsentgelt" }, func(p *line) string { return "ABSCHLUSS ENTGELTE" }},
		unarrangedFee:     {func(p *line) string { return "Entgelt geduldete Überziehung" }},
		overdraftInterest: {func(p *line) string { return "Sollzinsen" }, func(p *line) string { return "DISPOZINSEN" }},
		penaltyInterest:   {func(p *line) string { return "Überziehungszinsen" }, func(p *line) string { return "ZINSEN GEDULDETE UEBERZIEHUNG" }},
		creditInterest:    {func(p *line) string { return "Habenzinsen" }},
	},
	payday: true,
	words:  germanWords,
}

// germanWords is what a German payer writes a payment is for.
func germanWords(w word, d time.Time, ref string, k uint64) string {
	switch w {
	case wSalary:
		return "LOHN/GEHALT " + d.Format("01/2006")
	case wWeeklyPay:
		return "Lohn KW " + week(d)
	case wBenefits:
		return choose(k, "Kindergeld", "Arbeitslosengeld", "Buergergeld") + " " + d.Format("01/2006")
	case wStatePension:
		return "RV-Rente " + d.Format("01/2006")
	case wPension:
		return "Betriebsrente " + d.Format("01/2006")
	case wAllowance:
		return choose(k, "Unterstuetzung", "fuer dich", "Zuschuss Miete")
	case wRent:
		return "Miete " + monthName(germanMonths, d)
	case wInvoice:
		return "Rechnung RE-" + ref
	case wTax:
		return "Steuernummer " + ref
	case wTaxPenalty:
		return "Saeumniszuschlag " + ref
	case wLoan:
		return "Auszahlung Darlehen " + ref
	case wInstalment:
		return "Rate " + ref
	case wSocial:
		return choose(k, "Danke", "Essen", "Geburtstag", "Tickets", "Urlaub", "Tanken", "Einkauf", "Geschenk")
	case wSavings:
		return "Sparen"
	case wWinnings:
		return "Auszahlung Gewinn"
	case wOrder:
		return "Bestellung " + ref
	}
	return "Rechnung " + ref
}

var germanMonths = [12]string{"Januar", "Februar", "Maerz", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"}
