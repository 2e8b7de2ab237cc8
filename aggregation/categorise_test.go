package aggregation_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"openbank/aggregation"
	"openbank/banks"
	"openbank/insight/categorise"
	"openbank/insight/ledger"
	"openbank/store"
	"openbank/store/storetest"
)

func TestCategoriserVersionNamesInsightsRelease(t *testing.T) {
	if categorise.CategoriserVersion != aggregation.CategoriserRelease {
		t.Fatalf("categorise.CategoriserVersion is %s but CategoriserVersion %d stands for %s: give the new release the next number",
			categorise.CategoriserVersion, aggregation.CategoriserVersion, aggregation.CategoriserRelease)
	}
}

// TestStaleCategoryIndexNamesTheCurrentVersion checks that the partial
// index re-categorisation reads holds the rows below CategoriserVersion:
// the release that raises the version recreates it in a migration.
func TestStaleCategoryIndexNamesTheCurrentVersion(t *testing.T) {
	t.Parallel()
	var def string
	if err := storetest.NewDB(t).Get(&def, `SELECT indexdef FROM pg_indexes WHERE indexname = 'transactions_stale_categories'`); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("WHERE (categoriser_version < %d)", aggregation.CategoriserVersion); !strings.HasSuffix(def, want) {
		t.Fatalf("the stale-category index is %q: add a migration that drops it and creates it again %s", def, want)
	}
}

// TestCategoryEnumHoldsTheTaxonomy checks that the stored category's
// enum has every code of the taxonomy: the release that adds a category
// adds it in a migration (ALTER TYPE transaction_category ADD VALUE).
func TestCategoryEnumHoldsTheTaxonomy(t *testing.T) {
	t.Parallel()
	var values []string
	if err := storetest.NewDB(t).Select(&values, `SELECT unnest(enum_range(NULL::transaction_category))::text`); err != nil {
		t.Fatal(err)
	}
	for _, code := range ledger.Categories() {
		if !slices.Contains(values, code) {
			t.Errorf("category %s is not a value of transaction_category: add it in a migration", code)
		}
	}
}

// categorised is the fixture with the insight categoriser.
func categorised(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t, aggregation.ClientSettings{})
	c, err := aggregation.NewInsight(f.svc.Store)
	if err != nil {
		t.Fatal(err)
	}
	f.svc.Categoriser = c
	return f
}

// categoryRow is a stored transaction's category.
type categoryRow struct {
	ID       int64            `db:"id"`
	Category string           `db:"category"`
	Conf     float64          `db:"category_confidence"`
	Merchant store.NullString `db:"merchant"`
	Version  int16            `db:"categoriser_version"`
}

func storedCategories(t *testing.T, f *fixture) []categoryRow {
	t.Helper()
	var rows []categoryRow
	if err := f.raw.Select(&rows, `SELECT id, coalesce(category::text, '') AS category, coalesce(category_confidence, 0)
		AS category_confidence, merchant, categoriser_version FROM transactions ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestFetchStoresCategoriesOfTheCurrentVersion(t *testing.T) {
	t.Parallel()
	f := categorised(t)
	f.connect(t, banks.EmbeddedScenario, "user")
	f.drain(t, store.FetchJob)
	rows := storedCategories(t, f)
	if len(rows) < 100 {
		t.Fatalf("%d transactions stored", len(rows))
	}
	for _, r := range rows {
		if !ledger.Valid(r.Category) || r.Conf <= 0 || r.Version != aggregation.CategoriserVersion {
			t.Fatalf("transaction %+v", r)
		}
	}
}

func TestRecategoriseCatchesUpOlderVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := categorised(t)
	f.connect(t, banks.EmbeddedScenario, "user")
	f.drain(t, store.FetchJob)
	before := storedCategories(t, f)
	if _, err := f.raw.Exec(`UPDATE transactions SET categoriser_version = 0, category = NULL, category_confidence = NULL,
		merchant = NULL WHERE id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second tick finds the job already queued
		if err := f.svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var queued int
	f.raw.Get(&queued, `SELECT count(*) FROM jobs WHERE kind = $1`, aggregation.RecategoriseJob)
	if queued != 1 {
		t.Fatalf("%d re-categorisation jobs queued, want 1", queued)
	}
	f.drain(t, aggregation.RecategoriseJob)
	after := storedCategories(t, f)
	for i, r := range after {
		b := before[i]
		if r.Version != aggregation.CategoriserVersion || r.Category != b.Category || r.Merchant != b.Merchant {
			t.Fatalf("transaction %d: %+v after, %+v before", r.ID, r, b)
		}
	}
	if err := f.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	f.raw.Get(&queued, `SELECT count(*) FROM jobs WHERE kind = $1 AND state = 'queued'`, aggregation.RecategoriseJob)
	if queued != 0 {
		t.Errorf("a tick with nothing stale queued %d jobs", queued)
	}
}
