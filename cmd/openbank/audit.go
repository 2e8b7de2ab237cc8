package main

import (
	"context"
	"errors"
	"os/user"

	"openbank/console"
	"openbank/store"
)

// recordChange writes a command's change to the audit log the console
// shows, in the name of the operating-system user who ran it.
func recordChange(ctx context.Context, st *store.Store, action, target string, before, after any) error {
	return auditOf(st).Record(ctx, console.Change{Actor: commandActor(), Source: console.SourceCLI,
		Action: action, Target: target, Before: before, After: after})
}

// commandActor is "cli:<login>", or "cli" when the login is unknown.
func commandActor() string {
	u, err := user.Current()
	if err != nil || u.Username == "" {
		return "cli"
	}
	return "cli:" + u.Username
}

// userActions name the audit action of each user command by its outcome.
var userActions = map[string]string{"created": "user.create", "password changed": "user.password", "deleted": "user.delete"}

// recordUserChange writes a user command's change; the record after it is
// read back (a deleted user has none).
func recordUserChange(ctx context.Context, st *store.Store, username, done string) error {
	var after any
	u, err := st.GetUser(ctx, username)
	switch {
	case err == nil:
		after = console.UserOf(u)
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	return recordChange(ctx, st, userActions[done], "user/"+username, nil, after)
}
