package banks

import "time"

// spanish prints statements as Spanish banks do (CaixaBank, Santander,
// BBVA, Sabadell, Bankinter): COMPRA TARJ., RECIBO, TRANSFERENCIA, NOMINA, BIZUM.
var spanish = locale{
	country: "ES",
	bban: func(id uint64) string {
		return "2100" + pad(id%10000, 4) + pad(id%89+10, 2) + pad(id/3%10000000000, 10)
	},
	cities: []string{"MADRID", "BARCELONA", "VALENCIA", "SEVILLA", "ZARAGOZA", "MALAGA", "BILBAO", "MURCIA", "ALICANTE", "VALLADOLID", "GRANADA", "PALMA"},
	names: map[role][]string{
		rGroceries:    {"MERCADONA", "CARREFOUR", "DIA", "LIDL", "EROSKI", "ALCAMPO", "CONSUM", "AHORRAMAS", "SUPERCOR"},
		rEatingOut:    {"MCDONALDS", "TELEPIZZA", "BURGER KING", "RODILLA", "100 MONTADITOS", "GLOVO", "JUST EAT", "STARBUCKS", "CAFETERIA EL SOL"},
		rTransport:    {"RENFE", "METRO DE MADRID", "REPSOL", "CEPSA", "CABIFY", "EMT", "GALP", "TMB"},
		rShopping:     {"AMAZON ES", "EL CORTE INGLES", "ZARA", "PRIMARK", "MEDIA MARKT", "DECATHLON", "IKEA", "LEROY MERLIN", "PULL AND BEAR"},
		rHealth:       {"FARMACIA LICENCIADA GARCIA", "FARMACIA CENTRAL", "DRUNI", "GENERAL OPTICA", "CLAREL"},
		rLeisure:      {"CINESA", "YELMO CINES", "STEAM", "PLAYSTATION", "TICKETMASTER ES"},
		rTravel:       {"IBERIA", "VUELING", "RYANAIR", "RENFE VIAJEROS", "BOOKING.COM", "NH HOTELES"},
		rTobacco:      {"ESTANCO N 12", "EXPENDEDURIA TABACOS"},
		rBookmaker:    {"CODERE", "BET365 ES", "SPORTIUM", "LUCKIA", "LOTERIAS Y APUESTAS DEL ESTADO"},
		rLottery:      {"ONCE"},
		rStreaming:    {"NETFLIX.COM", "SPOTIFY", "DISNEY PLUS", "MOVISTAR PLUS", "HBO MAX"},
		rSchool:       {"COMEDOR ESCOLAR"},
		rBNPL:         {"KLARNA", "ONEY", "APLAZAME", "SEQURA"},
		rMortgage:     {"CAIXABANK PRESTAMO HIPOTECARIO", "SANTANDER HIPOTECA", "BBVA PRESTAMO HIPOTECA"},
		rLocalTax:     {"AYUNTAMIENTO IBI", "ORGANISMO AUTONOMO RECAUDACION"},
		rEnergy:       {"IBERDROLA CLIENTES", "ENDESA ENERGIA", "NATURGY", "REPSOL LUZ Y GAS", "HOLALUZ"},
		rWater:        {"CANAL DE ISABEL II", "AGUAS DE BARCELONA", "EMASESA"},
		rMobile:       {"MOVISTAR", "VODAFONE ESPANA", "ORANGE ESPAGNE", "DIGI SPAIN", "MASMOVIL"},
		rBroadband:    {"TELEFONICA DE ESPANA", "VODAFONE ONO", "ORANGE FIBRA", "MASMOVIL FIBRA"},
		rInsurer:      {"MAPFRE", "MUTUA MADRILENA", "LINEA DIRECTA", "SANITAS", "ADESLAS"},
		rGym:          {"BASIC FIT", "ALTAFIT", "DIR"},
		rCarFinance:   {"SANTANDER CONSUMER FINANCE", "BBVA CONSUMER FINANCE", "CETELEM ESPANA"},
		rTVLicence:    {"MOVISTAR PLUS"},
		rCharity:      {"CRUZ ROJA", "MEDICOS SIN FRONTERAS", "CARITAS"},
		rStudentLoan:  {"PRESTAMO ESTUDIOS CAIXABANK"},
		rEducation:    {"ESCUELA INFANTIL LOS PINOS", "ACADEMIA DE IDIOMAS", "COLEGIO SAN JOSE"},
		rPayday:       {"VIVUS", "MONEYMAN", "WANDOO", "DINEO", "CREDITSTAR"},
		rLandlord:     {"INMOBILIARIA SOL", "J GARCIA LOPEZ", "FINCAS MARTINEZ"},
		rCollector:    {"INTRUM SERVICING SPAIN", "LINDORFF ESPANA", "AXACTOR ESPANA", "HOIST FINANCE SPAIN"},
		rSavings:      {"CUENTA AHORRO"},
		rPerson:       {"GARCIA LOPEZ MARIA", "FERNANDEZ RUIZ JUAN", "MARTINEZ SANZ ANA", "SANCHEZ GIL PABLO", "PEREZ MORA LUCIA", "GOMEZ DIAZ CARLOS", "RUIZ ORTEGA ELENA", "HERNANDEZ VEGA DAVID", "JIMENEZ CANO LAURA", "MORENO RIOS JAVIER"},
		rIncomeTax:    {"AEAT AGENCIA TRIBUTARIA"},
		rEmployer:     {"DISTRIBUCIONES LEVANTE SL", "HOSPITAL SAN RAFAEL", "CONSTRUCCIONES IBERICAS SA", "SERVICIOS INFORMATICOS MADRID SL", "PANADERIA LA ESPIGA SL"},
		rAgency:       {"ADECCO TT", "RANDSTAD EMPLEO ETT", "EUROFIRMS ETT"},
		rBenefits:     {"SEPE PRESTACIONES", "INSS", "COMUNIDAD DE MADRID"},
		rStatePension: {"INSS PENSION"},
		rPension:      {"PLAN PENSIONES CAIXABANK", "MUTUALIDAD GENERAL"},
		rATM:          {"CAIXABANK", "SANTANDER", "BBVA", "SABADELL"},
		rSoftware:     {"HOLDED", "MICROSOFT", "A3 SOFTWARE"},
		rBizInsurer:   {"MAPFRE EMPRESAS", "ALLIANZ SEGUROS"},
		rBizTelecom:   {"TELEFONICA EMPRESAS"},
		rBizEnergy:    {"IBERDROLA EMPRESAS", "ENDESA EMPRESAS"},
		rBizLender:    {"ICO", "CAIXABANK PRESTAMO EMPRESAS"},
		rTaxOffice:    {"AEAT", "TGSS SEGURIDAD SOCIAL"},
		rBizLandlord:  {"INMUEBLES COMERCIALES SL", "MERLIN PROPERTIES"},
		rAccountant:   {"ASESORIA GESTORIA LOPEZ"},
		rSupplier:     {"MAKRO", "CASH FRESH", "DISTRIBUCIONES FROIZ", "LEROY MERLIN PRO", "SALTOKI"},
		rClient:       {"HOTELES COSTA SL", "AYUNTAMIENTO DE GETAFE", "REFORMAS NORTE SL", "CLINICA DENTAL SOL", "TRANSPORTES RUIZ SA", "GRUPO ALIMENTARIO SUR"},
		rAcquirer:     {"REDSYS", "COMERCIA GLOBAL PAYMENTS", "SUMUP", "STRIPE"},
		rAdvance:      {"IWOCA ESPANA", "YOULEND", "BANKINTER FACTORING", "CAPITAL ON TAP"},
	},
	formats: map[lineKind][]format{
		cardPayment: {
			func(p *line) string { return "COMPRA TARJ. 5402XXXXXXXX" + p.card + " " + p.party + " " + p.city },
			func(p *line) string { return "PAGO CON TARJETA EN " + p.party + " " + p.city + " " + dm(p.date, "/") },
			func(p *line) string {
				return "COMPRA EN " + p.party + ", CON LA TARJETA: XXXX" + p.card + " EL " + p.date.Format("2006-01-02")
			},
		},
		cardRefund: {
			func(p *line) string { return "DEVOLUCION COMPRA TARJ. " + p.party },
			func(p *line) string { return "ABONO DEVOLUCION " + p.party + " TARJETA " + p.card },
		},
		atmWithdrawal: {
			func(p *line) string { return "REINTEGRO CAJERO " + p.party + " " + p.city },
			func(p *line) string { return "RETIRADA EFECTIVO CAJERO " + p.city + " " + dm(p.date, "/") },
		},
		cashDeposit: {
			func(p *line) string { return "INGRESO EFECTIVO OFICINA " + p.city },
			func(p *line) string { return "INGRESO EN CAJERO " + p.city },
		},
		directDebit: {
			func(p *line) string { return "RECIBO " + p.party + " Nº RECIBO " + p.ref + " REF. MANDATO " + p.ref },
			func(p *line) string { return "ADEUDO DIRECTO SEPA " + p.party + " " + p.purpose },
			func(p *line) string { return "RECIBO DOMICILIADO " + p.party },
		},
		returnedDebit: {
			func(p *line) string { return "DEVOLUCION RECIBO " + p.party + " " + p.ref },
			func(p *line) string { return "RECIBO DEVUELTO " + p.party },
		},
		standingOrder: {
			func(p *line) string { return "TRANSFERENCIA PERIODICA A " + p.party + " CONCEPTO " + p.purpose },
			func(p *line) string { return "ORDEN PERMANENTE " + p.party + " " + p.purpose },
		},
		transferOut: {
			func(p *line) string { return "TRANSFERENCIA A " + p.party + ", CONCEPTO " + p.purpose },
			func(p *line) string { return "TRANSF " + p.party + " " + p.purpose },
			func(p *line) string { return "BIZUM ENVIADO " + p.party + " " + p.purpose },
		},
		transferIn: {
			func(p *line) string { return "TRANSFERENCIA DE " + p.party + ", CONCEPTO " + p.purpose },
			func(p *line) string { return "ABONO TRANSFERENCIA " + p.party + " " + p.purpose },
			func(p *line) string { return "TRANSFERENCIA RECIBIDA " + p.party + " " + p.purpose },
		},
		returnedFee:       {func(p *line) string { return "COMISION DEVOLUCION RECIBO " + p.party }, func(p *line) string { return "GASTOS RECIBO DEVUELTO" }},
		refusedFee:        {func(p *line) string { return "COMISION TRANSFERENCIA RECHAZADA" }},
		accountFee:        {func(p *line) string { return "COMISION MANTENIMIENTO" }, func(p *line) string { return "COMISION ADMINISTRACION CUENTA" }},
		unarrangedFee:     {func(p *line) string { return "COMISION DESCUBIERTO" }, func(p *line) string { return "COMISION RECLAMACION POSICIONES DEUDORAS" }},
		overdraftInterest: {func(p *line) string { return "INTERESES DEUDORES" }, func(p *line) string { return "LIQUIDACION INTERESES CUENTA" }},
		penaltyInterest:   {func(p *line) string { return "INTERESES DESCUBIERTO" }, func(p *line) string { return "INTERESES DE DEMORA DESCUBIERTO" }},
		creditInterest:    {func(p *line) string { return "INTERESES A SU FAVOR" }},
	},
	payday: true,
	words:  spanishWords,
}

// spanishWords is what a Spanish payer writes a payment is for.
func spanishWords(w word, d time.Time, ref string, k uint64) string {
	switch w {
	case wSalary:
		return "NOMINA " + monthName(spanishMonths, d)
	case wWeeklyPay:
		return "NOMINA SEMANA " + week(d)
	case wBenefits:
		return "PRESTACION " + d.Format("01/2006")
	case wStatePension, wPension:
		return "PENSION " + monthName(spanishMonths, d)
	case wAllowance:
		return choose(k, "PARA TI", "AYUDA ALQUILER", "MES")
	case wRent:
		return "ALQUILER " + monthName(spanishMonths, d)
	case wInvoice:
		return "FACTURA " + ref
	case wTax:
		return "MODELO 303 " + ref
	case wTaxPenalty:
		return "RECARGO APREMIO " + ref
	case wLoan:
		return "PRESTAMO " + ref
	case wInstalment:
		return "CUOTA PRESTAMO " + ref
	case wSocial:
		return choose(k, "GRACIAS", "CENA", "CUMPLE", "ENTRADAS", "VACACIONES", "GASOLINA", "COMPRA", "REGALO")
	case wSavings:
		return "AHORRO"
	case wWinnings:
		return "COBRO PREMIO"
	case wOrder:
		return "PEDIDO " + ref
	}
	return "RECIBO " + ref
}

var spanishMonths = [12]string{"ENERO", "FEBRERO", "MARZO", "ABRIL", "MAYO", "JUNIO", "JULIO", "AGOSTO", "SEPTIEMBRE", "OCTUBRE", "NOVIEMBRE", "DICIEMBRE"}
