package banks

import (
	"reflect"
	"testing"
)

func TestGeneratePersonaIsPure(t *testing.T) {
	t.Parallel()
	a1, t1, err := GeneratePersona(PersonaConsumer, 0.4, 9, testNow)
	if err != nil {
		t.Fatal(err)
	}
	a2, t2, _ := GeneratePersona(PersonaConsumer, 0.4, 9, testNow)
	if !reflect.DeepEqual(a1, a2) || !reflect.DeepEqual(t1, t2) || len(t1) == 0 {
		t.Fatal("the same persona arguments gave different histories")
	}
	if _, _, err := GeneratePersona("other", 0.4, 9, testNow); err != ErrUnknownPersona {
		t.Fatalf("unknown kind: got %v, want ErrUnknownPersona", err)
	}
}

func TestPersonaRiskOrdersOverdraftDays(t *testing.T) {
	t.Parallel()
	for _, kind := range []PersonaKind{PersonaConsumer, PersonaBusiness} {
		wins := 0
		for seed := int64(1); seed <= 20; seed++ {
			wins += btoi(overdraftDays(t, kind, 0.9, seed) > overdraftDays(t, kind, 0.1, seed))
		}
		if wins < 18 {
			t.Errorf("%s: risk 0.9 had more overdraft days than risk 0.1 in %d of 20 seeds", kind, wins)
		}
	}
}

// overdraftDays counts the days a persona's first account ended below zero.
func overdraftDays(t *testing.T, kind PersonaKind, risk float64, seed int64) int {
	accounts, txs, err := GeneratePersona(kind, risk, seed, testNow)
	if err != nil {
		t.Fatal(err)
	}
	var booked []Transaction
	for _, tx := range txs {
		if tx.AccountID == accounts[0].ID {
			booked = append(booked, tx)
		}
	}
	return profileOf(history{account: accounts[0], booked: booked}).overdraftDays
}
