package aggregation

import "openbank/aggregation"

// Upload answers POST /uploads.
type Upload struct {
	Connection        Connection        `json:"connection"`
	Accounts          []UploadedAccount `json:"accounts"`
	TransactionsAdded int               `json:"transactionsAdded"`
	Duplicates        int               `json:"duplicates"`
}

// UploadedAccount is what an upload did to one account.
type UploadedAccount struct {
	AccountID         int64  `json:"accountId"`
	Name              string `json:"name"`
	IBAN              string `json:"iban,omitempty"`
	Currency          string `json:"currency"`
	Created           bool   `json:"created"`
	TransactionsAdded int    `json:"transactionsAdded"`
	Duplicates        int    `json:"duplicates"`
}

func uploadOf(u *aggregation.Uploaded) Upload {
	out := Upload{Connection: connectionOf(u.Connection), Accounts: make([]UploadedAccount, len(u.Accounts)),
		TransactionsAdded: u.Added, Duplicates: u.Duplicates}
	for i, a := range u.Accounts {
		out.Accounts[i] = UploadedAccount{AccountID: a.ID, Name: a.Name, IBAN: a.IBAN, Currency: a.Currency,
			Created: a.Created, TransactionsAdded: a.Added, Duplicates: a.Duplicates}
	}
	return out
}
