package oauth

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestPaces(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pace     Pace
		failures int
		want     time.Duration
	}{
		{DefaultThrottle.Pair, 1, 0},
		{DefaultThrottle.Pair, 4, 0},
		{DefaultThrottle.Pair, 5, time.Second},
		{DefaultThrottle.Pair, 9, 16 * time.Second},
		{DefaultThrottle.Pair, 15, 15 * time.Minute},
		{DefaultThrottle.Pair, 500, 15 * time.Minute},
		{DefaultThrottle.Address, 19, 0},
		{DefaultThrottle.Address, 20, time.Second},
		{DefaultThrottle.Username, 10, time.Second},
		{DefaultThrottle.Username, 16, time.Minute},
		{DefaultThrottle.Username, 10_000, time.Minute},
	}
	for _, tt := range tests {
		if got := tt.pace.lockFor(tt.failures); got != tt.want {
			t.Errorf("%+v.lockFor(%d) = %s, want %s", tt.pace, tt.failures, got, tt.want)
		}
	}
}

func TestNoKeyIsAClientOrUsernameAlone(t *testing.T) {
	t.Parallel()
	s := &Server{cfg: Config{Throttle: DefaultThrottle}}
	c := s.clientKeys("app", "203.0.113.7")
	if c.pair.key != "client 203.0.113.7 app" || c.address.key != "clients 203.0.113.7" || c.username.key != "" {
		t.Fatalf("client keys: %+v", c)
	}
	u := s.userKeys("carol", "203.0.113.7")
	if u.pair.key != "user 203.0.113.7 carol" || u.address.key != "users 203.0.113.7" || u.username.key != "user carol" {
		t.Fatalf("user keys: %+v", u)
	}
	if u.username.pace != DefaultThrottle.Username || u.pair.pace != DefaultThrottle.Pair {
		t.Fatalf("paces: %+v", u)
	}
	long := s.userKeys(strings.Repeat("x", 5000), "")
	if len(long.pair.key) > 100 || !strings.HasSuffix(long.address.key, "unknown") {
		t.Fatalf("long username key: %q %q", long.pair.key, long.address.key)
	}
}

func TestThrottleAddress(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"203.0.113.7":                 "203.0.113.7",
		"::ffff:203.0.113.7":          "203.0.113.7",
		"2001:db8:1:2:3:4:5:6":        "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:0:0:1":     "2001:db8:1:2::/64",
		"fe80::1%eth0":                "fe80::/64",
		"not an address":              "unknown",
		"":                            "unknown",
		"2001:db8:1:3::1":             "2001:db8:1:3::/64",
		"2001:0db8:0001:0002::0000:1": "2001:db8:1:2::/64",
	}
	for in, want := range tests {
		if got := throttleAddress(in); got != want {
			t.Errorf("throttleAddress(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheckParameters(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		form  url.Values
		param string // "" when accepted
	}{
		{"plain", url.Values{"grant_type": {"password"}, "password": {"pässwörd with spaces"}}, ""},
		{"NUL", url.Values{"grant_type": {"password"}, "username": {"car\x00ol"}}, "username"},
		{"newline", url.Values{"state": {"a\nb"}}, "state"},
		{"tab", url.Values{"password": {"a\tb"}}, "password"},
		{"DEL", url.Values{"scope": {"openid\x7f"}}, "scope"},
		{"C1", url.Values{"nonce": {"a\u0085b"}}, "nonce"},
		{"not UTF-8", url.Values{"code": {"\xff\xfe"}}, "code"},
		{"first in order", url.Values{"z": {"\x00"}, "a": {"\x01"}}, "a"},
	}
	for _, tt := range tests {
		err := CheckParameters(tt.form)
		switch {
		case tt.param == "" && err != nil:
			t.Errorf("%s: refused: %v", tt.name, err)
		case tt.param != "" && (err == nil || err.Code != ErrInvalidRequest || err.Status != 400 ||
			!strings.Contains(err.Description, `"`+tt.param+`"`)):
			t.Errorf("%s: got %v, want invalid_request naming %q", tt.name, err, tt.param)
		}
	}
	if err := CheckParameters(url.Values{"a\x00": {"x"}}); err == nil {
		t.Error("a control character in a name was accepted")
	}
}

func TestOriginOf(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"https://App.Example.com/callback?x=1": "https://app.example.com",
		"https://app.example.com:443/cb":       "https://app.example.com",
		"http://localhost:8080/cb":             "http://localhost:8080",
		"http://[::1]:80/cb":                   "http://[::1]",
		"https://app.example.com":              "https://app.example.com",
		"com.example.app:/oauth2redirect":      "",
		"https://user@app.example.com/cb":      "",
		"null":                                 "",
	}
	for in, want := range tests {
		got, ok := OriginOf(in)
		if got != want || ok != (want != "") {
			t.Errorf("OriginOf(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
}

func TestHashSlotsRefuseWhenFull(t *testing.T) {
	t.Parallel()
	h := newHashSlots(1, 50*time.Millisecond)
	if !h.acquire(t.Context(), laneOthers) { // the only slot is taken
		t.Fatal("a free slot was refused")
	}
	start := time.Now()
	ok, err := h.matches(t.Context(), "x", dummyHash, lanePriority)
	if ok || err == nil || err.Status != 503 || err.RetryAfter <= 0 || time.Since(start) > time.Second {
		t.Fatalf("full: %v %v after %s", ok, err, time.Since(start))
	}
	h.release()
	cheap := HashPassword("right-password", Argon2Params{Time: 1, Memory: 64, Threads: 1})
	if ok, err := h.matches(t.Context(), "right-password", cheap, laneOthers); !ok || err != nil || h.free != 1 {
		t.Fatalf("free: %v %v, %d slots free", ok, err, h.free)
	}
	if got := newHashSlots(0, 0); got.free != DefaultHashConcurrency() || got.wait != DefaultHashWait {
		t.Fatalf("defaults: %d %s", got.free, got.wait)
	}
}

func TestHashSlotsServeThePriorityLaneFirst(t *testing.T) {
	t.Parallel()
	h := newHashSlots(1, 5*time.Second)
	h.acquire(t.Context(), laneOthers)
	order := make(chan int, 2)
	waitFor := func(n int) {
		for deadline := time.Now().Add(time.Second); ; time.Sleep(time.Millisecond) {
			h.mu.Lock()
			queued := len(h.waiting[lanePriority]) + len(h.waiting[laneOthers])
			h.mu.Unlock()
			if queued == n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d waiters, want %d", queued, n)
			}
		}
	}
	go func() { h.acquire(t.Context(), laneOthers); order <- laneOthers; h.release() }()
	waitFor(1)
	go func() { h.acquire(t.Context(), lanePriority); order <- lanePriority; h.release() }()
	waitFor(2)
	h.release()
	if first, second := <-order, <-order; first != lanePriority || second != laneOthers {
		t.Fatalf("served %d then %d", first, second)
	}
}
