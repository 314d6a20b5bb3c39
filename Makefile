# Spindle: the two commands a new user needs are `make run` and `make test`.
SWIFT ?= swift
RELEASE_BIN := .build/release/spindle

.PHONY: run test deps build build-debug bench demo clean

## run: install what is missing, build in release, start the app (ARGS="--help" for options)
run: build
	@$(RELEASE_BIN) $(ARGS)

## test: every check: unit, snapshot and end-to-end (tmux) tests
test: deps
	$(SWIFT) build --build-tests
	@docs/demos/tour.sh > .build/tour.log || { cat .build/tour.log; exit 1; }
	@tail -1 .build/tour.log
	$(SWIFT) test

## demo: a scripted tour in tmux that you can watch (tmux -L spindle-tour attach -r)
demo: build
	SPINDLE=$(RELEASE_BIN) docs/demos/tour.sh --watch

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product spindle

clean:
	rm -rf .build
