package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"openbank/sealing"
	"openbank/store"
)

func TestSecretsAreStoredSealed(t *testing.T) {
	t.Parallel()
	keys := keyring(t, newKey(t))
	s := newSecrets(t, keys)
	s.assertSealed(t, keys.Newest())
	s.assertReads(t)
}

func TestSealedSecretIsBoundToItsRow(t *testing.T) {
	t.Parallel()
	s := newSecrets(t, keyring(t, newKey(t)))
	_, err := s.raw.Exec(`UPDATE oauth_clients SET callback_hmac_secret =
		(SELECT callback_hmac_secret FROM oauth_clients WHERE client_id = 'client-a') WHERE client_id = 'client-b'`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.st.GetClient(context.Background(), "client-b"); !errors.Is(err, sealing.ErrNotOpened) {
		t.Fatalf("a secret moved from another row: GetClient = %v, want ErrNotOpened", err)
	}
}

func TestResealSealsPlainValuesThenRotates(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newSecrets(t, nil) // an earlier version's plain rows, tagged by migration 0013
	first, second := newKey(t), newKey(t)
	s.st.SealWith(keyring(t, first))
	counts, err := s.st.Reseal(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	assertCounts(t, counts, func(c store.ResealCount) bool { return c.Plain == c.Values && c.Resealed == 0 })
	s.assertSealed(t, keyring(t, first).Newest())

	s.st.SealWith(keyring(t, second, first))
	if counts, err = s.st.Reseal(ctx, true); err != nil {
		t.Fatal(err)
	}
	assertCounts(t, counts, func(c store.ResealCount) bool { return c.Resealed == c.Values && c.Plain == 0 })
	s.st.SealWith(keyring(t, second)) // the first key retired
	s.assertSealed(t, keyring(t, second).Newest())
	s.assertReads(t)
	if counts, err = s.st.Reseal(ctx, true); err != nil {
		t.Fatal(err)
	}
	assertCounts(t, counts, func(c store.ResealCount) bool { return c.Resealed == 0 && c.Plain == 0 })
}

func TestResealNamesTheMissingKey(t *testing.T) {
	t.Parallel()
	sealedWith := keyring(t, newKey(t))
	s := newSecrets(t, sealedWith)
	s.st.SealWith(keyring(t, newKey(t)))
	_, err := s.st.Reseal(context.Background(), false)
	var missing *sealing.MissingKeyError
	if !errors.As(err, &missing) || missing.ID != sealedWith.Newest() || !strings.Contains(err.Error(), sealedWith.Newest()) {
		t.Fatalf("Reseal with the wrong key = %v, want an error naming key id %s", err, sealedWith.Newest())
	}
}

func TestMigrationTagsEarlierPlainValues(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newSecrets(t, nil)
	// Undo the tags, as the rows were before migration 0013, then apply it.
	for _, q := range []string{
		`UPDATE oauth_keys SET private_key = substring(private_key FROM 2)`,
		`UPDATE settings SET value = substring(value FROM 2)`,
		`UPDATE oauth_clients SET callback_hmac_secret = substring(callback_hmac_secret FROM 2)`,
	} {
		if _, err := s.raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.raw.Exec(migrationSQL(t, 13)); err != nil {
		t.Fatal(err)
	}
	keys := keyring(t, newKey(t))
	s.st.SealWith(keys)
	if _, err := s.st.Reseal(ctx, false); err != nil {
		t.Fatal(err)
	}
	s.assertSealed(t, keys.Newest())
	s.assertReads(t)
}

func assertCounts(t *testing.T, counts []store.ResealCount, ok func(store.ResealCount) bool) {
	t.Helper()
	if len(counts) != 4 {
		t.Fatalf("counts of %d tables, want 4", len(counts))
	}
	for _, c := range counts {
		if c.Values == 0 || !ok(c) {
			t.Fatalf("unexpected counts %+v", counts)
		}
	}
}

func migrationSQL(t *testing.T, version int) string {
	t.Helper()
	ms, err := store.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Version == version {
			return m.SQL
		}
	}
	t.Fatalf("no migration %d", version)
	return ""
}
