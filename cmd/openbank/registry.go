package main

import (
	"time"

	"openbank/console"
	"openbank/oauth"
	"openbank/store"
	"openbank/web"
)

// registryOf is the registry of OAuth clients and users over st, with the
// server's access-token lifetime: what a command revokes stays refused
// for as long as a token the server issued may live.
func registryOf(st *store.Store, cfg web.Config) *oauth.Registry {
	return &oauth.Registry{Store: st, Clock: time.Now, AccessTokenTTL: cfg.AccessTokenTTL}
}

// auditOf is the console's service over st, which keeps the audit log
// the commands write to.
func auditOf(st *store.Store) *console.Service {
	return &console.Service{Store: st, Clock: time.Now}
}
