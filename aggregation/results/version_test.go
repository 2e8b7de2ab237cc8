package results_test

import (
	"context"
	"slices"
	"testing"

	"openbank/aggregation"
	"openbank/aggregation/results"
	"openbank/insight/score"
	"openbank/store"
)

// storedVersions are the versions of the client's stored analytics but
// those whose body is stale.
func storedVersions(t *testing.T, f *fixture) []store.ResultVersion {
	t.Helper()
	var out []store.ResultVersion
	if err := f.raw.Select(&out, `SELECT data_version, model_version, categoriser_version FROM results
		WHERE client_id = 'client-a' AND kind = 'analytics' AND body IS DISTINCT FROM $1`, staleBody); err != nil {
		t.Fatal(err)
	}
	return out
}

// staleBody is the body of a result that must not be answered again.
const staleBody = `{"stale":true}`

// currentModel is the embedded scorecard model's name@version.
func currentModel(t *testing.T) string {
	t.Helper()
	m, err := score.DefaultScorecards()
	if err != nil {
		t.Fatal(err)
	}
	return m.Name + "@" + m.Version
}

// TestResultOfAnOlderVersionIsRebuilt stores a subject's analytics, then
// makes the stored result one of an older scorecard model or categoriser,
// or one stored before results carried versions, and gives it a body it
// must never answer: the next request builds the analytics again, within
// the request when the data is small, else as a job behind a 202 and a
// link, and then answers the new result.
func TestResultOfAnOlderVersionIsRebuilt(t *testing.T) {
	t.Parallel()
	older := []struct{ name, update string }{
		{"older scorecard model", `UPDATE results SET model_version = 'openbank-score@0.9.0'`},
		{"older categoriser", `UPDATE results SET categoriser_version = categoriser_version - 1`},
		{"stored before versions", `UPDATE results SET model_version = DEFAULT, categoriser_version = DEFAULT`},
	}
	for _, tt := range older {
		for _, inline := range []bool{true, false} {
			name := tt.name + ", built by a job"
			if inline {
				name = tt.name + ", built within the request"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				f := categorised(t)
				r := newResults(f)
				if !inline {
					r.InlineBudget = 1 // the upload's three transactions are built by a job
				}
				ctx := context.Background()
				if _, err := f.svc.Upload(ctx, coffeeUpload(0)); err != nil {
					t.Fatal(err)
				}
				req := results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindAnalytics}
				first := answerOf(t, f, r, req)
				current := store.ResultVersion{Data: storedVersions(t, f)[0].Data, Model: currentModel(t),
					Categoriser: aggregation.CategoriserVersion}
				if got := storedVersions(t, f); len(got) != 1 || got[0] != current {
					t.Fatalf("stored %+v, want one result at %+v", got, current)
				}
				f.raw.MustExec(tt.update)
				f.raw.MustExec(`UPDATE results SET body = $1`, staleBody)

				a, err := r.Request(ctx, req)
				if err != nil || (a.Link == nil) != inline {
					t.Fatalf("after the versions changed: %+v %v; want a link: %v", a, err, !inline)
				}
				again := answerOf(t, f, r, req)
				if string(again) != string(first) { // the test clock stands still: the same analytics
					t.Errorf("rebuilt analytics %.200s, want %.200s", again, first)
				}
				if got := storedVersions(t, f); len(got) != 1 || got[0] != current {
					t.Errorf("stored %+v besides the older one, want one result at %+v", got, current)
				}
			})
		}
	}
}

// answerOf asks for a result until it is answered with a body, running the
// build jobs a 202 queued, and returns the body.
func answerOf(t *testing.T, f *fixture, r *results.Service, req results.Request) []byte {
	t.Helper()
	for range 3 {
		a, err := r.Request(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if a.Link == nil {
			return a.Body
		}
		for _, err := range runBuilds(t, f, r) {
			if err != nil {
				t.Fatal(err)
			}
		}
		file, err := download(t, r, a.Link)
		if err != nil || file.Status != "ready" {
			t.Fatalf("download after the build: %+v %v", file, err)
		}
	}
	t.Fatal("no answer with a body after three requests")
	return nil
}

// TestResultFollowsTheRecategorisation stores a subject whose categories
// an older categoriser gave: its analytics record that version and are
// answered from the store while the data keeps it; once the
// re-categorisation has reached the subject, they are built again with
// the current version.
func TestResultFollowsTheRecategorisation(t *testing.T) {
	t.Parallel()
	f := categorised(t)
	r := newResults(f)
	ctx := context.Background()
	if _, err := f.svc.Upload(ctx, coffeeUpload(0)); err != nil {
		t.Fatal(err)
	}
	f.raw.MustExec(`UPDATE transactions SET categoriser_version = 0`)
	req := results.Request{ClientID: "client-a", SubjectID: "s-1", Kind: results.KindAnalytics}
	for range 2 {
		answerOf(t, f, r, req)
	}
	stale := storedVersions(t, f)
	if len(stale) != 1 || stale[0].Categoriser != 0 || stale[0].Model != currentModel(t) {
		t.Fatalf("before the re-categorisation: %+v, want one result of categoriser version 0", stale)
	}
	if err := f.svc.RunRecategorise(ctx, nil); err != nil {
		t.Fatal(err)
	}
	answerOf(t, f, r, req)
	want := stale[0]
	want.Categoriser = aggregation.CategoriserVersion
	if got := storedVersions(t, f); len(got) != 2 || !slices.Contains(got, want) {
		t.Errorf("after the re-categorisation: %+v, want another result at %+v", got, want)
	}
}
