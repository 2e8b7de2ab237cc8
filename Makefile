# Openbank — the two commands of the README are `make run` and `make test`.
SHELL := /bin/bash
GO ?= go
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
LINT := bin/golangci-lint
VACUUM := bin/vacuum
SPECTRAL := tools/spectral/node_modules/.bin/spectral
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build generate verify lint migrate bench fuzz postgres chromium oauth4webapi jq clean

## run: install PostgreSQL if missing, build, seed the demo and serve on http://localhost:8080 (the mock banks over HTTP from the sandbox on 127.0.0.1:8443)
run: postgres build
	SANDBOX_ADDR=$${SANDBOX_ADDR:-127.0.0.1:8443} ./bin/openbank serve --demo

## test: the whole suite (unit to browser) on a throwaway PostgreSQL it starts itself, then the Go client library's module
# Under the race detector insight/train's refit of the scorecards takes many
# minutes, so that package runs without it. The concurrent categorisation
# (TestCategoriseHistoryInParallel) is in insight/categorise, which runs whole
# under the race detector with the rest.
test: verify postgres chromium oauth4webapi jq
	$(GO) run ./store/storetest/pgrun -- bash -c '\
		$(GO) test -race -count=1 -timeout 25m $$($(GO) list ./... | grep -v "^openbank/insight/train$$") && \
		$(GO) test -count=1 -timeout 25m ./insight/train/'
	$(GO) -C sdk/go test -count=1 ./...

## oauth4webapi: the third-party OAuth client web/oauth_thirdparty_test.go drives, pinned by its package-lock.json
oauth4webapi: tools/oauth4webapi/node_modules/.package-lock.json
tools/oauth4webapi/node_modules/.package-lock.json: tools/oauth4webapi/package-lock.json
	npm ci --prefix tools/oauth4webapi --no-audit --no-fund

## build: compile bin/openbank
build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/openbank ./cmd/openbank

## generate: regenerate the templ views with the pinned generator
generate:
	$(GO) tool templ generate

## verify: generated code up to date, gofmt, go vet, golangci-lint and the OpenAPI lint clean
verify: generate lint openapi-lint
	git diff --exit-code -- views
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...

## lint: golangci-lint with .golangci.yml (errcheck, staticcheck, nilerr, gosec, depguard's import rules)
lint: $(LINT)
	$(LINT) run --allow-parallel-runners ./...

# The linter is pinned in its own module (tools/lint/go.mod), so its many
# dependencies never move the versions the server is built with.
$(LINT): tools/lint/go.mod tools/lint/go.sum
	$(GO) -C tools/lint build -o $(CURDIR)/$(LINT) github.com/golangci/golangci-lint/v2/cmd/golangci-lint

## openapi-lint: the OpenAPI documents against Spectral's recommended rules (vacuum, offline) and Spectral's own spectral:oas ruleset, no error allowed
.PHONY: openapi-lint
openapi-lint: $(VACUUM) $(SPECTRAL)
	$(VACUUM) lint --ruleset tools/vacuum/ruleset.yaml --no-banner --remote=false handlers/docs/openapi/*.yaml
	$(SPECTRAL) lint --ruleset tools/spectral/ruleset.yaml --fail-severity error --display-only-failures handlers/docs/openapi/*.yaml

# vacuum is pinned in its own module (tools/vacuum/go.mod), as the linter is.
$(VACUUM): tools/vacuum/go.mod tools/vacuum/go.sum
	$(GO) -C tools/vacuum build -o $(CURDIR)/$(VACUUM) github.com/daveshanley/vacuum

# Spectral is an npm package, pinned by tools/spectral/package-lock.json and
# installed into tools/spectral/node_modules (node and npm must be on PATH).
$(SPECTRAL): tools/spectral/package.json tools/spectral/package-lock.json
	npm ci --prefix tools/spectral --ignore-scripts --no-audit --no-fund
	touch $(SPECTRAL)

## sdk: after an OpenAPI document changed, refresh the Go libraries: the documents' copies, the generated code, the zips of /docs
.PHONY: sdk
sdk:
	$(GO) test -count=1 ./handlers/docs -run TestSDKDocuments -update-sdk
	$(GO) -C sdk/go generate ./...
	$(GO) -C sdk/go test -count=1 ./internal/release -run TestReleases -update

## migrate: apply the database migrations (the embedded database unless DATABASE_URL is set)
migrate: postgres build
	./bin/openbank migrate

## bench: measure the server against the reference routes and print one table (BENCH_ONLY=ingest,http,refresh picks parts)
bench: postgres build
	$(GO) run ./cmd/bench -binary bin/openbank -only "$(BENCH_ONLY)"

## fuzz: every fuzz target of the module (found by its func Fuzz…) for FUZZTIME each, on a throwaway
## PostgreSQL; a crash leaves its input under the package's testdata/fuzz, to commit as a regression case
FUZZTIME ?= 10s
fuzz: postgres
	$(GO) run ./store/storetest/pgrun -- bash -c '\
		failed=""; n=0; \
		while read -r pkg dir; do \
			for name in $$(grep -ho "^func Fuzz[A-Za-z0-9_]*" "$$dir"/*_test.go 2>/dev/null | cut -c6- | sort -u); do \
				n=$$((n+1)); echo "fuzz: $$pkg $$name"; \
				$(GO) test -run="^$$" -fuzz="^$$name$$" -fuzztime=$(FUZZTIME) "$$pkg" </dev/null || failed="$$failed $$pkg.$$name"; \
			done; \
		done < <($(GO) list -e -f "{{.ImportPath}} {{.Dir}}" ./...); \
		echo "fuzz: $$n targets, $(FUZZTIME) each"; \
		test -z "$$failed" || { echo "fuzz: crashed:$$failed"; exit 1; }'

## postgres: install PostgreSQL from the OS packages when no server binaries are found
postgres:
	@if command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then :; else \
		echo "Installing PostgreSQL from the OS packages…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql postgresql-contrib; \
	fi

## chromium: install Debian's chromium (browser tests) and poppler-utils (pdftoppm reads the PDF reports) when missing
chromium:
	@if [ -x /usr/bin/chromium ] && command -v pdftoppm >/dev/null; then :; else \
		echo "Installing chromium and poppler-utils from the OS packages for the browser and report tests…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium poppler-utils; \
	fi

## jq: install curl and jq when missing (the quickstart's commands, which a test runs as printed, need them)
jq:
	@if command -v jq >/dev/null && command -v curl >/dev/null; then :; else \
		echo "Installing curl and jq from the OS packages for the quickstart test…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq curl jq; \
	fi

clean:
	rm -rf bin
