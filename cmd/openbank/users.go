package main

import (
	"context"
	"flag"
	"fmt"

	"openbank/oauth"
)

func userCreateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	username := fs.String("username", "", "the username (required)")
	password := fs.String("password", "", "the password, 8 characters or more (required)")
	admin := fs.Bool("admin", false, "may use the admin console")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(ctx context.Context, env *environment) error {
		return withUser(ctx, env, *username, *password, *asJSON, "created", func(r *oauth.Registry) error {
			return r.CreateUser(ctx, *username, *password, *admin)
		})
	}
}

func userPasswordFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	username := fs.String("username", "", "the username (required)")
	password := fs.String("password", "", "the new password, 8 characters or more (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(ctx context.Context, env *environment) error {
		return withUser(ctx, env, *username, *password, *asJSON, "password changed", func(r *oauth.Registry) error {
			return r.SetUserPassword(ctx, *username, *password)
		})
	}
}

func userDeleteFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	username := fs.String("username", "", "the username (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(ctx context.Context, env *environment) error {
		return withUser(ctx, env, *username, "-", *asJSON, "deleted", func(r *oauth.Registry) error {
			return r.DeleteUser(ctx, *username)
		})
	}
}

// withUser runs a user command and reports what happened.
func withUser(ctx context.Context, env *environment, username, password string, asJSON bool, done string, act func(*oauth.Registry) error) error {
	if err := required("username", username); err != nil {
		return err
	}
	if err := required("password", password); err != nil {
		return err
	}
	db, err := openDB(ctx, env.cfg)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	if err := act(registryOf(db.Store, env.cfg)); err != nil {
		return err
	}
	if err := recordUserChange(ctx, db.Store, username, done); err != nil {
		return err
	}
	if asJSON {
		return printJSON(env.stdout, map[string]string{"username": username, "result": done})
	}
	_, err = fmt.Fprintf(env.stdout, "user %s: %s\n", username, done)
	return err
}
