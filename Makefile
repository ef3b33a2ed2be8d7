# Lanternly — the two commands a fresh machine needs: `make run` and `make test`.
SWIFT      ?= swift
BUILD_DIR  ?= .build
APT_PKGS   := libncurses-dev libsqlite3-dev pkg-config tmux sqlite3 strace
BIN_DEBUG  := $(BUILD_DIR)/debug/lanternly
BIN_RELEASE:= $(BUILD_DIR)/release/lanternly

.PHONY: run test deps build release unit e2e bench eval lint clean

## Installs the Debian packages the build and the tests need, when they are missing.
deps:
	@missing=""; for p in $(APT_PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "The Swift toolchain is missing: install Swift 5.9 or newer (swift.org/install) and run make again."; exit 1; }

build: deps
	$(SWIFT) build --product lanternly

release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product lanternly && $(SWIFT) build -c release --static-swift-stdlib --product lanternly-bench

## Builds and opens the app on the embedded default profile.
run: build
	@$(BIN_DEBUG) $(ARGS)

## Builds and passes every test: unit, snapshot and end-to-end (tmux).
test: deps
	$(SWIFT) build --build-tests
	@bash Tests/run-all.sh $(BIN_DEBUG)

e2e: build
	@bash Tests/e2e/run.sh $(BIN_DEBUG)

## Prints medians for the budgets the issues name (a release build).
bench: release
	@bash Benchmarks/run.sh $(BIN_RELEASE)

## The crisis detector on the test part of Eval/crisis/corpus (recall and specificity by
## language and category, and the misses); EVAL_EXTRA=/path/file.tsv evaluates a further
## file of the same format (all of it). Not part of `make test`.
EVAL_EXTRA ?=
eval: deps
	$(SWIFT) build --product crisis-eval
	@status=0; $(BUILD_DIR)/debug/crisis-eval --split test Eval/crisis/corpus/*.tsv || status=$$?; \
	if [ -n "$(EVAL_EXTRA)" ]; then $(BUILD_DIR)/debug/crisis-eval --split all $(EVAL_EXTRA) || status=$$?; fi; \
	exit $$status

lint:
	$(SWIFT) format lint -r Sources Tests

clean:
	rm -rf $(BUILD_DIR)
