package web

import (
	"openbank/banks/xs2a"
)

// banksConfig reads the operator's bank directory (BANK_DIRECTORY, a YAML
// or JSON file) and the sandbox's listener (SANDBOX_ADDR); a directory
// with problems is reported entry by entry.
func (r *envReader) banksConfig(cfg *Config) {
	cfg.BankDirectory = r.str("BANK_DIRECTORY", "")
	cfg.SandboxAddr = r.listenAddr("SANDBOX_ADDR", "off")
	if cfg.BankDirectory == "" {
		return
	}
	list, err := xs2a.LoadDirectory(cfg.BankDirectory)
	if err != nil {
		r.errs = append(r.errs, err)
		return
	}
	cfg.Banks = list
}
