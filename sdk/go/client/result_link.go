package client

import (
	"fmt"
	"net/url"
	"strings"
)

// ResultLink is a result's signed link (the outputUri of an analytics or
// report answer) taken apart into the arguments of a generated client's
// GetResult: the result id and the GetResultParams' Expires and Sig.
type ResultLink struct {
	ResultID string
	Expires  string
	Sig      string
}

// ParseResultLink takes an outputUri apart. The server serves the link at
// its root and, for generated clients, under each API's prefix, so
//
//	l, err := client.ParseResultLink(res.JSON202.OutputUri)
//	r, err := api.GetResultWithResponse(ctx, l.ResultID, &aggregation.GetResultParams{Expires: l.Expires, Sig: l.Sig})
//
// reads the same result as a GET of outputUri itself.
func ParseResultLink(outputURI string) (ResultLink, error) {
	u, err := url.Parse(outputURI)
	if err != nil {
		return ResultLink{}, fmt.Errorf("client: result link: %w", err)
	}
	_, id, ok := strings.Cut(u.EscapedPath(), "/results/")
	q := u.Query()
	l := ResultLink{Expires: q.Get("expires"), Sig: q.Get("sig")}
	if ok {
		l.ResultID, err = url.PathUnescape(id)
	}
	if !ok || err != nil || l.ResultID == "" || strings.Contains(l.ResultID, "/") || l.Expires == "" || l.Sig == "" {
		return ResultLink{}, fmt.Errorf("client: %q is not a result link (…/results/{id}?expires=…&sig=…)", outputURI)
	}
	return l, nil
}
