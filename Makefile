# schnell — see README.md. `make play` plays; `make test` is what CI runs.
GO ?= go
FUZZTIME ?= 300000x

.PHONY: play build test bench fuzz lint tidy

play: build
	@echo "Starting bin/schnell (Tab completes, help lists the commands, Ctrl-D quits)."
	./bin/schnell

build:
	@echo "Building bin/schnell (the first build compiles the dependencies and the standard library: 75 s of CPU, a minute or more)."
	$(GO) build -o bin/schnell ./cmd/schnell

# The tests that play many whole games in one goroutine (NORACE_TESTS, in
# NORACE_PKGS) run without the race detector, which finds nothing there and
# makes them 5-10 times slower (the three longest took 1-1.5 minutes each
# under it); every other test runs under it. Together: every test, once.
NORACE_TESTS = ^(TestReferenceLuaMatchesGo|TestAutoLogDigests|TestAllCombinationsSeeds1To50|TestCampaignsEnd|TestPlayersWords|TestKernelSpeaksNoGame|TestNoInternalReferences|TestTableGamesSim)$$
NORACE_PKGS = ./schnellboats ./games ./cmd/schnell

test:
	$(GO) vet ./...
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	@$(GO) mod tidy -diff >/dev/null 2>&1 || { echo "go.mod is not tidy: run make tidy"; $(GO) mod tidy -diff; exit 1; }
	$(GO) test -race -skip '$(NORACE_TESTS)' ./...
	$(GO) test -run '$(NORACE_TESTS)' $(NORACE_PKGS)

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

# Each fuzz target of the module (found by .ci/fuzz) runs for FUZZTIME, one
# at a time. A count, not a time: time-based fuzzing stalls on a busy machine.
fuzz:
	FUZZTIME=$(FUZZTIME) GO=$(GO) bash .ci/fuzz

lint:
	$(GO) vet ./...
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }

tidy:
	$(GO) mod tidy

# After a rules change that is meant to change the Schnell Boats logs: rewrite
# the pinned digests of the auto logs and the shipped logs in logs/.
.PHONY: logs
logs: build
	./bin/schnell auto --seed 7 --campaign short --boat s100 --log logs/auto-short-s100-seed7.jsonl --force >/dev/null
	./bin/schnell auto --seed 11 --campaign medium --boat 5b --log logs/auto-medium-5b-seed11.jsonl --force >/dev/null
	./bin/schnell auto --seed 5 --campaign long --boat s100 --log logs/auto-long-s100-seed5.jsonl --force >/dev/null
	$(GO) test ./schnellboats -run TestAutoLogDigests -update-digests
