package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
)

// The records the console's record pages show: a showcase of the bench
// client with reminderRows reminders, and a subject whose analytics and
// PDF report the console reads.
const (
	consoleShowcaseN = 99_999
	reminderRows     = 1_000 // the gateway's default limit per showcase
	reminderPage     = 25
	consoleSubject   = "bench-console-subject"
)

// consoleRecordOperations are the pages of a showcase's reminders, one
// reminder's form, a subject's analytics with their charts and a PDF
// report's state, under the same p99 goal as every console page.
func (b *bench) consoleRecordOperations(page func(func() string) func(int, int) *http.Request, p99 goal) []operation {
	showcase := "/admin/showcases/" + showcaseName(consoleShowcaseN) + "/reminders"
	subject := "/admin/aggregation/" + benchClientID + "/subjects/" + consoleSubject
	var reminder, report string
	return []operation{
		{name: "console: a showcase's reminders, 1,000 rows, 1 conn", status: 200, conns: 1, goal: p99,
			setup: func() (err error) { reminder, err = b.seedReminders(); return err },
			request: page(func() string {
				return fmt.Sprintf("%s?size=%d&page=%d", showcase, reminderPage, rand.IntN(reminderRows/reminderPage)) //nolint:gosec // G404: a load pattern
			})},
		{name: "console: a reminder's form, 1 conn", status: 200, conns: 1, goal: p99,
			request: page(func() string { return showcase + "/" + reminder })},
		{name: "console: a subject's analytics with charts, 3 accounts × 24 months, 1 conn", status: 200, conns: 1, goal: p99,
			setup:   func() error { return seedPersonaSubject(context.Background(), b.db, consoleSubject, analyticsRows) },
			request: page(func() string { return subject })},
		{name: "console: a PDF report's state, 1 conn", status: 200, conns: 1, goal: p99,
			setup:   func() (err error) { report, err = b.seedReport(); return err },
			request: page(func() string { return subject + "/reports/" + report })},
	}
}

// seedReminders gives the console's showcase reminderRows reminders with
// the catalogue's texts and returns the identifier of one of them.
func (b *bench) seedReminders() (string, error) {
	ctx, name := context.Background(), showcaseName(consoleShowcaseN)
	_, err := b.db.ExecContext(ctx, `INSERT INTO reminders (showcase, identifier, relevance, text_idx, text)
		SELECT $1, gen_random_uuid(), g % 10, t.idx, t.text
		FROM generate_series(1, $2::integer) g JOIN reminder_texts t ON t.idx = g % (SELECT count(*) FROM reminder_texts)`, name, reminderRows)
	if err == nil {
		_, err = b.db.ExecContext(ctx, `UPDATE showcases SET reminder_count = (SELECT count(*) FROM reminders WHERE showcase = $1) WHERE name = $1`, name)
	}
	var id string
	if err == nil {
		err = b.db.GetContext(ctx, &id, `SELECT identifier FROM reminders WHERE showcase = $1 ORDER BY identifier LIMIT 1 OFFSET $2`, name, reminderRows/2)
	}
	if err != nil {
		return "", fmt.Errorf("console reminders: %w", err)
	}
	return id, settle(b.db)
}

// seedReport records a PDF report of the console's subject being made, as
// the console's button leaves it, and returns its id.
func (b *bench) seedReport() (string, error) {
	const id = "bench-console-report"
	_, err := b.db.ExecContext(context.Background(), `INSERT INTO results (id, client_id, subject_id, kind, status, data_version, expires_at)
		VALUES ($1, $2, $3, 'report-pdf', 'pending', 'bench', now() + interval '1 day')`, id, benchClientID, consoleSubject)
	if err != nil {
		return "", fmt.Errorf("console report: %w", err)
	}
	return id, nil
}
