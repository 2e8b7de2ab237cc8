package sandbox

import (
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"openbank/banks"
)

// savedConsent is a consent as the state file keeps it.
type savedConsent struct {
	ID          string         `json:"id"`
	Bank        string         `json:"bank"`
	Seed        int64          `json:"seed"`
	Status      string         `json:"status"`
	Recurring   bool           `json:"recurring"`
	ValidUntil  string         `json:"validUntil"`
	Frequency   int            `json:"frequencyPerDay"`
	RedirectURI string         `json:"redirectUri"`
	Decoupled   bool           `json:"decoupled,omitempty"`
	Granted     banks.Consent  `json:"granted"`
	Unattended  map[string]int `json:"unattended"`
	LastAction  time.Time      `json:"lastAction"`
	// Authorisations are the embedded and decoupled SCAs under way.
	Authorisations []savedAuthorisation `json:"authorisations,omitempty"`
}

// savedAuthorisation is an authorisation sub-resource as the state file
// keeps it.
type savedAuthorisation struct {
	ID        string `json:"id"`
	Challenge string `json:"challenge,omitempty"`
	Status    string `json:"status"`
	PSU       string `json:"psu,omitempty"`
}

// load reads the consents of the state file, if there is one: a sandbox
// that keeps its state survives a restart as a bank would.
func (a *ASPSP) load() {
	if a.opts.StateFile == "" {
		return
	}
	raw, err := os.ReadFile(a.opts.StateFile)
	if err != nil {
		return // none yet
	}
	var list []savedConsent
	if err := json.Unmarshal(raw, &list); err != nil {
		slog.Warn("sandbox: state file unreadable; starting afresh", "file", a.opts.StateFile, "error", err)
		return
	}
	for _, s := range list {
		if _, ok := a.banks[s.Bank]; !ok {
			continue
		}
		if s.Unattended == nil {
			s.Unattended = map[string]int{}
		}
		a.consents[s.ID] = &consent{id: s.ID, bank: s.Bank, seed: s.Seed, status: s.Status, recurring: s.Recurring,
			validUntil: s.ValidUntil, frequency: s.Frequency, redirectURI: s.RedirectURI, decoupled: s.Decoupled, granted: s.Granted,
			unattended: s.Unattended, lastAction: s.LastAction}
		for _, au := range s.Authorisations {
			if a.consents[s.ID].authorisations == nil {
				a.consents[s.ID].authorisations = map[string]*authorisation{}
			}
			a.consents[s.ID].authorisations[au.ID] = &authorisation{id: au.ID, challenge: au.Challenge, status: au.Status, psu: au.PSU}
		}
	}
}

// saveEvery is how often at most the state file is written. Each write
// holds every consent, so a burst of new consents written one by one would
// cost the square of their number; a sandbox that stops without Close
// loses at most this much of its state.
const saveEvery = time.Second

// saveLocked has the consents written to the state file: at once when the
// last write is saveEvery old, else when it will be. The caller holds a.mu.
func (a *ASPSP) saveLocked() {
	if a.opts.StateFile == "" || a.saving != nil {
		return
	}
	if wait := saveEvery - time.Since(a.savedAt); wait > 0 {
		a.saving = time.AfterFunc(wait, a.saveDue)
		return
	}
	a.writeLocked()
}

// saveDue writes the state file when its write is due.
func (a *ASPSP) saveDue() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.saving != nil {
		a.saving = nil
		a.writeLocked()
	}
}

// Close writes the state file if a write is due, as a bank keeps what it
// was told before it stops. The sandbox still answers afterwards.
func (a *ASPSP) Close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.saving != nil {
		a.saving.Stop()
		a.saving = nil
		a.writeLocked()
	}
}

// writeLocked writes every consent to the state file; the caller holds
// a.mu.
func (a *ASPSP) writeLocked() {
	a.savedAt = time.Now()
	list := make([]savedConsent, 0, len(a.consents))
	for _, c := range a.consents {
		list = append(list, savedConsent{ID: c.id, Bank: c.bank, Seed: c.seed, Status: c.status, Recurring: c.recurring,
			ValidUntil: c.validUntil, Frequency: c.frequency, RedirectURI: c.redirectURI, Decoupled: c.decoupled, Granted: c.granted,
			Unattended: c.unattended, LastAction: c.lastAction, Authorisations: savedAuthorisations(c)})
	}
	raw, err := json.Marshal(list)
	if err == nil {
		tmp := filepath.Join(filepath.Dir(a.opts.StateFile), ".consents.tmp")
		if err = os.WriteFile(tmp, raw, 0o600); err == nil {
			err = os.Rename(tmp, a.opts.StateFile)
		}
	}
	if err != nil {
		slog.Warn("sandbox: state not saved", "file", a.opts.StateFile, "error", err)
	}
}

// savedAuthorisations are a consent's authorisations for the state file.
func savedAuthorisations(c *consent) []savedAuthorisation {
	var out []savedAuthorisation
	for _, au := range c.authorisations {
		out = append(out, savedAuthorisation{ID: au.id, Challenge: au.challenge, Status: au.status, PSU: au.psu})
	}
	return out
}
