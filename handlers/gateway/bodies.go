package gateway

// The JSON request bodies of the gateway. Each converts to the gateway's
// own request type, which validates it and names the field at fault.

// createShowcaseBody is the body of POST /showcases (gateway.NewShowcase).
type createShowcaseBody struct {
	Name      *string `json:"name"`
	ValidFrom *string `json:"validFrom"`
	ValidTo   *string `json:"validTo"`
}

// patchShowcaseBody is the body of PATCH /showcases/{name}
// (gateway.ShowcaseChange).
type patchShowcaseBody struct {
	ValidFrom *string `json:"validFrom"`
	ValidTo   *string `json:"validTo"`
}

// searchShowcaseBody is the body of POST /showcases/search
// (gateway.ShowcaseSearch).
type searchShowcaseBody struct {
	NameFilter    *string `json:"nameFilter"`
	StartValidity *string `json:"startValidity"`
	EndValidity   *string `json:"endValidity"`
}

// createReminderBody is the body of POST /showcases/{name}/reminders
// (gateway.NewReminder).
type createReminderBody struct {
	Relevance         *int32 `json:"relevance"`
	SelectableTextIdx *int32 `json:"selectableTextIdx"`
}

// patchReminderBody is the body of PATCH …/reminders/{identifier}
// (gateway.ReminderChange).
type patchReminderBody struct {
	Relevance         *int32 `json:"relevance"`
	SelectableTextIdx *int32 `json:"selectableTextIdx"`
}

// searchReminderBody is the body of POST …/reminders/search
// (gateway.ReminderSearch).
type searchReminderBody struct {
	Relevance  *int32  `json:"relevance"`
	TextFilter *string `json:"textFilter"`
}

// createConsentBody is the body of POST /consents (gateway.NewConsent).
type createConsentBody struct {
	Showcase     *string `json:"showcase"`
	Username     *string `json:"username"`
	ConsentLevel *string `json:"consentLevel"`
}
