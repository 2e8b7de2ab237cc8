package train

import (
	"bytes"
	"errors"
	"testing"

	"openbank/insight/categorise"
	"openbank/insight/ledger"
)

func TestModelRoundTrip(t *testing.T) {
	examples := []Example{
		{Description: "CARD PAYMENT TO HARRIS PHARMACY ON 12 MAR", Amount: -899, Category: ledger.LivingHealth},
		{Description: "VIS SHIPLEY TAXIS", Amount: -1200, Category: ledger.LivingTransport},
		{Description: "FPI J SMITH DINNER", Amount: 2500, Category: ledger.TransferIn},
		{Description: "THE OLD KEBAB HOUSE", Amount: -950, Category: ledger.LivingEatingOut},
	}
	m, err := TrainModel(examples, 7)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := m.Encode(&a); err != nil {
		t.Fatal(err)
	}
	back, err := categorise.DecodeModel(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := back.Encode(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("a decoded model encodes differently")
	}
	c := categorise.New(mustDictionary(t), back)
	if r := c.Categorise(categorise.Transaction{Description: "VIS HARRIS PHARMACY LTD", Amount: -500}, nil); r.Category != ledger.LivingHealth {
		t.Errorf("trained model: %+v", r)
	}
}

func TestTrainModelRejects(t *testing.T) {
	if _, err := TrainModel(nil, 1); !errors.Is(err, ErrNoExamples) {
		t.Errorf("no examples: %v", err)
	}
	if _, err := TrainModel([]Example{{Description: "X", Category: "living.nothing"}}, 1); err == nil {
		t.Error("an unknown category was accepted")
	}
	if _, err := categorise.DecodeModel(bytes.NewReader([]byte("not a model"))); err == nil {
		t.Error("garbage decoded")
	}
}

func TestSyntheticExamplesAreValid(t *testing.T) {
	merchants, err := categorise.TrainingMerchants()
	if err != nil {
		t.Fatal(err)
	}
	examples := SyntheticExamples(merchants, 1)
	if len(examples) < 5000 {
		t.Errorf("only %d synthetic examples", len(examples))
	}
	for _, e := range examples {
		if !ledger.Valid(e.Category) || e.Description == "" {
			t.Fatalf("bad example %+v", e)
		}
	}
}

// mustDictionary loads the embedded dictionary or stops the test.
func mustDictionary(t testing.TB) *categorise.Dictionary {
	t.Helper()
	d, err := categorise.EmbeddedDictionary()
	if err != nil {
		t.Fatal(err)
	}
	return d
}
