// Command openbank is the Openbank server and its administration commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"openbank/handlers/requestid"
	"openbank/web"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// command is one subcommand: its flags are parsed before run is called.
type command struct {
	name    string
	summary string
	flags   func(fs *flag.FlagSet) func(ctx context.Context, env *environment) error
}

// environment is what every command gets: the validated configuration and
// where to write.
type environment struct {
	cfg    web.Config
	stdout io.Writer
	args   []string
}

var commands = []command{
	{"serve", "run the server (the default)", serveFlags},
	{"migrate", "apply the database migrations and exit", migrateFlags},
	{"client create", "register an OAuth client; prints its id and secret (shown once) as JSON", clientCreateFlags},
	{"client list", "list the OAuth clients", clientListFlags},
	{"client update", "change a client's callbacks, products, origins, redirect URIs or grants", clientUpdateFlags},
	{"client callback-security", "set how callbacks authenticate to a client's endpoints: mutual TLS, its OAuth token endpoint", clientSecurityFlags},
	{"client rotate-secret", "give a client a new secret (shown once); the old one stops working", clientRotateFlags},
	{"client delete", "delete a client and revoke its tokens", clientDeleteFlags},
	{"user create", "create a user who can sign in", userCreateFlags},
	{"user set-password", "replace a user's password", userPasswordFlags},
	{"user delete", "delete a user", userDeleteFlags},
	{"keys rotate", "add a signing key that signs from now on (the old one still verifies)", keysRotateFlags},
	{"secrets generate", "print a new key for SECRETS_KEY", secretsGenerateFlags},
	{"secrets rotate", "seal every stored secret again with the newest key of SECRETS_KEY; prints counts as JSON", secretsRotateFlags},
	{"demo", "seed the demo client and users (idempotent) and print their credentials", demoFlags},
	{"version", "print the version", versionFlags},
	{"mockbank export", "write a mock bank's generated accounts and transactions to stdout", mockbankFlags},
	{"sandbox", "serve only the mock banks as a Berlin Group sandbox on SANDBOX_ADDR, and write their directory for another server's BANK_DIRECTORY", sandboxFlags},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "openbank:", err)
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	name := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if _, ok := find(name + " " + args[0]); ok {
			name, args = name+" "+args[0], args[1:]
		}
	}
	if name == "help" {
		usage(stderr)
		return nil
	}
	if len(args) > 0 { // two-word commands such as "mockbank export"
		if _, ok := find(name + " " + args[0]); ok {
			name, args = name+" "+args[0], args[1:]
		}
	}
	cmd, ok := find(name)
	if !ok {
		usage(stderr)
		return fmt.Errorf("unknown command %q", name)
	}
	fs := flag.NewFlagSet("openbank "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	action := cmd.flags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	cfg, err := web.LoadConfig(getenv)
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	setupLogging(stderr, cfg.LogLevel)
	return action(ctx, &environment{cfg: cfg, stdout: stdout, args: fs.Args()})
}

func find(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: openbank [command] [flags]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-22s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'openbank <command> --help' for a command's flags. Configuration comes from the environment (see README).")
}

func setupLogging(w io.Writer, level slog.Level) {
	h := slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level})
	slog.SetDefault(slog.New(requestid.LogHandler{Handler: h}))
}
