package docs

import "openbank/views"

// api is one documented API release level.
type api struct {
	slug        string // the reference's path element
	name        string
	version     string
	description string
	base        string // path of the API on this server
	document    string // name of its YAML document
	sdk         string // name of its Go library's zip
}

// apis are the APIs of this server, newest release level first.
var apis = []api{
	{"gateway-v1.1.0", "Showcase, Reminder and Consent gateway", "1.1.0",
		"Showcases, their reminders and the consents that share them.",
		"/gateway/v1.1.0", GatewayOpenAPI, "openbank-go-gateway-v1.1.0.zip"},
	{"aggregation-v3.12.0", "Account-data aggregation", "3.12.0",
		"Providers, connections, consents, fetches, accounts, transactions, the widget, uploads and insight.",
		"/aggregation/v3.12.0", AggregationOpenAPI, "openbank-go-aggregation-v3.12.0.zip"},
	{"aggregation-v3.11.0", "Account-data aggregation", "3.11.0",
		"The previous release level; it behaves as 3.12.0.",
		"/aggregation/v3.11.0", AggregationOpenAPIPrev, "openbank-go-aggregation-v3.11.0.zip"},
}

// findAPI is the API whose reference is called slug.
func findAPI(slug string) (api, bool) {
	for _, a := range apis {
		if a.slug == slug {
			return a, true
		}
	}
	return api{}, false
}

// views lists the APIs as the developer page shows them.
func (h *Handler) apiViews() []views.DocsAPI {
	out := make([]views.DocsAPI, 0, len(apis))
	for _, a := range apis {
		json := a.document[:len(a.document)-len(".yaml")] + ".json"
		v := views.DocsAPI{Name: a.name, Version: a.version, Description: a.description,
			Base: h.publicURL + a.base, Reference: "/docs/reference/" + a.slug,
			YAML: "/openapi/" + a.document, JSON: "/openapi/" + json}
		if h.sdk.has(a.sdk) {
			v.SDK = "/docs/sdk/" + a.sdk
		}
		out = append(out, v)
	}
	return out
}
