package main

import (
	"context"
	"flag"
	"fmt"

	"openbank/oauth"
	"openbank/store"
)

func userCreateFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	username := fs.String("username", "", "the username (required)")
	password := fs.String("password", "", "the password, 8 characters or more (required)")
	admin := fs.Bool("admin", false, "may use the admin console")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(ctx context.Context, env *environment) error {
		return withUser(ctx, env, *username, *password, *asJSON, "created", func(db *store.Store) error {
			return oauth.CreateUser(ctx, db, *username, *password, *admin, oauth.DefaultArgon2)
		})
	}
}

func userPasswordFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	username := fs.String("username", "", "the username (required)")
	password := fs.String("password", "", "the new password, 8 characters or more (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(ctx context.Context, env *environment) error {
		return withUser(ctx, env, *username, *password, *asJSON, "password changed", func(db *store.Store) error {
			return oauth.SetUserPassword(ctx, db, *username, *password, oauth.DefaultArgon2, env.cfg.AccessTokenTTL)
		})
	}
}

func userDeleteFlags(fs *flag.FlagSet) func(context.Context, *environment) error {
	username := fs.String("username", "", "the username (required)")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(ctx context.Context, env *environment) error {
		return withUser(ctx, env, *username, "-", *asJSON, "deleted", func(db *store.Store) error {
			return oauth.DeleteUser(ctx, db, *username, env.cfg.AccessTokenTTL)
		})
	}
}

// withUser runs a user command and reports what happened.
func withUser(ctx context.Context, env *environment, username, password string, asJSON bool, done string, act func(*store.Store) error) error {
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
	if err := act(db.Store); err != nil {
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
