package banks

import "time"

// french prints statements as French banks do (Crédit Agricole, BNP
// Paribas, Société Générale, La Banque Postale, Boursorama and the
// mutualist banks): CB and CARTE X lines, PRLV SEPA, VIR SEPA RECU /DE … /MOTIF.
var french = locale{
	country: "FR",
	bban: func(id uint64) string {
		return "30004" + pad(id%100000, 5) + pad(id/7%100000000000, 11) + pad(id%97, 2)
	},
	cities: []string{"PARIS", "LYON", "MARSEILLE", "TOULOUSE", "NANTES", "LILLE", "BORDEAUX", "RENNES", "STRASBOURG", "MONTPELLIER", "NICE", "GRENOBLE"},
	names: map[role][]string{
		rGroceries:    {"CARREFOUR MARKET", "E.LECLERC", "INTERMARCHE SUPER", "AUCHAN", "MONOPRIX", "FRANPRIX", "LIDL", "SUPER U", "CASINO SUPERMARCHE", "PICARD SURGELES", "BIOCOOP"},
		rEatingOut:    {"MCDONALDS", "BRIOCHE DOREE", "PAUL BOULANGERIE", "BUFFALO GRILL", "O TACOS", "STARBUCKS", "UBER EATS", "DELIVEROO", "COLUMBUS CAFE", "BURGER KING"},
		rTransport:    {"SNCF CONNECT", "RATP", "TOTALENERGIES", "ESSO", "INDIGO PARKING", "UBER", "BLABLACAR", "VINCI AUTOROUTES"},
		rShopping:     {"AMAZON FR", "FNAC", "DARTY", "DECATHLON", "ZARA", "KIABI", "IKEA", "LEROY MERLIN", "CDISCOUNT", "ACTION"},
		rHealth:       {"PHARMACIE DU CENTRE", "PHARMACIE DE LA GARE", "OPTIC 2000", "AFFLELOU", "SEPHORA"},
		rLeisure:      {"UGC CINE CITE", "PATHE", "STEAM", "PLAYSTATION", "FNAC SPECTACLES"},
		rTravel:       {"SNCF VOYAGES", "AIR FRANCE", "EASYJET", "IBIS", "BOOKING.COM", "AIRBNB"},
		rTobacco:      {"TABAC DE LA MAIRIE", "TABAC LE BALTO", "BAR TABAC LE CENTRAL"},
		rBookmaker:    {"FDJ", "PMU", "BETCLIC", "WINAMAX", "PARIONS SPORT", "UNIBET"},
		rLottery:      {"FDJ LOTO"},
		rStreaming:    {"NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "CANAL PLUS", "DEEZER"},
		rSchool:       {"CANTINE SCOLAIRE"},
		rBNPL:         {"ALMA", "ONEY 4X", "FLOA PAY", "KLARNA"},
		rMortgage:     {"CREDIT AGRICOLE PRET IMMOBILIER", "CREDIT LOGEMENT", "BNP PARIBAS PRET HABITAT"},
		rLocalTax:     {"DGFIP TAXE FONCIERE"},
		rEnergy:       {"EDF", "ENGIE", "TOTALENERGIES ELECTRICITE ET GAZ", "EKWATEUR"},
		rWater:        {"VEOLIA EAU", "SUEZ EAU FRANCE", "EAU DE PARIS"},
		rMobile:       {"ORANGE SA", "SFR", "BOUYGUES TELECOM", "FREE MOBILE"},
		rBroadband:    {"ORANGE INTERNET", "FREE TELECOM", "SFR BOX", "BOUYGUES TELECOM BBOX"},
		rInsurer:      {"MAIF", "MACIF", "AXA FRANCE", "GROUPAMA", "MATMUT"},
		rGym:          {"BASIC FIT", "FITNESS PARK", "L ORANGE BLEUE"},
		rCarFinance:   {"DIAC SA", "PSA BANQUE", "CREDIPAR"},
		rTVLicence:    {"CANAL PLUS"},
		rCharity:      {"RESTOS DU COEUR", "SECOURS POPULAIRE", "MEDECINS SANS FRONTIERES"},
		rStudentLoan:  {"PRET ETUDIANT CIC"},
		rEducation:    {"CRECHE LES PETITS LOUPS", "ECOLE SAINTE MARIE", "CNED"},
		rPayday:       {"COFIDIS", "CETELEM", "FLOA BANK", "YOUNITED"},
		rLandlord:     {"FONCIA", "NEXITY", "M DUBOIS", "CITYA IMMOBILIER"},
		rCollector:    {"INTRUM JUSTITIA", "IQERA", "HOIST FINANCE", "MCS ET ASSOCIES"},
		rSavings:      {"LIVRET A"},
		rPerson:       {"M DUPONT", "MME MARTIN", "L BERNARD", "S PETIT", "J ROBERT", "C RICHARD", "A MOREAU", "N LEFEBVRE", "T GARCIA", "E ROUX"},
		rIncomeTax:    {"DGFIP IMPOT"},
		rEmployer:     {"SOCIETE GENERALE DE SERVICES", "LOGISTIQUE DU RHONE SAS", "CLINIQUE DES LILAS", "BOULANGERIE HENRI SARL", "ATELIERS DUVAL SA"},
		rAgency:       {"ADECCO", "RANDSTAD", "MANPOWER FRANCE"},
		rBenefits:     {"CAF DE PARIS", "FRANCE TRAVAIL", "CPAM"},
		rStatePension: {"CNAV RETRAITE", "CARSAT"},
		rPension:      {"AGIRC ARRCO", "MALAKOFF HUMANIS", "AG2R LA MONDIALE"},
		rATM:          {"CREDIT AGRICOLE", "BNP PARIBAS", "LCL", "CAISSE D EPARGNE"},
		rSoftware:     {"SAGE", "MICROSOFT", "OVH"},
		rBizInsurer:   {"HISCOX", "AXA ENTREPRISES"},
		rBizTelecom:   {"ORANGE BUSINESS"},
		rBizEnergy:    {"EDF ENTREPRISES", "ENGIE PRO"},
		rBizLender:    {"BPIFRANCE", "OCTOBER"},
		rTaxOffice:    {"DGFIP", "URSSAF"},
		rBizLandlord:  {"SCI DES TILLEULS", "GECINA"},
		rAccountant:   {"CABINET FIDUCIAL"},
		rSupplier:     {"METRO FRANCE", "PROMOCASH", "BRAKE FRANCE", "RAJA", "MANUTAN", "POINT P"},
		rClient:       {"HOTELS DU LAC SAS", "MAIRIE DE VILLEURBANNE", "TRANSPORTS MOREAU", "GROUPE ARCADIE", "CLINIQUE DU PARC", "BATI OUEST SARL"},
		rAcquirer:     {"WORLDLINE", "SUMUP", "STRIPE", "LYRA NETWORK"},
		rAdvance:      {"SILVR", "KARMEN", "DEFACTO", "YOUNITED PRO"},
	},
	formats: map[lineKind][]format{
		cardPayment: {
			func(p *line) string { return "CB " + p.party + " " + dm(p.date, "/") },
			func(p *line) string {
				return "PAIEMENT PAR CARTE X" + p.card + " " + p.party + " " + p.city + " " + dm(p.date, "/")
			},
			func(p *line) string { return "CARTE X" + p.card + " " + dm(p.date, "/") + " " + p.party },
			func(p *line) string {
				return "FACTURE CARTE DU " + p.date.Format("020106") + " " + p.party + " CARTE 4974XXXX" + p.card
			},
		},
		cardRefund: {
			func(p *line) string { return "AVOIR CB " + p.party + " " + dm(p.date, "/") },
			func(p *line) string { return "REMBOURSEMENT CARTE X" + p.card + " " + p.party },
		},
		atmWithdrawal: {
			func(p *line) string { return "RETRAIT DAB " + dm(p.date, "/") + " " + p.city },
			func(p *line) string { return "RETRAIT DAB " + p.party + " " + p.city + " CARTE X" + p.card },
		},
		cashDeposit: {
			func(p *line) string { return "VERSEMENT ESPECES " + p.city },
			func(p *line) string { return "DEPOT ESPECES AGENCE " + p.city },
		},
		directDebit: {
			func(p *line) string { return "PRLV SEPA " + p.party + " " + p.purpose + " RUM " + p.ref },
			func(p *line) string {
				return "PRELEVEMENT EUROPEEN DE: " + p.party + " ID: FR" + p.ref + " MOTIF: " + p.purpose
			},
			func(p *line) string { return "PRLV SEPA " + p.party + " : " + p.ref },
		},
		returnedDebit: {
			func(p *line) string { return "REJET PRLV SEPA " + p.party + " " + p.ref },
			func(p *line) string { return "IMPAYE PRLV " + p.party },
		},
		standingOrder: {
			func(p *line) string { return "VIR PERMANENT " + p.party + " " + p.purpose },
			func(p *line) string { return "VIREMENT PERMANENT VERS " + p.party + " /MOTIF " + p.purpose },
		},
		transferOut: {
			func(p *line) string { return "VIR SEPA EMIS /A " + p.party + " /MOTIF " + p.purpose + " /REF " + p.ref },
			func(p *line) string { return "VIREMENT EMIS VERS " + p.party + " " + p.purpose },
			func(p *line) string { return "VIR INST EMIS " + p.party + " " + p.purpose },
		},
		transferIn: {
			func(p *line) string {
				return "VIR SEPA RECU /DE " + p.party + " /MOTIF " + p.purpose + " /REF " + p.ref
			},
			func(p *line) string { return "VIREMENT RECU DE " + p.party + " " + p.purpose },
			func(p *line) string { return "VIR DE " + p.party + " " + p.purpose },
		},
		returnedFee: {
			func(p *line) string { return "FRAIS REJET PRLV " + p.party },
			func(p *line) string { return "FORFAIT REJET PRELEVEMENT" },
		},
		refusedFee:        {func(p *line) string { return "FRAIS REJET VIREMENT PERMANENT" }},
		accountFee:        {func(p *line) string { return "COTISATION OFFRE GROUPEE" }, func(p *line) string { return "FRAIS TENUE DE COMPTE" }},
		unarrangedFee:     {func(p *line) string { return "COMMISSION D INTERVENTION" }, func(p *line) string { return "COMMISSION DINTERVENTION " + dm(p.date, "/") }},
		overdraftInterest: {func(p *line) string { return "INTERETS DEBITEURS" }, func(p *line) string { return "AGIOS" }},
		penaltyInterest:   {func(p *line) string { return "INTERETS DEBITEURS DEPASSEMENT" }, func(p *line) string { return "AGIOS DEPASSEMENT AUTORISATION" }},
		creditInterest:    {func(p *line) string { return "INTERETS CREDITEURS" }},
	},
	payday: false,
	words:  frenchWords,
}

// frenchWords is what a French payer writes a payment is for.
func frenchWords(w word, d time.Time, ref string, k uint64) string {
	month := monthName(frenchMonths, d)
	switch w {
	case wSalary:
		return "SALAIRE " + month
	case wWeeklyPay:
		return "PAIE INTERIM S" + week(d)
	case wBenefits:
		return "PRESTATIONS " + d.Format("01/2006")
	case wStatePension, wPension:
		return "RETRAITE " + month
	case wAllowance:
		return choose(k, "POUR TOI", "AIDE LOYER", "ARGENT DU MOIS")
	case wRent:
		return "LOYER " + month
	case wInvoice:
		return "FACTURE F" + ref
	case wTax:
		return "IMPOT REF " + ref
	case wTaxPenalty:
		return "MAJORATION DE RETARD " + ref
	case wLoan:
		return "DEBLOCAGE PRET " + ref
	case wInstalment:
		return "ECHEANCE " + ref
	case wSocial:
		return choose(k, "MERCI", "RESTO", "ANNIV", "COURSES", "VACANCES", "ESSENCE", "CADEAU", "CONCERT")
	case wSavings:
		return "EPARGNE"
	case wWinnings:
		return "RETRAIT GAINS"
	case wOrder:
		return "COMMANDE " + ref
	}
	return "FACTURE " + ref
}

var frenchMonths = [12]string{"JANVIER", "FEVRIER", "MARS", "AVRIL", "MAI", "JUIN", "JUILLET", "AOUT", "SEPTEMBRE", "OCTOBRE", "NOVEMBRE", "DECEMBRE"}
