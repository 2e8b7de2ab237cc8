package banks

// The personal profiles of the consumer banks. Amounts are pence.
var (
	lowRisk = consumerTraits{
		salary: [2]int64{260000, 380000}, housing: [2]int64{85000, 135000}, mortgage: true,
		overdraft: 50000, appetite: 78, cash: 40, cashIn: 2, returnFee: 0, odRate: 3990,
		pension: 100, studentLoan: 250, selfAssessed: 700,
		education: schooling{perMille: 600, payees: nurseries, method: DirectDebit, fee: [2]int64{25000, 75000}},
	}
	ordinary = consumerTraits{
		salary: [2]int64{210000, 320000}, housing: [2]int64{75000, 115000},
		overdraft: 75000, appetite: 88, cash: 50, cashIn: 6, tobacco: 40, returnFee: 0, odRate: 3990,
		studentLoan: 650, selfAssessed: 100,
		education: schooling{perMille: 400, payees: courses, method: DirectDebit, fee: [2]int64{9000, 24000}},
	}
	highRisk = consumerTraits{
		agency: [2]int64{38000, 56000}, benefits: [2]int64{35000, 60000}, housing: [2]int64{60000, 82000},
		overdraft: 100000, appetite: 118, gambling: 350, tobacco: 300, cash: 110, cashIn: 10,
		paydayLoans: true, bnpl: true, returnFee: 600, odRate: 3990,
		education: schooling{perMille: 500, payees: []string{"PARENTPAY"}, method: Card, fee: [2]int64{1000, 4000}},
	}
)

// consumerBank returns a setup that plays one personal customer with traits t.
func consumerBank(t consumerTraits) func(*sim) planner {
	return func(s *sim) planner { return newConsumer(s, t) }
}

// multiAccount is a consumer with a current account, a savings account and a
// credit card: transfers between them and a full card repayment every month.
// The household includes a pensioner whose pension is paid into the current account.
type multiAccount struct {
	*consumer
	statement int64 // card balance owed at the last statement
	cardRef   string
}

func newMultiAccount(s *sim) planner {
	t := lowRisk
	t.pension = 1000
	c := newConsumer(s, t)
	c.save = s.open("Easy Access Saver", Savings, 0)
	c.save.creditRate = 325
	c.save.setOpening(100 * c.save.between(3000, 15000))
	c.card = s.open("Rewards Credit Card", CreditCard, 100000*c.cur.between(3, 8))
	c.spendPct = c.spendPct * 110 / 100
	return &multiAccount{consumer: c, cardRef: "4929********" + mandate(c.cur, 4)}
}

func (m *multiAccount) plan() {
	m.consumer.plan()
	info := m.s.info()
	if info.dom == 3 {
		m.statement = max(-m.card.balance, 0)
	}
	if info.dom == 24 && m.statement > 0 {
		m.repayCard()
	}
	cur, save := m.cur, m.save
	if cur.balance < 20000 && save.balance > 100000 && cur.chance(200) {
		save.transfer(cur, 5000*save.between(6, 16), false, "transfer.own")
	}
}

// repayCard collects the statement balance from the current account by direct debit.
func (m *multiAccount) repayCard() {
	cur, card := m.cur, m.card
	out := Transaction{Amount: -m.statement, Method: DirectDebit, Counterparty: "OPENBANK CREDIT CARD",
		CounterpartyAccount: card.account.IBAN, Reference: m.cardRef, TrueCategory: "credit.card",
		Description: "DIRECT DEBIT OPENBANK CREDIT CARD REF " + m.cardRef}
	in := Transaction{Amount: m.statement, Method: DirectDebit, Counterparty: cur.account.Name,
		CounterpartyAccount: cur.account.IBAN, Reference: "DIRECT DEBIT", TrueCategory: "transfer.own",
		Description: "PAYMENT RECEIVED - THANK YOU"}
	cur.post(entry{book: m.s.cal.nextBanking(m.s.today), checked: true, tx: out, leg: &in, legTo: card})
	m.statement = 0
}
