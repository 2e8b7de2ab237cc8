package banks

import "strconv"

// merchant is a place a card is used. A name ending in " #" prints a store
// number; an online merchant prints its fixed location instead of a city.
type merchant struct {
	name     string
	min, max int64 // pence
	category string
	online   string
}

// cities are where subjects live and shop.
var cities = []string{"LONDON", "MANCHESTER", "BIRMINGHAM", "LEEDS", "BRISTOL", "SHEFFIELD",
	"LIVERPOOL", "NOTTINGHAM", "LEICESTER", "NEWCASTLE", "BRIGHTON", "READING", "COVENTRY", "YORK"}

var groceries = []merchant{
	{"TESCO STORES #", 450, 9500, "living.groceries", ""}, {"SAINSBURYS S/MKTS", 600, 8800, "living.groceries", ""},
	{"ASDA STORES #", 800, 11000, "living.groceries", ""}, {"MORRISONS #", 500, 7500, "living.groceries", ""},
	{"ALDI #", 700, 6500, "living.groceries", ""}, {"LIDL GB", 600, 6000, "living.groceries", ""},
	{"CO-OP GROUP FOOD #", 250, 2500, "living.groceries", ""}, {"M&S SIMPLY FOOD #", 400, 3500, "living.groceries", ""},
	{"OCADO RETAIL", 4500, 14000, "living.groceries", "HATFIELD"},
}

var eatingOut = []merchant{
	{"PRET A MANGER", 350, 1400, "living.eating_out", ""}, {"GREGGS #", 200, 900, "living.eating_out", ""},
	{"COSTA COFFEE #", 280, 1100, "living.eating_out", ""}, {"NANDOS #", 1500, 5500, "living.eating_out", ""},
	{"MCDONALDS #", 350, 1800, "living.eating_out", ""}, {"JD WETHERSPOON", 600, 4200, "living.eating_out", ""},
	{"DELIVEROO", 1400, 4500, "living.eating_out", "LONDON"}, {"JUST EAT.CO.UK", 1300, 4000, "living.eating_out", "LONDON"},
	{"UBER *EATS", 1200, 3800, "living.eating_out", "HELP.UBER.COM"}, {"WAGAMAMA #", 1800, 6000, "living.eating_out", ""},
}

var transport = []merchant{
	{"TFL TRAVEL CH", 280, 1600, "living.transport", "TFL.GOV.UK/CP"}, {"UBER *TRIP", 700, 2800, "living.transport", "HELP.UBER.COM"},
	{"SHELL #", 2500, 8500, "living.transport", ""}, {"BP #", 2500, 8000, "living.transport", ""},
	{"ESSO #", 2000, 7500, "living.transport", ""}, {"TRAINLINE.COM", 1200, 9500, "living.transport", "EDINBURGH"},
	{"NCP LTD #", 400, 2200, "living.transport", ""},
}

var shopping = []merchant{
	{"AMAZON.CO.UK*", 600, 6500, "living.shopping", "AMAZON.CO.UK"}, {"ARGOS LTD #", 800, 9000, "living.shopping", ""},
	{"PRIMARK #", 600, 5000, "living.shopping", ""}, {"NEXT RETAIL #", 1500, 9000, "living.shopping", ""},
	{"JOHN LEWIS #", 2000, 15000, "living.shopping", ""}, {"EBAY O*", 500, 6000, "living.shopping", "LUXEMBOURG"},
	{"CURRYS #", 2000, 30000, "living.shopping", ""}, {"IKEA LTD", 1500, 20000, "living.shopping", "WEMBLEY"},
}

var health = []merchant{
	{"BOOTS #", 300, 3500, "living.health", ""}, {"SUPERDRUG #", 300, 2500, "living.health", ""},
	{"SPECSAVERS #", 2500, 16000, "living.health", ""}, {"LLOYDS PHARMACY #", 200, 1500, "living.health", ""},
}

var leisure = []merchant{
	{"ODEON CINEMAS", 900, 3200, "living.entertainment", "MANCHESTER"}, {"STEAMGAMES.COM", 500, 5000, "living.entertainment", "BELLEVUE"},
	{"PLAYSTATION NETWORK", 500, 6000, "living.entertainment", "LONDON"}, {"TICKETMASTER UK", 2500, 12000, "living.entertainment", "LONDON"},
}

var travel = []merchant{
	{"EASYJET", 4000, 32000, "living.travel", "LUTON"}, {"RYANAIR", 2500, 25000, "living.travel", "DUBLIN"},
	{"PREMIER INN #", 6000, 22000, "living.travel", ""}, {"AIRBNB * HM", 15000, 90000, "living.travel", "LONDON"},
	{"BOOKING.COM", 9000, 60000, "living.travel", "AMSTERDAM"},
}

var tobacco = []merchant{
	{"VPZ VAPE #", 500, 2500, "living.tobacco", ""}, {"MCCOLLS #", 1100, 1600, "living.tobacco", ""},
}

var bookmakers = []merchant{
	{"BET365", 500, 6000, "gambling", "STOKE"}, {"SKY BETTING", 500, 4000, "gambling", "LEEDS"},
	{"PADDY POWER", 500, 5000, "gambling", "LONDON"}, {"WILLIAM HILL #", 500, 3000, "gambling", ""},
	{"BETFAIR", 1000, 8000, "gambling", "LONDON"}, {"LADBROKES #", 300, 2500, "gambling", ""},
	{"TOMBOLA BINGO", 500, 2000, "gambling", "SUNDERLAND"}, {"POKERSTARS", 1000, 5000, "gambling", "DOUGLAS"},
}

var atmOperators = []string{"NOTEMACHINE", "CARDTRONICS", "HSBC", "BARCLAYS", "NATWEST", "POST OFFICE"}

// describe prints a card payment at m, in the subject's city unless away.
func (s *sim) describe(l *ledger, m *merchant) string {
	if m.online != "" {
		return m.name + " " + m.online
	}
	city := s.city
	if l.chance(120) {
		city = cities[l.rng.IntN(len(cities))]
	}
	if n := len(m.name); n > 2 && m.name[n-2:] == " #" {
		store := 1000 + hashString(m.name+city)%9000
		return m.name[:n-2] + " " + strconv.FormatUint(store, 10) + " " + city
	}
	return m.name + " " + city
}

// shop pays a random merchant of pool by card, scaled by pct percent.
func (s *sim) shop(l *ledger, pool []merchant, pct int64) bool {
	m := &pool[l.rng.IntN(len(pool))]
	amount := l.between(m.min, m.max) * pct / 100
	return l.cardPayment(s.describe(l, m), partyName(m.name), amount, m.category)
}

// partyName strips the store-number marker from a merchant name.
func partyName(name string) string {
	if n := len(name); n > 2 && name[n-2:] == " #" {
		return name[:n-2]
	}
	return name
}
