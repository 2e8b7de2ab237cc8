package main

import (
	"context"
	"flag"

	"openbank/web"
)

// sandboxFlags is `openbank sandbox`: the mock banks as a Berlin Group
// sandbox in a process of their own, for another server's BANK_DIRECTORY.
func sandboxFlags(*flag.FlagSet) func(context.Context, *environment) error {
	return func(ctx context.Context, env *environment) error {
		return web.ServeSandbox(ctx, env.cfg)
	}
}
