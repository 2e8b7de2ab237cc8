package banks

import (
	"strings"
	"time"
)

// dutch prints statements as Dutch banks do (ING, ABN AMRO, Rabobank,
// SNS, bunq): BEA and Betaalautomaat lines, Incasso and Overschrijving with
// Naam: Omschrijving: IBAN: Kenmerk:, iDEAL, GEA.
var dutch = locale{
	country: "NL",
	bban: func(id uint64) string {
		return "INGB" + pad(id%10000000000, 10)
	},
	cities: []string{"AMSTERDAM", "ROTTERDAM", "DEN HAAG", "UTRECHT", "EINDHOVEN", "GRONINGEN", "TILBURG", "ALMERE", "BREDA", "NIJMEGEN", "HAARLEM", "ARNHEM"},
	names: map[role][]string{
		rGroceries:    {"ALBERT HEIJN", "JUMBO", "LIDL", "PLUS", "ALDI", "DIRK", "COOP", "VOMAR", "EKOPLAZA"},
		rEatingOut:    {"MCDONALDS", "FEBO", "THUISBEZORGD.NL", "STARBUCKS", "LA PLACE", "DOMINOS", "KFC", "CAFE DE ZWAAN"},
		rTransport:    {"NS GROEP", "GVB", "SHELL", "TANGO", "TINQ", "RET", "Q-PARK", "UBER"},
		rShopping:     {"BOL.COM", "COOLBLUE", "HEMA", "ACTION", "IKEA", "ZALANDO", "PRIMARK", "GAMMA", "MEDIAMARKT"},
		rHealth:       {"KRUIDVAT", "ETOS", "APOTHEEK DE BRUG", "HANS ANDERS", "PEARLE"},
		rLeisure:      {"PATHE", "VUE CINEMAS", "STEAM", "PLAYSTATION", "TICKETMASTER NL"},
		rTravel:       {"KLM", "TRANSAVIA", "NS INTERNATIONAL", "BOOKING.COM", "CORENDON"},
		rTobacco:      {"PRIMERA", "TABAKSSPECIAALZAAK"},
		rBookmaker:    {"HOLLAND CASINO", "TOTO", "JACKS.NL", "UNIBET", "BETCITY"},
		rLottery:      {"NEDERLANDSE LOTERIJ", "POSTCODE LOTERIJ"},
		rStreaming:    {"NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "VIDEOLAND", "VIAPLAY"},
		rSchool:       {"OVERBLIJF SCHOOL"},
		rBNPL:         {"KLARNA", "RIVERTY", "IN3"},
		rMortgage:     {"RABOBANK HYPOTHEEK", "ING HYPOTHEKEN", "OBVION"},
		rLocalTax:     {"GEMEENTE BELASTINGEN", "BSGR BELASTINGEN", "WATERSCHAP"},
		rEnergy:       {"VATTENFALL", "ENECO", "ESSENT", "BUDGET ENERGIE", "GREENCHOICE"},
		rWater:        {"VITENS", "EVIDES", "WATERNET", "BRABANT WATER"},
		rMobile:       {"ODIDO", "KPN", "VODAFONE LIBERTEL", "SIMYO", "LEBARA"},
		rBroadband:    {"ZIGGO", "KPN", "ODIDO THUIS", "DELTA FIBER"},
		rInsurer:      {"ZILVEREN KRUIS", "CZ ZORGVERZEKERINGEN", "MENZIS", "CENTRAAL BEHEER", "INTERPOLIS"},
		rGym:          {"BASIC FIT", "SPORTCITY", "FIT FOR FREE"},
		rCarFinance:   {"ALPHABET PRIVATE LEASE", "DIRECTLEASE", "VOLKSWAGEN PON FINANCIAL SERVICES"},
		rTVLicence:    {"VIDEOLAND"},
		rCharity:      {"KWF KANKERBESTRIJDING", "RODE KRUIS", "ARTSEN ZONDER GRENZEN"},
		rStudentLoan:  {"DUO"},
		rEducation:    {"KINDEROPVANG PARTOU", "KINDERDAGVERBLIJF KIDSFIRST", "LOI OPLEIDINGEN"},
		rPayday:       {"FERRATUM", "SANTANDER CONSUMER FINANCE", "FREO", "DEFAM"},
		rLandlord:     {"WONINGCORPORATIE YMERE", "VESTEDA", "J DE VRIES", "MVGM VASTGOED"},
		rCollector:    {"INTRUM NEDERLAND", "FLANDERIJN", "GGN GERECHTSDEURWAARDERS", "LOWELL NEDERLAND"},
		rSavings:      {"ORANJE SPAARREKENING"},
		rPerson:       {"J DE JONG", "S JANSEN", "M DE VRIES", "L VAN DEN BERG", "T BAKKER", "E VISSER", "R SMIT", "A MEIJER", "K DE BOER", "D MULDER"},
		rIncomeTax:    {"BELASTINGDIENST"},
		rEmployer:     {"HOLLANDIA LOGISTIEK BV", "ZIEKENHUIS ST JANSDAL", "BOUWBEDRIJF VAN DAM BV", "SOFTWAREHUIS DELTA BV", "BAKKERIJ DE KORENAAR"},
		rAgency:       {"RANDSTAD GROEP NEDERLAND", "TEMPO-TEAM", "YOUNG CAPITAL"},
		rBenefits:     {"UWV", "SVB KINDERBIJSLAG", "BELASTINGDIENST TOESLAGEN"},
		rStatePension: {"SVB AOW"},
		rPension:      {"STICHTING PENSIOENFONDS ABP", "PFZW", "PME PENSIOENFONDS"},
		rATM:          {"GELDMAAT", "ING", "ABN AMRO", "RABOBANK"},
		rSoftware:     {"EXACT", "MONEYBIRD", "MICROSOFT"},
		rBizInsurer:   {"NATIONALE-NEDERLANDEN", "ACHMEA SCHADEVERZEKERINGEN"},
		rBizTelecom:   {"KPN ZAKELIJK"},
		rBizEnergy:    {"ENECO ZAKELIJK", "VATTENFALL ZAKELIJK"},
		rBizLender:    {"QREDITS", "NEW10", "FUNDING CIRCLE NEDERLAND"},
		rTaxOffice:    {"BELASTINGDIENST"},
		rBizLandlord:  {"BEDRIJFSPAND BEHEER BV", "WPG VASTGOED"},
		rAccountant:   {"ADMINISTRATIEKANTOOR DE BOER"},
		rSupplier:     {"MAKRO", "SLIGRO", "BIDFOOD", "HANOS", "TECHNISCHE UNIE"},
		rClient:       {"HOTEL AAN ZEE BV", "GEMEENTE AMERSFOORT", "BOUWGROEP NOORD BV", "TANDARTSPRAKTIJK SMIT", "TRANSPORT VAN DIJK BV", "FOOD GROUP ZUID"},
		rAcquirer:     {"WORLDLINE", "ADYEN", "MOLLIE", "SUMUP", "CCV"},
		rAdvance:      {"NEW10", "FLOYD", "SPOTCAP", "QREDITS KORT"},
	},
	formats: map[lineKind][]format{
		cardPayment: {
			func(p *line) string {
				return "BEA, Betaalpas " + p.party + ",PAS" + p.card[1:] + " NR:CT" + p.card + ", " + p.date.Format("02.01.06") + " " + p.city
			},
			func(p *line) string {
				return "Betaalautomaat " + p.date.Format("02-01-2006") + " " + p.party + " " + titleCase(p.city)
			},
			func(p *line) string {
				return p.party + " " + titleCase(p.city) + " Pasvolgnr: 002 " + p.date.Format("02-01-2006")
			},
		},
		cardRefund: {
			func(p *line) string { return "Terugboeking Betaalautomaat " + p.party },
			func(p *line) string { return "Creditering " + p.party + " retour" },
		},
		atmWithdrawal: {
			func(p *line) string { return "GEA, Betaalpas " + p.party + " " + p.city + ",PAS" + p.card[1:] },
			func(p *line) string { return "Geldautomaat " + p.date.Format("02-01-2006") + " " + titleCase(p.city) },
		},
		cashDeposit: {
			func(p *line) string { return "Storting contant geld " + titleCase(p.city) },
			func(p *line) string { return "GELDMAAT STORTING " + p.city },
		},
		directDebit: {
			func(p *line) string {
				return "SEPA Incasso algemeen doorlopend Incassant: NL" + p.ref + "ZZZ Naam: " + p.party + " Machtiging: " + p.ref + " Omschrijving: " + p.purpose + " IBAN: " + p.iban
			},
			func(p *line) string {
				return "Incasso " + p.party + " Naam: " + p.party + " Omschrijving: " + p.purpose + " Kenmerk: " + p.ref
			},
			func(p *line) string {
				return "/TRTP/SEPA Incasso algemeen doorlopend/NAME/" + p.party + "/REMI/" + p.purpose + "/EREF/" + p.ref
			},
		},
		returnedDebit: {
			func(p *line) string { return "Storno Incasso Naam: " + p.party + " Kenmerk: " + p.ref },
			func(p *line) string { return "Terugboeking incasso " + p.party + " gestorneerd" },
		},
		standingOrder: {
			func(p *line) string {
				return "Periodieke overboeking Naam: " + p.party + " Omschrijving: " + p.purpose + " IBAN: " + p.iban
			},
			func(p *line) string { return "/TRTP/Periodieke overboeking/NAME/" + p.party + "/REMI/" + p.purpose },
		},
		transferOut: {
			func(p *line) string {
				return "Online bankieren Overschrijving Naam: " + p.party + " Omschrijving: " + p.purpose + " IBAN: " + p.iban
			},
			func(p *line) string {
				return "/TRTP/SEPA OVERBOEKING/IBAN/" + p.iban + "/NAME/" + p.party + "/REMI/" + p.purpose
			},
			func(p *line) string { return "Tikkie " + p.party + " " + p.purpose },
		},
		transferIn: {
			func(p *line) string {
				return "Overschrijving Naam: " + p.party + " Omschrijving: " + p.purpose + " IBAN: " + p.iban
			},
			func(p *line) string {
				return "/TRTP/SEPA OVERBOEKING/IBAN/" + p.iban + "/NAME/" + p.party + "/REMI/" + p.purpose
			},
			func(p *line) string { return "Bijschrijving " + p.party + " " + p.purpose },
		},
		returnedFee:       {func(p *line) string { return "Kosten onbetaalde incasso " + p.party }, func(p *line) string { return "KOSTEN STORNERING" }},
		refusedFee:        {func(p *line) string { return "Kosten weigering periodieke overboeking" }},
		accountFee:        {func(p *line) string { return "Kosten Betaalpakket" }, func(p *line) string { return "Kosten OranjePakket" }},
		unarrangedFee:     {func(p *line) string { return "Kosten ongeoorloofd rood staan" }},
		overdraftInterest: {func(p *line) string { return "Debetrente" }, func(p *line) string { return "Rente rood staan" }},
		penaltyInterest:   {func(p *line) string { return "Debetrente overschrijding limiet" }, func(p *line) string { return "Rente ongeoorloofd rood staan" }},
		creditInterest:    {func(p *line) string { return "Creditrente" }},
	},
	payday: false,
	words:  dutchWords,
}

// dutchWords is what a Dutch payer writes a payment is for.
func dutchWords(w word, d time.Time, ref string, k uint64) string {
	switch w {
	case wSalary:
		return "Salaris " + monthName(dutchMonths, d)
	case wWeeklyPay:
		return "Loon week " + week(d)
	case wBenefits:
		return "Uitkering " + d.Format("01-2006")
	case wStatePension:
		return "AOW " + monthName(dutchMonths, d)
	case wPension:
		return "Pensioen " + monthName(dutchMonths, d)
	case wAllowance:
		return choose(k, "voor jou", "bijdrage huur", "zakgeld")
	case wRent:
		return "Huur " + monthName(dutchMonths, d)
	case wInvoice:
		return "Factuur " + ref
	case wTax:
		return "Aanslag " + ref
	case wTaxPenalty:
		return "Verzuimboete " + ref
	case wLoan:
		return "Uitbetaling lening " + ref
	case wInstalment:
		return "Aflossing " + ref
	case wSocial:
		return choose(k, "bedankt", "eten", "verjaardag", "kaartjes", "vakantie", "benzine", "boodschappen", "cadeau")
	case wSavings:
		return "Sparen"
	case wWinnings:
		return "Uitbetaling winst"
	case wOrder:
		return "Bestelling " + ref
	}
	return "Factuur " + ref
}

var dutchMonths = [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"}

// titleCase prints a city as Dutch banks do: Den Haag, not DEN HAAG.
func titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
