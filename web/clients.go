package web

import (
	"context"
	"errors"

	"openbank/aggregation"
)

// noClients knows no client settings: no callbacks, no return origins.
type noClients struct{}

func (noClients) Settings(context.Context, string) (aggregation.ClientSettings, error) {
	return aggregation.ClientSettings{}, nil
}

// noSigner refuses to sign.
type noSigner struct{}

func (noSigner) Sign([]byte) (string, error) {
	return "", errors.New("no callback signing key configured")
}
