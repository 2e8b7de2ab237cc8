package xs2a

// The XS2A messages the connector reads and writes, with the fields it
// uses (names as in the NextGenPSD2 OpenAPI document, version 1.3.11).

type href struct {
	Href string `json:"href"`
}

type links struct {
	SCARedirect *href `json:"scaRedirect,omitempty"`
	Next        *href `json:"next,omitempty"`
	Status      *href `json:"status,omitempty"`
}

type accountReference struct {
	IBAN     string `json:"iban,omitempty"`
	BBAN     string `json:"bban,omitempty"`
	PAN      string `json:"maskedPan,omitempty"`
	Currency string `json:"currency,omitempty"`
}

type access struct {
	Accounts     []accountReference `json:"accounts"`
	Balances     []accountReference `json:"balances"`
	Transactions []accountReference `json:"transactions"`
}

type consentRequest struct {
	Access                   access `json:"access"`
	RecurringIndicator       bool   `json:"recurringIndicator"`
	ValidUntil               string `json:"validUntil"`
	FrequencyPerDay          int    `json:"frequencyPerDay"`
	CombinedServiceIndicator bool   `json:"combinedServiceIndicator"`
}

type consentCreated struct {
	ConsentStatus string `json:"consentStatus"`
	ConsentID     string `json:"consentId"`
	Links         links  `json:"_links"`
}

type consentStatus struct {
	ConsentStatus string `json:"consentStatus"`
}

type consentInformation struct {
	ValidUntil    string `json:"validUntil"`
	ConsentStatus string `json:"consentStatus"`
}

// The embedded SCA approach's messages: the PSU's password, the choice
// of an SCA method, the one-time code, and the bank's answers to them.
type psuData struct {
	Password string `json:"password"`
}

type psuAuthentication struct {
	PSUData psuData `json:"psuData"`
}

type methodSelection struct {
	AuthenticationMethodID string `json:"authenticationMethodId"`
}

type transactionAuthorisation struct {
	SCAAuthenticationData string `json:"scaAuthenticationData"`
}

type scaMethod struct {
	AuthenticationType     string `json:"authenticationType"`
	AuthenticationMethodID string `json:"authenticationMethodId"`
	Name                   string `json:"name,omitempty"`
}

type scaAnswer struct {
	SCAStatus       string      `json:"scaStatus"`
	AuthorisationID string      `json:"authorisationId"`
	SCAMethods      []scaMethod `json:"scaMethods"`
	ChosenSCAMethod *scaMethod  `json:"chosenScaMethod"`
	PSUMessage      string      `json:"psuMessage"`
}

type amount struct {
	Currency string `json:"currency"`
	Amount   string `json:"amount"`
}

type balance struct {
	BalanceAmount       amount `json:"balanceAmount"`
	BalanceType         string `json:"balanceType"`
	CreditLimitIncluded *bool  `json:"creditLimitIncluded,omitempty"`
	ReferenceDate       string `json:"referenceDate,omitempty"`
}

type accountDetails struct {
	ResourceID      string    `json:"resourceId"`
	IBAN            string    `json:"iban"`
	BBAN            string    `json:"bban"`
	Currency        string    `json:"currency"`
	Name            string    `json:"name"`
	DisplayName     string    `json:"displayName"`
	Product         string    `json:"product"`
	CashAccountType string    `json:"cashAccountType"`
	Balances        []balance `json:"balances"`
}

type accountList struct {
	Accounts []accountDetails `json:"accounts"`
}

type balances struct {
	Balances []balance `json:"balances"`
}

type structuredReference struct {
	Reference string `json:"reference"`
}

type transaction struct {
	TransactionID                     string              `json:"transactionId"`
	EntryReference                    string              `json:"entryReference"`
	EndToEndID                        string              `json:"endToEndId"`
	MandateID                         string              `json:"mandateId"`
	BookingDate                       string              `json:"bookingDate"`
	ValueDate                         string              `json:"valueDate"`
	TransactionAmount                 amount              `json:"transactionAmount"`
	CreditorName                      string              `json:"creditorName"`
	CreditorAccount                   accountReference    `json:"creditorAccount"`
	DebtorName                        string              `json:"debtorName"`
	DebtorAccount                     accountReference    `json:"debtorAccount"`
	RemittanceInformationUnstructured string              `json:"remittanceInformationUnstructured"`
	RemittanceInformationStructured   structuredReference `json:"remittanceInformationStructured"`
	BankTransactionCode               string              `json:"bankTransactionCode"`
	ProprietaryBankTransactionCode    string              `json:"proprietaryBankTransactionCode"`
	BalanceAfterTransaction           balance             `json:"balanceAfterTransaction"` // in place: absent, null and {} alike
}

type accountReport struct {
	Booked  []transaction `json:"booked"`
	Pending []transaction `json:"pending"`
	Links   links         `json:"_links"`
}

type transactionsAnswer struct {
	Account      *accountReference `json:"account"`
	Transactions accountReport     `json:"transactions"`
}
