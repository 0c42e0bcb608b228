# Miskatonic. `make run` serves the app on http://localhost:8000; `make test` runs every check CI
# runs. Nothing but Go is needed (make test installs Debian's chromium when run as root).

GO      ?= go
ADDR    ?= localhost:8000
# make run starts our TURN server beside the relay (pages get credentials from /turn), as a
# deployment would; on loopback it relays to no one (private and loopback peers are refused), so
# pages on this machine connect directly as before. TURN= turns it off.
TURN    ?= 127.0.0.1:3478
NETNS   ?= ../shared/tools/netns-run.sh
CHROME  ?= /usr/bin/chromium
# The service worker's cache is keyed by Version, so installed copies update exactly when the
# commit changes. A dirty tree is "dev": the server then makes a fresh one each start.
VERSION ?= $(shell if git diff --quiet HEAD -- 2>/dev/null; then git rev-parse --short=12 HEAD; else echo dev; fi)
LDFLAGS := -X miskatonic/app.Version=$(VERSION)
GOROOT  := $(shell $(GO) env GOROOT)
WASM_EXEC := $(GOROOT)/lib/wasm/wasm_exec.js
# Packages with golden vectors that must agree natively and under wasm.
WASM_TESTED := $(wildcard engine/rng engine/fair engine/mask)
# staticcheck, pinned and installed from the module proxy (v0.8.x is the line that knows Go 1.26).
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: run build goapp-patch wasm static size test fmt-check vet staticcheck purity unit race wasm-test browser-test compare chromium clean

run: wasm build
	./bin/miskatonic serve -addr $(ADDR) $(if $(TURN),-turn $(TURN))

build:
	$(GO) build -ldflags '$(LDFLAGS)' -o bin/miskatonic ./cmd/miskatonic

# The wasm and Go's own wasm_exec.js always travel together: go-app's embedded copy is from an
# older Go and cannot start a Go 1.26 binary.
# `miskatonic pack` then merges the data segments Go's linker splits at every 8 zero bytes and
# writes app.wasm.br at brotli's best quality (a minute), which serve and static reuse.
# WASM_GCFLAGS: no inlining in our own packages but those on every move's path (issue 26). Go's
# inliner copies a callee's body into each call site (app.Elem 493 times, errors.New 402,
# fmt.Errorf 319 …); in the browser that is code to download and compile on every cold start for
# calls that run once a click. Measured alone on the packed wasm: raw −182 KB, brotli −101 KB;
# engine/table's host-move and guest-frame benchmarks under wasm unchanged (interleaved). The
# table protocol, wire codec, fair dealing, masking, host-blind and signature checks run per frame
# and keep the inliner; every other package of ours (later ones too) goes without.
WASM_GCFLAGS := -gcflags=miskatonic/...=-l $(foreach p,engine/table engine/wire engine/fair engine/mask engine/blindtable internal/sigcheck,-gcflags=miskatonic/$(p)=)

# go-app v9's engine, patched (app/goappframe): in the browser it draws on the page's next
# animation frame after a change instead of on its own timer, and wakes nothing while idle.
# Wasm builds of the app use a copy of go-app made here (bin/goapp: the module cache's, with the
# patched engine.go) through a go.mod of their own (bin/goapp.mod: ours plus a replace); native
# builds and tests keep go-app as published. Go's -overlay would be smaller but refuses files in
# the module cache. The copy is made at each build (the module cache's place differs from machine
# to machine) and only from the go-app release the patch was made from (app/goappframe's hash).
GOAPP_PATCHED := -modfile=$(CURDIR)/bin/goapp.mod

goapp-patch:
	@mkdir -p bin
	@$(GO) mod download github.com/maxence-charriere/go-app/v9
	@dir=$$($(GO) list -m -f '{{.Dir}}' github.com/maxence-charriere/go-app/v9) && \
	{ echo "$$(cat app/goappframe/engine.go.sha256)  $$dir/pkg/app/engine.go" | sha256sum -c --quiet - || \
	  { echo "go-app's engine.go is not the one app/goappframe patches: redo the patch for this release"; exit 1; }; } && \
	rm -rf bin/goapp && mkdir bin/goapp && cp -R "$$dir/go.mod" "$$dir/LICENSE" "$$dir/pkg" bin/goapp/ && chmod -R u+w bin/goapp && \
	cp app/goappframe/engine.go.txt bin/goapp/pkg/app/engine.go && \
	{ cat go.mod; printf '\nreplace github.com/maxence-charriere/go-app/v9 => %s/bin/goapp\n' "$(CURDIR)"; } > bin/goapp.mod && \
	cp go.sum bin/goapp.sum

wasm: build goapp-patch
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(GOAPP_PATCHED) $(WASM_GCFLAGS) -ldflags '-s -w $(LDFLAGS)' -o web/app.wasm ./cmd/miskatonic
	./bin/miskatonic pack web/app.wasm
	cp $(WASM_EXEC) web/wasm_exec.js

static: wasm build
	./bin/miskatonic static -out dist

# Sizes of the shipped wasm (brotli: the copy make wasm wrote), then its code by Go package, its
# data by kind, and what each package costs beyond the fair minimal go-app + pion app the start
# test measures us against (app/e2e/testdata/minimal; all from builds that keep the names).
size: wasm build
	./bin/miskatonic size web/app.wasm
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(GOAPP_PATCHED) $(WASM_GCFLAGS) -ldflags '$(LDFLAGS)' -o bin/app-names.wasm ./cmd/miskatonic
	cd app/e2e/testdata/minimal && GOOS=js GOARCH=wasm $(GO) build -trimpath $(WASM_GCFLAGS) -o $(CURDIR)/bin/minimal-names.wasm .
	./bin/miskatonic size -packages -against bin/minimal-names.wasm bin/app-names.wasm

test: fmt-check vet staticcheck purity unit wasm-test browser-test
	@echo "make test: all passed"

fmt-check:
	@out=$$(gofmt -l app cmd engine); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet: goapp-patch
	$(GO) vet ./...
	$(GO) vet -tags browser ./app/e2e/
	GOOS=js GOARCH=wasm $(GO) vet $(GOAPP_PATCHED) $$(GOOS=js GOARCH=wasm $(GO) list -e -f '{{if .GoFiles}}{{.ImportPath}}{{end}}' ./app/... ./cmd/... ./engine/...)

# Installed natively into bin/ (so the wasm pass runs a native binary over wasm packages).
staticcheck:
	GOBIN=$(CURDIR)/bin GOOS= GOARCH= $(GO) install $(STATICCHECK)
	./bin/staticcheck ./...
	./bin/staticcheck -tags browser ./app/e2e/
	GOOS=js GOARCH=wasm ./bin/staticcheck -tests=false ./app/... ./cmd/...

# engine/ is pure: no I/O, no clock, no global randomness, nothing from app/ or cmd/.
purity:
	./.ci/purity

# Some packages (engine/table with its fuzzing host, app/natlab) run for minutes on a busy 2-core
# machine: past go test's default 10 minutes is still a pass, not a hang.
unit:
	$(GO) test -timeout 20m ./...

# A quick -race pass over the tests of what once raced in CI (a BoxKey shared by goroutines, a
# page driven over two links, watchers read while they fold). Not in `make test`: the
# race-built std and crypto alone cost about a minute of CPU on a cold cache, 64 s CPU in all.
race:
	$(GO) test -race -count=1 -run 'Watcher|Relink|BoxKeyConcurrent' ./engine/blindtable ./engine/mask

wasm-test:
	@command -v node >/dev/null || { echo "wasm tests need Node.js: apt-get install nodejs"; exit 1; }
	GOOS=js GOARCH=wasm $(GO) test -exec="$(GOROOT)/lib/wasm/go_js_wasm_exec" $(addprefix ./,$(WASM_TESTED))

# Browser tests drive the real app in headless Chromium inside a private network namespace
# (root). The test binary is built outside it, since nothing can be downloaded from inside.
# TestNATBrowsers also builds the NAT lab (app/natlab: iptables, conntrack) and serves the app
# from it with bin/miskatonic; it takes turns with app/natlab's matrix through a lock file.
browser-test: chromium wasm
	@test -x $(NETNS) || { echo "browser tests need $(NETNS) (the shared tools beside this clone)"; exit 1; }
	@test "$$(id -u)" = 0 || { echo "browser tests run in a network namespace and need root (sudo make browser-test)"; exit 1; }
	$(GO) test -c -tags browser -o bin/e2e.test ./app/e2e/
	$(NETNS) ./bin/e2e.test -test.v -test.count=1 -test.timeout=28m

# make compare BEFORE=<commit> (default: 6935e65, the tree issue 26 was filed against — its figures match
# the issue's table): issue 26's rows (wasm size, starts, move → all views, the host
# page's main thread per move, Play again, relay memory) for the build of BEFORE and this tree's,
# measured interleaved in one run (app/e2e/compare_*.go), printed as a table with the load.
# Not in make test. BEFORE is checked out once as a detached worktree beside this one (beside
# ../shared, as this tree is) and built there with its own make wasm; both builds are served by
# their own bin/miskatonic. COMPARE_ROUNDS sets the start test's rounds (each: every build cold
# once, then 3 warm and 3 offline reloads each, in turn), COMPARE_GAMES the three-browser games
# per build (in turn: before, after, after, before…). The tests take 8–10 minutes on the 2-core box
# at load 20–40, after make wasm (1–6 minutes, its brotli packing).
BEFORE         ?= 6935e65
BEFORE_DIR     ?= $(abspath ../ba-$(BEFORE))
COMPARE_ROUNDS ?= 5
COMPARE_GAMES  ?= 8
compare: chromium wasm
	@test -x $(NETNS) || { echo "compare needs $(NETNS) (the shared tools beside this clone)"; exit 1; }
	@test "$$(id -u)" = 0 || { echo "compare runs browsers in a network namespace and needs root"; exit 1; }
	@test -d $(BEFORE_DIR) || git worktree add --detach $(BEFORE_DIR) $(BEFORE)
	@test "$$(git -C $(BEFORE_DIR) rev-parse HEAD)" = "$$(git rev-parse '$(BEFORE)^{commit}')" || { echo "$(BEFORE_DIR) is not at $(BEFORE)"; exit 1; }
	@test -f $(BEFORE_DIR)/web/wasm_exec.js -a -x $(BEFORE_DIR)/bin/miskatonic || $(MAKE) -C $(BEFORE_DIR) wasm
	$(GO) test -c -tags browser -o bin/e2e.test ./app/e2e/
	@{ E2E_BEFORE=$(BEFORE_DIR) E2E_START_RUNS=$(COMPARE_ROUNDS) E2E_COMPARE_GAMES=$(COMPARE_GAMES) E2E_COMPARE_RELAY_RUNS=2 \
	  nice -n 5 $(NETNS) ./bin/e2e.test -test.v -test.count=1 -test.timeout=40m \
	  -test.run '^(TestCompareRelayMemory|TestStartAgainstMinimal|TestCompareMoves)$$' 2>&1; echo $$? > bin/compare.rc; } | tee bin/compare.log
	@echo; echo "before: $(BEFORE) ($(BEFORE_DIR)); after: $(VERSION) ($(CURDIR)); ratio: after / before"
	@grep -o 'COMPARE|.*' bin/compare.log | awk -F'|' '{ printf "%-88s | %-14s | %-14s | %-7s | %s\n", $$2, $$3, $$4, $$5, "load " $$6 }'
	@exit $$(cat bin/compare.rc)

chromium:
	@if [ ! -x $(CHROME) ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
	  else echo "browser tests need $(CHROME): run as root so make can apt-get install chromium, or install it yourself"; exit 1; fi; \
	fi

clean:
	rm -rf bin dist web/app.wasm web/app.wasm.br web/app.wasm.gz web/wasm_exec.js screenshots
