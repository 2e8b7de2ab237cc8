package categorise

import (
	"testing"
	"time"

	"openbank/insight/ledger"
)

// categoriser returns the embedded categoriser or stops the test.
func categoriser(t testing.TB) *Categoriser {
	t.Helper()
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCategoriseDictionaryAndRules(t *testing.T) {
	tests := []struct {
		desc     string
		pounds   float64
		want     string
		merchant string
	}{
		{"CARD PAYMENT TO TESCO STORES 3421 ON 12 MAR", -23.45, ledger.LivingGroceries, "Tesco"},
		{"REFUND TESCO STORES 3421", 6.50, ledger.IncomeOther, "Tesco"},
		{"BGC STRIPE PAYMENTS UK LTD", 215.75, ledger.BusinessCardSettlement, "Stripe"},
		{"STRIPE", -25.00, ledger.BusinessServices, "Stripe"},
		{"KLARNA*ZALANDO", -39.97, ledger.CreditBNPL, "Klarna"},
		{"FPI CASHFLOAT", 150.00, ledger.CreditInflow, "Cashfloat"},
		{"DD MONEYBOAT REPAYMENT", -96.25, ledger.CreditPayday, "Moneyboat"},
		{"DD HSBC MORTGAGE 299602", -1310.57, ledger.CreditMortgage, "HSBC"},
		{"DWP SP 12345678A", 883.20, ledger.IncomePension, "State Pension"},
		{"DWP UC 4921887301 UC", 834.67, ledger.IncomeBenefits, "DWP"},
		{"HMRC VAT PAYMENT 678901234", -450.10, ledger.BusinessTax, "Business Tax"},
		{"FPO HMRC SHIPLEY REF 2233445566K", -940.00, ledger.TaxesPersonal, "HMRC"},
		{"HMRC PAYE 123PA00456789", -2230.14, ledger.BusinessTax, "HMRC"},
		{"DD LEEDS CITY COUNCIL CTAX", -147.00, ledger.HousingCouncilTax, ""},
		{"DD SOUTHWARK COUNCIL RENT", -512.30, ledger.HousingRent, ""},
		{"BGC ACME LOGISTICS LTD SALARY", 2134.56, ledger.IncomeSalary, ""},
		{"FPO J SMITH WAGES WK12", -412.50, ledger.BusinessPayroll, ""},
		{"FASTER PAYMENT RECEIVED FROM J SMITH REF DINNER", 35.00, ledger.TransferIn, ""},
		{"FPO F MACLEOD REF QUIZ", -5.00, ledger.TransferOut, ""},
		{"FPI ACME LTD INV 10234", 1840.00, ledger.BusinessRevenue, ""},
		{"UNPAID DD FEE", -12.00, ledger.FeesReturned, ""},
		{"OVERDRAFT INTEREST", -12.48, ledger.FeesOverdraft, ""},
		{"NON-STERLING TRANSACTION FEE", -1.25, ledger.FeesBank, ""},
		{"CASH WITHDRAWAL AT LINK ATM SAINSBURYS LEEDS ON 14 MAR", -40.00, ledger.CashWithdrawal, ""},
		{"CASH PAID IN", 150.00, ledger.CashDeposit, ""},
		{"GROSS INTEREST", 4.12, ledger.IncomeOther, ""},
		{"SLC RECEIPTS", -45.00, ledger.CreditStudent, "Student Loans Company"},
		{"VIS ST MARY'S SCHOOL FEES CD 0937", -4200.00, ledger.LivingEducation, ""},
		{"BET365 WITHDRAWAL", 145.50, ledger.Gambling, "Bet365"},
		{"Round up to Savings Space", -2.37, ledger.TransferOwn, "Savings"},
	}
	c := categoriser(t)
	for _, tt := range tests {
		r := c.Categorise(Transaction{Description: tt.desc, Amount: int64(tt.pounds * 100)}, nil)
		if r.Category != tt.want || r.Merchant != tt.merchant {
			t.Errorf("%q: got %s (%s, %q), want %s %q", tt.desc, r.Category, r.Source, r.Merchant, tt.want, tt.merchant)
		}
	}
}

func TestCategoriseKindAndOwnAccounts(t *testing.T) {
	c := categoriser(t)
	business := &Profile{Kind: KindBusiness}
	if r := c.Categorise(Transaction{Description: "DIRECT DEBIT EE LIMITED", Amount: -3150}, business); r.Category != ledger.BusinessServices {
		t.Errorf("a business's phone bill: %s", r.Category)
	}
	own := &Profile{OwnAccounts: []string{"GB29NWBK60161331926819"}, Names: []string{"JANE SMITH"}}
	tx := Transaction{Description: "TRANSFER TO 31926819", Amount: -10000}
	if r := c.Categorise(tx, own); r.Category != ledger.TransferOwn {
		t.Errorf("transfer to own account number: %s", r.Category)
	}
	if r := c.Categorise(Transaction{Description: "FPO J SMITH", Amount: -5000}, own); r.Category != ledger.TransferOwn {
		t.Errorf("payment to own name: %s", r.Category)
	}
}

func TestConsumerTakesNoBusinessCodes(t *testing.T) {
	tests := []struct {
		desc               string
		pounds             float64
		consumer, business string
	}{
		{"FPI ACME LTD INV 10234", 1840, ledger.IncomeOther, ledger.BusinessRevenue},
		{"REMISE CB 12/03 4 FACT 1234567", 842.30, ledger.IncomeOther, ledger.BusinessCardSettlement},
		{"VIR SEPA EMIS /A M. ALEXIS MOREL /MOTIF SALAIRE MARS 2024", -1650, ledger.TransferOut, ledger.BusinessPayroll},
		{"PRLV SEPA DGFIP TVA 1ER TRIMESTRE 2024", -1830, ledger.TaxesPersonal, ledger.BusinessTax},
		{"Dauerauftrag Gewerbemiete Laden Hauptstr 12", -1400, ledger.HousingRent, ledger.BusinessRent},
		{"DIRECT DEBIT EE LIMITED", -31.50, ledger.HousingTelecom, ledger.BusinessServices},
	}
	c := categoriser(t)
	for _, tt := range tests {
		tx := Transaction{Description: tt.desc, Amount: int64(tt.pounds * 100)}
		if r := c.Categorise(tx, &Profile{Kind: KindConsumer}); r.Category != tt.consumer {
			t.Errorf("a consumer's %q: %s, want %s", tt.desc, r.Category, tt.consumer)
		}
		if r := c.Categorise(tx, &Profile{Kind: KindBusiness}); r.Category != tt.business {
			t.Errorf("a business's %q: %s, want %s", tt.desc, r.Category, tt.business)
		}
	}
}

func TestCategoriseOverride(t *testing.T) {
	c := categoriser(t)
	desc := "CARD PAYMENT TO JOES CORNER 12 ON 14 MAR"
	s := &Profile{Overrides: map[string]string{MerchantKey(desc): ledger.LivingGroceries}}
	r := c.Categorise(Transaction{Description: desc, Amount: -500}, s)
	if r.Category != ledger.LivingGroceries || r.Confidence != 1 || r.Source != SourceOverride {
		t.Errorf("override: %+v", r)
	}
}

func TestCategoriseHistoryRecurrence(t *testing.T) {
	c := categoriser(t)
	var txs []Transaction
	for m := 1; m <= 4; m++ {
		txs = append(txs, Transaction{Description: "BGC MERIDIAN COUNCIL", Amount: 180000,
			Date: time.Date(2026, time.Month(m), 28, 0, 0, 0, 0, time.UTC)})
	}
	for _, r := range c.CategoriseHistory(txs, &Profile{Kind: KindConsumer}) {
		if r.Category != ledger.IncomeSalary {
			t.Errorf("monthly credit from a council: %s", r.Category)
		}
	}
	if r := c.Categorise(txs[0], nil); r.Category == ledger.IncomeSalary {
		t.Errorf("a single council credit without pay words read as salary")
	}
}

func TestCategoriserVersion(t *testing.T) {
	if CategoriserVersion == "" {
		t.Error("no version")
	}
}

func FuzzCategorise(f *testing.F) {
	f.Add("CARD PAYMENT TO TESCO STORES 3421 ON 12 MAR", int64(-2345))
	f.Add("FPI J SMITH", int64(1000))
	f.Add("", int64(0))
	f.Add("HMRC ***** @@@ 123PA00456789", int64(-1))
	c := categoriser(f)
	f.Fuzz(func(t *testing.T, desc string, amount int64) {
		r := c.Categorise(Transaction{Description: desc, Amount: amount}, nil)
		if !ledger.Valid(r.Category) || r.Confidence < 0 || r.Confidence > 1 {
			t.Errorf("Categorise(%q, %d) = %+v", desc, amount, r)
		}
	})
}

func BenchmarkCategorise(b *testing.B) {
	c := categoriser(b)
	txs := []Transaction{
		{Description: "CARD PAYMENT TO TESCO STORES 3421 ON 12 MAR", Amount: -2345},
		{Description: "DIRECT DEBIT PAYMENT TO OCTOPUS ENERGY REF A-1F2E3D4C", Amount: -14500},
		{Description: "FASTER PAYMENTS RECEIPT REF.PETROL FROM L WILLIAMS", Amount: 2000},
		{Description: "BGC ACME LOGISTICS LTD SALARY", Amount: 213456},
		{Description: "VIS TRATTORIA DA MARIO ROMA IT 58.00 EUR @ 1.1590 CD 4421", Amount: -5004},
		{Description: "SQ *BLUE BOTTLE COFFEE", Amount: -400},
		{Description: "HMRC PAYE 123PA00456789", Amount: -223014},
		{Description: "POS 3318 15JUL24 SMOKERS CORNER", Amount: -1140},
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		c.Categorise(txs[i%len(txs)], nil)
	}
}
