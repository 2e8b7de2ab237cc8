// Command insight-train fits, offline, the models the insight packages embed:
// the scorecards (insight/score/data) and the categoriser's fallback model
// (insight/categorise/data). Its output files are committed and built into
// the server, which never runs this code. Run it from the repository's root:
//
//	go run ./cmd/insight-train scorecards [flags]
//	go run ./cmd/insight-train categoriser [flags]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// command is one subcommand: its flags are parsed before run is called.
type command struct {
	name    string
	summary string
	flags   func(fs *flag.FlagSet) func(stdout io.Writer) error
}

var commands = []command{
	{"scorecards", "fit the scorecards on a persona population; write the model, card and validation", scorecardsFlags},
	{"categoriser", "train the categoriser's fallback model; write insight/categorise/data/model.bin.gz", categoriserFlags},
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "insight-train:", err)
		os.Exit(1)
	}
}

// run parses a subcommand's flags and runs it.
func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return errors.New("no command")
		}
		return nil
	}
	cmd, ok := find(args[0])
	if !ok {
		usage(stderr)
		return fmt.Errorf("unknown command %q", args[0])
	}
	fs := flag.NewFlagSet("insight-train "+cmd.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	action := cmd.flags(fs)
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s takes no arguments, got %q", cmd.name, fs.Args())
	}
	return action(stdout)
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
	fmt.Fprintln(w, "usage: insight-train <command> [flags]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'insight-train <command> --help' for a command's flags; paths are from the repository's root.")
}
