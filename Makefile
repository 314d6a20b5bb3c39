# Spindle: the two commands a new user needs are `make run` and `make test`.
SWIFT ?= swift
RELEASE_BIN := .build/release/spindle
# The release build is laid out for a fast, small start (docs/performance.md, "Start-up"):
# - each function in a section of its own, and the linker (lld) puts first those that the start
#   and the common keys run, in the order LINK_ORDER lists them: generated, not committed (below);
# - the small functions that have no symbol to list gathered in one place (scripts/link/spindle.ld);
# - relative relocations packed (RELR), which the loader reads at every start;
# - libstdc++ from its static archive (scripts/link/libstdc++.so says why);
# - none of its own symbols exported (the toolchain's static link exports them all), so that the
#   loader has no table of them to read;
# - generic types reached through their metadata accessors, not by mangled name: the runtime
#   resolves a mangled name by scanning every protocol conformance in the binary (5,400 in
#   `spindle`, about 90,000 instructions each time), once per type. Decoding a saved session
#   made 338 such look-ups (40 M instructions, 5 ms of a resumed start); parsing the command line
#   about 100 more;
# - of ICU's data, which the full Foundation brings into spindle-full (34 MB), only the items
#   the app reads (0.6 MB: scripts/icu-data.py says which, how they were found and how the link
#   takes them), from an object made before the first release link; `spindle` uses no ICU and
#   drops it.
# The benchmarks' binaries share these flags, so that nothing is compiled twice.
LINK_ORDER := .build/layout/spindle.order
ICU_DATA := .build/icu/icudata.o
# The name ICU's code gives its data (icudt76_dat), wrapped to the object's; read from the
# toolchain the first time a release build needs it, then kept.
ICU_SYMBOL = $(eval ICU_SYMBOL := $$(shell python3 scripts/icu-data.py --symbol))$(ICU_SYMBOL)
RELEASE_FLAGS = -c release -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xlinker "-L$(CURDIR)/scripts/link" -Xlinker "--symbol-ordering-file=$(CURDIR)/$(LINK_ORDER)" \
	-Xlinker --no-warn-symbol-ordering -Xlinker -T -Xlinker "$(CURDIR)/scripts/link/spindle.ld" -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --wrap=$(ICU_SYMBOL) -Xlinker "$(CURDIR)/$(ICU_DATA)"
# ...and links the Swift runtime into the binary: no loading and relocating of the runtime's
# shared libraries at every start.
RELEASE := $(RELEASE_FLAGS) --static-swift-stdlib
# The release `spindle`, linked with LINK_ORDER. When that order is missing (a fresh clone, after
# `make clean`) or stale (any of its names gone from the binary: a rename, a removal),
# scripts/link-order.py profiles the binary's start under valgrind (installed here) and writes it,
# and the binary is linked again. No target needs a committed order, nor a step by hand; should
# the profile fail, the binary stays laid out as compiled (`make release` then says so).
define release-spindle
	@python3 scripts/icu-data.py --output $(ICU_DATA) --binaries .build/release
	@mkdir -p $(dir $(LINK_ORDER)) && [ -e $(LINK_ORDER) ] || : > $(LINK_ORDER)
	$(SWIFT) build $(RELEASE) --product spindle
	@python3 scripts/link-order.py --spindle $(RELEASE_BIN) --output $(LINK_ORDER) --check || { \
		scripts/install-deps.sh valgrind && python3 scripts/link-order.py --spindle $(RELEASE_BIN) --output $(LINK_ORDER) && \
		rm -f $(RELEASE_BIN) .build/release/spindle-full; } || \
		echo "link order: not profiled; $(RELEASE_BIN) is laid out as compiled (more memory at its start)" >&2
	@[ -e $(RELEASE_BIN) ] || { echo "link order: linking again"; $(SWIFT) build $(RELEASE) --product spindle; }
endef
# spindle-full in release, checked once after each link for what it needs of ICU's data
# (scripts/check-icu.py: a server's page and its client, about a second), and, where
# libavformat's headers are (`make deps` installs them), the scan's probe helper beside it
# (without it the scan starts ffprobe for each file). The helper is C alone: compiled here
# rather than by SwiftPM, whose release flags would link the Swift runtime into it (8.5 MB
# instead of 30 KB). The debug one, which the tests use, is SwiftPM's.
HAS_LIBAVFORMAT = $(wildcard /usr/include/*/libavformat/avformat.h /usr/include/libavformat/avformat.h)
define release-full
	@python3 scripts/icu-data.py --output $(ICU_DATA) --binaries .build/release
	$(SWIFT) build $(RELEASE) --product spindle-full
	@[ .build/icu/checked -nt .build/release/spindle-full ] || { python3 scripts/check-icu.py --full .build/release/spindle-full && touch .build/icu/checked; }
	$(if $(HAS_LIBAVFORMAT),cc -O2 -g -Wall -Wextra -o .build/release/spindle-probe Sources/Helpers/spindle-probe/main.c -lavformat -lavutil)
endef
# The first seed of `make test`'s fuzz rounds: the commit's, as a number (1 outside a git checkout).
FUZZ_SEED_BASE := $(shell echo $$((0x$$(git rev-parse --short=7 HEAD 2>/dev/null || echo 1))))
# The plain-C ncurses list that `make bench` measures Spindle against (Benchmarks/yardstick.c).
YARDSTICK := .build/yardstick

# The toolkit and the examples are packages of their own (Toolkit/, Examples/Todo/,
# Examples/Processes/), each built in a folder of its own under .build, as a third party's app
# would build them.
TOOLKIT := --package-path Toolkit --scratch-path .build/toolkit
TODO := --package-path Examples/Todo --scratch-path .build/todo
PROCESSES := --package-path Examples/Processes --scratch-path .build/processes

.PHONY: run test test-stress deps build build-debug bench fuzz demo demo-record tsan clean link-order release docs completions install uninstall check-install terminals

## run: install what is missing, build in release, start the app (ARGS="--help" for options).
## The embedded catalog needs only `spindle`; with ARGS (folders, --catalog, a server...) it
## builds `spindle-full` too, which takes several minutes more the first time (SQLite, SwiftNIO).
run: deps
	$(release-spindle)
	$(if $(strip $(ARGS)),$(release-full))
	@$(RELEASE_BIN) $(ARGS)

## test: what checks behaviour: the app's, the toolkit's and the examples' tests (unit, snapshot,
## end-to-end in tmux), the three tours, a short fuzz round, and a smoke run of the benchmark
test: deps $(YARDSTICK)
	$(SWIFT) build --build-tests
	$(SWIFT) build --build-tests $(TOOLKIT)
# The examples build as a third party's app does: on the toolkit alone (checked: no app dependency fetched).
	$(SWIFT) build --build-tests $(TODO)
	@scripts/check-example-dependencies.sh .build/todo
	$(SWIFT) build --build-tests $(PROCESSES)
	@scripts/check-example-dependencies.sh .build/processes
	@docs/demos/tour.sh > .build/tour.log || { cat .build/tour.log; exit 1; }
	@tail -1 .build/tour.log
	@TODO_APP=.build/todo/debug/todo docs/demos/todo-tour.sh > .build/todo-tour.log || { cat .build/todo-tour.log; exit 1; }
	@tail -1 .build/todo-tour.log
	@PROCESSES_APP=.build/processes/debug/processes docs/demos/processes-tour.sh > .build/processes-tour.log || { cat .build/processes-tour.log; exit 1; }
	@tail -1 .build/processes-tour.log
# Six rounds of the pty fuzzer on the debug binary, whose reducer checks its invariants after
# every event: each mode, seeds from the commit, so that every commit tries new sequences and
# each stays reproducible (docs/fuzzing.md; `make fuzz` runs it longer).
	@for mode in embedded folder served remapped imported any; do \
		seed=$$(( $(FUZZ_SEED_BASE) + $$(echo $$mode | cksum | cut -c1-4) )); \
		python3 scripts/fuzz.py --binary .build/debug/spindle --seconds 15 --seed $$seed --mode $$mode --probe-timeout 5 \
			--start-timeout 30 --quiet \
			|| { echo "fuzz: $$mode mode, seed $$seed failed; its log to replay is in .build/fuzz"; exit 1; }; \
	done
# What the fuzzer found, replayed: each must stay clean.
	@for log in scripts/fuzz-repro/*.log; do \
		python3 scripts/fuzz.py --binary .build/debug/spindle --replay $$log --quiet > .build/fuzz-repro.log 2>&1 \
			|| { echo "fuzz reproducer $$log fails again:"; cat .build/fuzz-repro.log; exit 1; }; \
	done; echo "fuzz: $$(ls scripts/fuzz-repro/*.log | wc -l) reproducers replayed clean"
# A check that the benchmark still builds and runs, on the debug binaries (its figures mean nothing).
	python3 Benchmarks/bench.py --quick --spindle .build/debug/spindle --yardstick $(YARDSTICK) \
		--spin-benchmark .build/toolkit/debug/SpinBenchmark --library-benchmark .build/debug/LibraryBenchmark
# `make install` and `make uninstall`, on the debug binaries, into a temporary prefix.
	@$(MAKE) --no-print-directory check-install
# The ICU data the release spindle-full links, trimmed from the toolchain's and read back
# (the release binary itself is checked after each release link: scripts/check-icu.py).
	@python3 scripts/icu-data.py --check
# The guide runs as written: its snippets are the examples' code, its commands run (the apps in
# tmux), and the catalogs' captured screens are the widgets' snapshots; the toolkit's public
# counts are the ones docs/toolkit-surface.md argues.
	python3 scripts/check-guide.py docs/writing-a-spindle-app.md Toolkit/Sources/*/*.docc/*.md
	python3 scripts/public-surface.py --check docs/toolkit-surface.md > /dev/null
	$(SWIFT) test --skip-build $(TOOLKIT)
	$(SWIFT) test --skip-build $(TODO)
	$(SWIFT) test --skip-build $(PROCESSES)
	$(SWIFT) test --skip-build

## test-stress: the app's tests that use real processes (end-to-end, mpv, servers, SQLite,
## ffprobe, downloads) beside two CPU burners per core; prints how many passed, failed and were
## skipped (docs/testing.md). Not part of `make test`. SCRATCH= builds elsewhere than .build.
SCRATCH ?= .build
test-stress: deps
	$(SWIFT) build --build-tests --scratch-path $(SCRATCH)
	scripts/test-stress.sh $(SCRATCH)

## install: build in release and install spindle and spindle-full, the man page (spindle.1) and
## the bash, zsh and fish completions under PREFIX (default ~/.local: no root needed, and
## ~/.local/bin is on a Debian user's PATH); DESTDIR stages them for a package.
## make install PREFIX=/usr/local   (as root)    make install DESTDIR=/tmp/stage PREFIX=/usr
PREFIX ?= $(HOME)/.local
DESTDIR ?=
# swift-argument-parser's `generate-manual` (its plugin's tool), built once in debug: building it
# with the release flags would rebuild what the release binaries share with it.
MANUAL_TOOL := .build/debug/generate-manual
install: deps
	$(release-spindle)
	$(release-full)
	$(SWIFT) build --product generate-manual
	scripts/install.sh --bin-dir .build/release --manual-tool $(MANUAL_TOOL) --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

## uninstall: remove exactly what `make install` put under PREFIX (and DESTDIR), and the folders
## it leaves empty
uninstall:
	scripts/install.sh --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

## check-install: install the debug binaries into a temporary prefix, run them, render the man
## page, load the completions, uninstall, and expect the prefix empty (part of `make test`)
check-install:
	@scripts/install-deps.sh zsh fish
	$(SWIFT) build --product spindle
	$(SWIFT) build --product spindle-full
	$(if $(HAS_LIBAVFORMAT),$(SWIFT) build --product spindle-probe)
	$(SWIFT) build --product generate-manual
	scripts/check-install.sh .build/debug $(MANUAL_TOOL)

## release: the release binary `make run` starts, built with its layout flags (its link order
## profiled when missing or stale) and checked for that layout (libstdc++ linked in, relocations
## packed, the link order current); prints the first frame's time and the memory
release: deps
	$(release-spindle)
	python3 scripts/check-release.py --spindle $(RELEASE_BIN) --order $(LINK_ORDER)

## bench: what a user feels, Spindle beside the C yardstick, in release (docs/performance.md)
bench: deps $(YARDSTICK)
	$(release-spindle)
	$(release-full)
# Spin's benchmark uses SpinTesting, which needs swift-testing: the toolchain has no static
# library of it, so this one links the runtime as shared libraries.
	$(SWIFT) build $(RELEASE_FLAGS) $(TOOLKIT) --product SpinBenchmark
	$(SWIFT) build $(RELEASE_FLAGS) --product LibraryBenchmark
	python3 Benchmarks/bench.py --spindle $(RELEASE_BIN) --yardstick $(YARDSTICK) \
		--spin-benchmark .build/toolkit/release/SpinBenchmark --library-benchmark .build/release/LibraryBenchmark

## fuzz: the pty fuzzer on the release binary: keys, escape sequences, invalid UTF-8, pastes, mouse
## reports and resizes for SECONDS (300) from SEED (random, printed), over the embedded catalog, a
## generated media folder played in mpv, that folder served, remapped keys, and a big catalog imported at
## each start; a failure leaves its log in
## .build/fuzz to replay (docs/fuzzing.md). make fuzz SECONDS=600 SEED=42
SECONDS ?= 300
SEED ?=
fuzz: deps
	$(release-spindle)
	$(release-full)
	python3 scripts/fuzz.py --binary $(RELEASE_BIN) --seconds $(SECONDS) $(if $(SEED),--seed $(SEED))

## terminals: pictures in real terminals, xterm as a VT340 (sixel) and kitty, on a private X
## server (installs Xvfb, xterm, kitty and xdotool when missing; `make test` needs none of them)
terminals: deps
	@scripts/install-deps.sh Xvfb:xvfb xterm kitty xdotool
	$(release-full)
	python3 scripts/try-terminals.py --binary .build/release/spindle-full

$(YARDSTICK): Benchmarks/yardstick.c
	@mkdir -p $(@D)
	cc -O2 -Wall -Wextra -o $@ Benchmarks/yardstick.c -lncursesw

## tsan: the Spin tests under ThreadSanitizer. With -D SPIN_TSAN Spin's locks are pthread mutexes,
## which TSan understands (it cannot see inside Synchronization.Mutex and would flag every section).
TSAN_FLAGS := --sanitize=thread -Xswiftc -DSPIN_TSAN --scratch-path .build/tsan
tsan: deps
	$(SWIFT) build --build-tests --package-path Toolkit $(TSAN_FLAGS)
	$(SWIFT) test --skip-build --package-path Toolkit $(TSAN_FLAGS) --filter SpinTests

## demo: a scripted tour in tmux that you can watch (tmux -L spindle-tour attach -r)
demo: build
	SPINDLE=$(RELEASE_BIN) docs/demos/tour.sh --watch

## demo-record: record the tours of the app and of the two examples as casts and GIFs in
## docs/demos (installs asciinema, pyte and Pillow from PyPI into .build/demo-venv; `make test` needs neither)
demo-record: build
	$(SWIFT) build -c release $(TODO) --product todo
	$(SWIFT) build -c release $(PROCESSES) --product processes
	SPINDLE=$(RELEASE_BIN) scripts/record-demo.sh tour
	TODO_APP=.build/todo/release/todo scripts/record-demo.sh todo
	PROCESSES_APP=.build/processes/release/processes scripts/record-demo.sh processes

## link-order: profile the release binary's start and common keys again now (valgrind) and link
## it again; the targets that build it do so by themselves when the order is missing or stale
link-order: deps
	rm -f $(LINK_ORDER)
	$(release-spindle)

deps:
	@scripts/install-deps.sh

# Both binaries: spindle (the embedded catalog) starts spindle-full, beside it, for the library.
build: deps
	$(release-spindle)
	$(release-full)

clean:
	rm -rf .build

## docs: the DocC documentation of Spin, SpinJournal, Terminal and SpindleUI, as static sites in .build/docs
docs:
	@mkdir -p .build/docs
	for target in Spin SpinJournal Terminal SpindleUI; do \
		SPINDLE_DOCS=1 $(SWIFT) package --package-path Toolkit --scratch-path .build/toolkit-docs \
			--allow-writing-to-directory .build/docs generate-documentation --target $$target \
			--output-path .build/docs/$$target --transform-for-static-hosting || exit 1; \
	done
	@echo "docs: .build/docs/Spin, .build/docs/SpinJournal, .build/docs/Terminal, .build/docs/SpindleUI"

## completions: shell completion scripts for every verb and option, into .build/completions
completions: deps
	$(release-spindle)
	@mkdir -p .build/completions
	$(RELEASE_BIN) --generate-completion-script bash > .build/completions/spindle.bash
	$(RELEASE_BIN) --generate-completion-script zsh > .build/completions/_spindle
	$(RELEASE_BIN) --generate-completion-script fish > .build/completions/spindle.fish
	@echo "completions: .build/completions/spindle.bash, _spindle, spindle.fish"
