// Command callbacks receives the callback of a fetch and verifies its
// signature before trusting it: it listens on OPENBANK_CALLBACK_ADDR (the
// address of the client's success callback URL, e.g. 127.0.0.1:9999),
// connects the Embedded Scenario mock bank, and checks the callback its
// first fetch sends with callback.Verifier against the server's key set.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"openbank/sdk/go/callback"
	"openbank/sdk/go/examples/internal/env"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, out io.Writer) error {
	addr := os.Getenv("OPENBANK_CALLBACK_ADDR")
	if addr == "" {
		return errors.New("set OPENBANK_CALLBACK_ADDR to the host:port of the client's success callback URL")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	verifier := &callback.Verifier{JWKSURL: env.Base() + "/oauth2/jwks", Issuer: env.Base(), ClientID: env.ClientID()}
	verified := make(chan string, 1)
	srv := &http.Server{Handler: receiver(verifier, verified), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Print(err)
		}
	}()
	defer func() {
		if err := srv.Close(); err != nil {
			log.Print(err)
		}
	}()
	if err := connectBank(ctx); err != nil {
		return err
	}
	select {
	case event := <-verified:
		fmt.Fprintf(out, "callback %s: signature verified\n", event)
		return nil
	case <-ctx.Done():
		return fmt.Errorf("no verified callback arrived: %w", ctx.Err())
	}
}

// receiver answers 204 to a callback whose signature holds, and 401 to
// any other.
func receiver(v *callback.Verifier, verified chan<- string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		claims, err := v.Verify(r.Context(), r.Header, body)
		if err != nil {
			log.Print(err)
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		w.WriteHeader(http.StatusNoContent)
		select {
		case verified <- claims.EventID:
		default:
		}
	})
}
