package callback

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// CheckHMAC checks an X-Openbank-Hmac-Sha256 value, t=<unix seconds>,
// v1=<hex HMAC-SHA256 of "t.body">, made with secret no further than
// tolerance from now.
func CheckHMAC(secret []byte, header string, body []byte, now time.Time, tolerance time.Duration) error {
	var ts, sig string
	for part := range strings.SplitSeq(header, ",") {
		k, val, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = val
		case "v1":
			sig = val
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return fmt.Errorf("%w: %s is not t=…,v1=…", ErrInvalid, HeaderHMAC)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: %s is %s old", ErrInvalid, HeaderHMAC, d.Round(time.Second))
	}
	want, err := hex.DecodeString(sig)
	if err != nil {
		return fmt.Errorf("%w: %s is not hex", ErrInvalid, HeaderHMAC)
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	if !hmac.Equal(mac.Sum(nil), want) {
		return fmt.Errorf("%w: %s does not match the body", ErrInvalid, HeaderHMAC)
	}
	return nil
}
