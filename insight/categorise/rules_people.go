package categorise

// person reports whether the payee reads as a private person: "J SMITH", "MR JOHN SMITH",
// "SMITH J", "JOHN SMITH", "MUM", "MME CHLOE FONTAINE", "ROSSI PAOLO" (surname first, on a
// transfer). Only the words before the first keyword count ("JAN MAES TERUGBETALING LENING").
func (p *parsed) person() bool {
	n := p.nameLen()
	if n == 0 {
		return false
	}
	for _, i := range p.keep[:n] {
		t := &p.w.tok[i]
		if t.digits > 0 || companyWords[t.text] || t.text == "&" {
			return false
		}
	}
	first, last := p.w.tok[p.keep[0]].text, p.w.tok[p.keep[n-1]].text
	switch {
	case n == 1:
		return familyWords[first]
	case p.titleAt(int(p.keep[0])):
		return n <= 8
	case titles[first] || familyWords[first]:
		return n <= 4
	case n > 6:
		return false
	case isFirstName(first):
		return true
	case n > 4:
		return false
	case len(first) == 1 || len(last) == 1 && !p.numberAfter(int(p.keep[n-1])):
		return true
	}
	return n <= 3 && isFirstName(last) && p.channel == ChannelTransfer
}

// personChannel reports a payment between people (Bizum, Tikkie, Paylib) to or from a
// payee whose first word is a given name: "Bizum a Irene Delgado Cafe".
func (p *parsed) personChannel() bool {
	return p.is(kPerson) && p.nkeep > 0 && isFirstName(p.w.tok[p.keep[0]].text)
}

// nameLen is how many of the payee's words come before the first word the keyword lists
// give a meaning.
func (p *parsed) nameLen() int {
	for k, i := range p.keep[:p.nkeep] {
		if s := p.spanOf[i]; s >= 0 && p.spans[s].k&kMeanings != 0 {
			return k
		}
	}
	return p.nkeep
}

// titleAt reports whether token i starts a title the keyword lists name: "MME", "HERR", "SRA".
func (p *parsed) titleAt(i int) bool {
	s := p.spanAt(i)
	return s != nil && s.k.has(kPerson) && s.k&^(kPerson|kMarker|kLink) == 0
}

// numberAfter reports whether the word after token i is a number, as after "N" for numero.
func (p *parsed) numberAfter(i int) bool {
	return i+1 < p.w.n && p.w.tok[i+1].letters == 0 && p.w.tok[i+1].digits > 0
}

// nameShaped reports a payee of two or three plain words, the shape of a person's name
// on a transfer.
func (p *parsed) nameShaped() bool {
	if p.nkeep < 2 || p.nkeep > 3 {
		return false
	}
	for _, i := range p.keep[:p.nkeep] {
		if t := &p.w.tok[i]; t.digits > 0 || len(t.text) < 2 || companyWords[t.text] {
			return false
		}
	}
	return true
}

// company reports whether the payee reads as an organisation.
func (p *parsed) company() bool {
	if p.legalForm {
		return true
	}
	for _, i := range p.keep[:p.nkeep] {
		if companyWords[p.w.tok[i].text] {
			return true
		}
	}
	return false
}

// firstNames are common given names in the UK, for telling people from businesses.
var firstNames = setOf(
	"JOHN", "DAVID", "MICHAEL", "PAUL", "ANDREW", "PETER", "JAMES", "ROBERT", "MARK", "RICHARD", "STEPHEN",
	"CHRISTOPHER", "CHRIS", "IAN", "ALAN", "GARY", "SIMON", "STEVEN", "STEVE", "MARTIN", "KEVIN", "ANTHONY",
	"TONY", "DANIEL", "DAN", "DANNY", "MATTHEW", "MATT", "THOMAS", "TOM", "WILLIAM", "WILL", "BILL", "JOSEPH",
	"JOE", "GEORGE", "EDWARD", "ED", "CHARLES", "CHARLIE", "HENRY", "HARRY", "JACK", "OLIVER", "OLLIE",
	"JACOB", "NOAH", "LEO", "OSCAR", "ARTHUR", "ALFIE", "FREDDIE", "ARCHIE", "THEO", "LUCAS", "ETHAN",
	"MOHAMMED", "MOHAMMAD", "MUHAMMAD", "MOHAMED", "AHMED", "ALI", "HASSAN", "OMAR", "USMAN", "IMRAN", "ADAM",
	"SAM", "SAMUEL", "BEN", "BENJAMIN", "LUKE", "NATHAN", "RYAN", "LIAM", "JORDAN", "CONNOR", "KIERAN",
	"CALLUM", "JAMIE", "LEWIS", "ROSS", "SCOTT", "CRAIG", "STUART", "GRAHAM", "NEIL", "NIGEL", "BARRY",
	"KEITH", "BRIAN", "COLIN", "DEREK", "TREVOR", "ROGER", "MALCOLM", "GORDON", "DOUGLAS", "KENNETH", "KEN",
	"RAYMOND", "RAY", "PATRICK", "SEAN", "SHAUN", "DECLAN", "AIDAN", "RHYS", "GARETH", "DAFYDD", "EWAN",
	"FRASER", "ALEX", "ALEXANDER", "MAX", "JOSH", "JOSHUA", "TYLER", "DYLAN", "ELLIOT", "AARON", "ADRIAN",
	"ROB", "BOB", "DAVE", "MIKE", "PETE", "NICK", "NICHOLAS", "PHIL", "PHILIP", "TIM", "TIMOTHY", "JON",
	"JONATHAN", "RAJ", "RAJESH", "SANJAY", "AMIT", "VIJAY", "RAVI", "SUNIL", "ARJUN", "HARJIT", "KWAME",
	"PIOTR", "TOMASZ", "KRZYSZTOF", "MARIUS", "ANDREI", "IONUT", "FLORIN",
	"MARY", "SUSAN", "MARGARET", "SARAH", "ELIZABETH", "LIZ", "JULIE", "KAREN", "LINDA", "PATRICIA", "HELEN",
	"JANE", "JANET", "CAROL", "CAROLINE", "CLAIRE", "EMMA", "LISA", "NICOLA", "RACHEL", "REBECCA", "BECKY",
	"LAURA", "JESSICA", "JESS", "AMY", "HANNAH", "SOPHIE", "CHLOE", "LUCY", "KATIE", "KATE", "CATHERINE",
	"KATHERINE", "CHARLOTTE", "EMILY", "OLIVIA", "AMELIA", "ISLA", "AVA", "MIA", "ISABELLA", "GRACE", "LILY",
	"FREYA", "ELLA", "POPPY", "EVIE", "ROSIE", "ELLIE", "MOLLY", "HOLLY", "ABIGAIL", "ABBIE", "ZOE", "JADE",
	"GEMMA", "KELLY", "STACEY", "DONNA", "DAWN", "TRACEY", "TRACY", "SHARON", "DEBORAH", "DEBBIE", "ANGELA",
	"ANNE", "ANN", "ANNA", "JOANNE", "JO", "JENNIFER", "JENNY", "VICTORIA", "VICKY", "SAMANTHA", "SAM",
	"ALISON", "GILLIAN", "JACQUELINE", "JACKIE", "CHRISTINE", "PAULINE", "MAUREEN", "BARBARA", "DOROTHY",
	"JEAN", "JOAN", "SHEILA", "BRENDA", "PAMELA", "SANDRA", "WENDY", "DIANE", "MICHELLE", "LOUISE", "LEANNE",
	"KIRSTY", "SIOBHAN", "AOIFE", "NIAMH", "CERYS", "BETHAN", "SIAN", "MEGAN", "BETH", "BETHANY", "GEORGIA",
	"FATIMA", "AISHA", "AYESHA", "MARYAM", "ZAINAB", "PRIYA", "POOJA", "ANITA", "SUNITA", "NEHA", "MARIA",
	"ANNA", "AGNIESZKA", "KATARZYNA", "JOANNA", "ELENA", "IOANA", "NATALIE", "NATASHA", "AMANDA", "TINA",
)
