// Command pgrun starts a throwaway PostgreSQL cluster, runs the command
// given after "--" with OPENBANK_TEST_DATABASE_URL pointing at it, then
// stops the cluster: `go run ./store/storetest/pgrun -- go test ./...`.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"openbank/store/storetest"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: pgrun -- command [args...]")
		os.Exit(2)
	}
	os.Exit(run(args))
}

func run(args []string) int {
	dir, err := os.MkdirTemp("", "openbank-test-pg-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgrun:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	fmt.Fprintln(os.Stderr, "pgrun: starting a throwaway PostgreSQL under", dir)
	c, err := storetest.StartCluster(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgrun:", err)
		return 1
	}
	defer func() { _ = c.Stop() }()
	signal.Ignore(syscall.SIGINT)
	cmd := exec.Command(args[0], args[1:]...) //nolint:gosec // G204: running the command line it was given is its job
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), storetest.EnvURL+"="+c.URL("postgres"))
	if err := cmd.Run(); err != nil {
		if exit, ok := err.(*exec.ExitError); ok {
			return exit.ExitCode()
		}
		fmt.Fprintln(os.Stderr, "pgrun:", err)
		return 1
	}
	return 0
}
