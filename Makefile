# docgen — the two set-up commands are `make site` and `make test`.
SWIFT ?= swift
CONFIG ?= debug
DOCGEN = .build/$(CONFIG)/docgen

.PHONY: site test deps build release check clean

## Build the site from Content/ into _site/ (installs cmark-gfm when missing).
site: build
	$(DOCGEN) build

## Run the whole test suite.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Check every Swift snippet and internal link of Content/ (what CI runs after the tests).
check: build
	$(DOCGEN) check

## Install the system libraries docgen links against.
deps:
	@scripts/install-deps

## Compile docgen (CONFIG=release for an optimised build).
build: deps
	$(SWIFT) build -c $(CONFIG) --product docgen

release:
	$(MAKE) build CONFIG=release

clean:
	rm -rf .build _site
