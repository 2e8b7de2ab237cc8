package results

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strconv"
	"time"
)

// Path is where the storage endpoint serves results.
const Path = "/results/"

// LinkSigner makes and checks the signed links of results: an HMAC-SHA256
// over the result id and the link's expiry, so a link works without a
// token and cannot be forged or stretched.
type LinkSigner struct {
	Base string   // PUBLIC_URL, without a trailing slash
	Keys [][]byte // newest first: the first signs, every one verifies
}

// Link is where a result can be downloaded, and until when.
type Link struct {
	ResultID  string
	URI       string
	ExpiredAt time.Time
}

// Link returns the signed link of a result that expires at expires.
func (s LinkSigner) Link(id string, expires time.Time) Link {
	q := url.Values{}
	q.Set("expires", strconv.FormatInt(expires.Unix(), 10))
	q.Set("sig", base64.RawURLEncoding.EncodeToString(s.mac(s.Keys[0], id, expires.Unix())))
	return Link{ResultID: id, URI: s.Base + Path + url.PathEscape(id) + "?" + q.Encode(),
		ExpiredAt: time.Unix(expires.Unix(), 0).UTC()}
}

// Verify checks a link's signature and returns its expiry; false when any
// part of it was not made by this server.
func (s LinkSigner) Verify(id, expires, sig string) (time.Time, bool) {
	unix, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return time.Time{}, false
	}
	for _, k := range s.Keys {
		if hmac.Equal(got, s.mac(k, id, unix)) {
			return time.Unix(unix, 0).UTC(), true
		}
	}
	return time.Time{}, false
}

func (s LinkSigner) mac(key []byte, id string, expires int64) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("result\n" + id + "\n" + strconv.FormatInt(expires, 10))) // a hash write never fails
	return m.Sum(nil)
}
