package web

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/google/uuid"
)

// httpGet is a GET with the given headers, read in full.
func httpGet(t *testing.T, url string, header map[string]string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	a, err := send(http.DefaultClient, req)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// call is an aggregation API GET with a bearer token, read in full; the
// error is the transport's.
func call(client *http.Client, url, token string) (answer, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Request-Id", uuid.NewString())
	req.Header.Set("X-Group-Id", "fault-test")
	return send(client, req)
}

func send(client *http.Client, req *http.Request) (answer, error) {
	resp, err := client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, body}, err
}

func jsonInto(body []byte, v any) error { return json.Unmarshal(body, v) }
