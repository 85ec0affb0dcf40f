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
# under it), and TestTablePicturesInChromium (its time is Chromium's, run 9
# times); every other test runs under it. Together: every test, once.
NORACE_TESTS = ^(TestReferenceLuaMatchesGo|TestAutoLogDigests|TestAllCombinationsSeeds1To50|TestCampaignsEnd|TestPlayersWords|TestKernelSpeaksNoGame|TestNoInternalReferences|TestTableGamesSim|TestTablePicturesInChromium|TestLearntTablesResolveWaves|TestSimLearnWritesTablesACampaignPlaysOn|TestSimLearnPageInChromium)$$
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

# The printed replay page in docs/ (issue 29): a convoy night of coastal on
# the virtual table, both sides played by the reference sides, its replay
# sheet printed by Chromium as the referee saw it (docs/replay-coastal.pdf,
# a turn a page) and its third turn in a browser window
# (docs/replay-coastal.png). TestDocsReplayPage checks they are there.
CHROMIUM ?= chromium
.PHONY: docs-replay
docs-replay: build
	@d=$$(mktemp -d) && \
	./bin/schnell auto --game coastal -o table=virtual --seed 3 --log $$d/convoy.jsonl >/dev/null && \
	./bin/schnell sheet $$d/convoy.jsonl --sheet replay --format html -o $$d/replay.html && \
	$(CHROMIUM) --headless --no-sandbox --disable-gpu --user-data-dir=$$d/profile --no-pdf-header-footer \
		--print-to-pdf=docs/replay-coastal.pdf file://$$d/replay.html 2>/dev/null && \
	$(CHROMIUM) --headless --no-sandbox --disable-gpu --user-data-dir=$$d/profile --hide-scrollbars \
		--force-device-scale-factor=1 --window-size=1100,1000 --screenshot=docs/replay-coastal.png \
		"file://$$d/replay.html#frame=3&side=referee" 2>/dev/null && \
	rm -rf $$d
