package categorise

import (
	"strings"
	"testing"
)

func TestNormalise(t *testing.T) {
	tests := []struct {
		desc    string
		key     string
		channel Channel
	}{
		{"CARD PAYMENT TO TESCO STORES 3421 ON 12 MAR", "TESCO STORES", ChannelCard},
		{"TESCO STORES 3421 CD 1234", "TESCO STORES", ChannelCard},
		{"TESCO STORES 3421 SHEFFIELD DEB", "TESCO STORES", ChannelCard},
		{"DEB ALDI STORES CD 8812", "ALDI STORES", ChannelCard},
		{"BRITISH GAS D/D", "BRITISH GAS", ChannelDirectDebit},
		{"BRITISH GAS DD", "BRITISH GAS", ChannelDirectDebit},
		{"DD OCTOPUS ENERGY", "OCTOPUS ENERGY", ChannelDirectDebit},
		{"DIRECT DEBIT PAYMENT TO SANTANDER MORTGAGE REF 00991233", "SANTANDER MORTGAGE", ChannelDirectDebit},
		{"J SMITH RENT S/O", "J SMITH RENT", ChannelStandingOrder},
		{"SO LANDLORD RENT", "LANDLORD RENT", ChannelStandingOrder},
		{"ACME LTD BGC", "ACME", ChannelBankGiroCredit},
		{"FPI J SMITH REF DINNER", "J SMITH", ChannelFasterPayment},
		{"FPO K BROWN", "K BROWN", ChannelFasterPayment},
		{"FASTER PAYMENT TO J SMITH REF LUNCH", "J SMITH", ChannelFasterPayment},
		{"FASTER PAYMENTS RECEIPT REF.220208 FROM PAYROLL - GREGGS PLC", "PAYROLL GREGGS", ChannelFasterPayment},
		{"TFR TO A/C 12345678 SAVINGS", "A C SAVINGS", ChannelTransfer},
		{"BP BARCLAYCARD 4929", "BARCLAYCARD", ChannelFasterPayment},
		{"BP 1234 BRISTOL", "BP", ChannelOther},
		{"BILL PAYMENT TO CAPITAL ONE REFERENCE 5290", "CAPITAL ONE", ChannelFasterPayment},
		{"CPT CASH WITHDRAWAL TSB DUNDEE", "TSB", ChannelATM},
		{"POS 3318 15JUL24 PRIMARK", "PRIMARK", ChannelCard},
		{"ATM LLOYDS BANK LEEDS", "LLOYDS BANK", ChannelATM},
		{"CHQ 100234", "", ChannelCheque},
		{"Visa purchase - NETFLIX.COM", "NETFLIX", ChannelCard},
		{"Contactless Payment SAINSBURYS LOCAL 2211", "SAINSBURYS LOCAL", ChannelCard},
		{"PAYPAL *NETFLIX", "NETFLIX", ChannelOther},
		{"SQ *TONY'S BARBERS", "TONYS BARBERS", ChannelOther},
		{"SumUp *Kebab Express", "KEBAB EXPRESS", ChannelOther},
		{"ZETTLE_*MARKET STALL", "MARKET STALL", ChannelOther},
		{"IZ *THE FAT BUTCHER BURGER", "THE FAT BUTCHER BURGER", ChannelOther},
		{"SP * GYMSHARK", "GYMSHARK", ChannelOther},
		{"CRV*TESCO STORES", "TESCO STORES", ChannelOther},
		{"UBER *TRIP HELP.UBER.COM", "UBER TRIP HELP UBER", ChannelOther},
		{"AMZN Mktp UK*2K4AB12", "AMZN MKTP", ChannelOther},
		{"AMAZON.CO.UK*AB12CD", "AMAZON", ChannelOther},
		{"JUST EAT.CO.UK LONDON GB", "JUST EAT", ChannelOther},
		{"VIS TRATTORIA DA MARIO ROMA IT 58.00 EUR @ 1.1590 CD 4421", "TRATTORIA DA MARIO ROMA", ChannelCard},
		{"CARD PAYMENT TO AWS EMEA,142.37 GBP, RATE 1.00/GBP ON 01-05-2024", "AWS EMEA", ChannelCard},
		{"4421 18MAY24 C ATM NATIONWIDE BS EXETER GB", "NATIONWIDE BS", ChannelATM},
		{"WAITROSE 614 BIRMINGHAM GB", "WAITROSE", ChannelOther},
		{"Tom Barker sent you money", "TOM BARKER", ChannelFasterPayment},
		{"CASH DEPOSIT AT POST OFFICE ST HELENS", "POST OFFICE ST HELENS", ChannelDeposit},
		{"GREGGS 1234 14:32", "GREGGS", ChannelOther},
	}
	for _, tt := range tests {
		n := Normalise(tt.desc)
		if n.Key != tt.key || n.Channel != tt.channel {
			t.Errorf("Normalise(%q) = key %q channel %q, want %q %q", tt.desc, n.Key, n.Channel, tt.key, tt.channel)
		}
		if MerchantKey(tt.desc) != n.Key {
			t.Errorf("MerchantKey(%q) = %q, want %q", tt.desc, MerchantKey(tt.desc), n.Key)
		}
	}
}

func TestNormaliseProcessorAndReference(t *testing.T) {
	n := Normalise("FASTER PAYMENT TO J SMITH REF HOLIDAY 2024")
	if strings.Join(n.Reference, " ") != "HOLIDAY 2024" || strings.Join(n.Tokens, " ") != "J SMITH" {
		t.Errorf("reference %q tokens %q", n.Reference, n.Tokens)
	}
	if p := Normalise("PAYPAL *STEAM GAMES").Processor; p != "PAYPAL" {
		t.Errorf("processor %q, want PAYPAL", p)
	}
	if p := Normalise("SUMUP *PAYOUT 0412").Processor; p != "" {
		t.Errorf("a processor's own payout kept its name off, processor %q", p)
	}
}

func FuzzNormalise(f *testing.F) {
	for _, s := range []string{"CARD PAYMENT TO TESCO STORES 3421 ON 12 MAR", "PAYPAL *", "&&&&", "ÄÖÜ £12.00 @ 1.2", "D/D"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, desc string) {
		n := Normalise(desc)
		if n.Channel == "" {
			t.Errorf("Normalise(%q) has no channel", desc)
		}
		if len(n.Tokens) > maxTokens {
			t.Errorf("Normalise(%q) has %d tokens", desc, len(n.Tokens))
		}
	})
}
