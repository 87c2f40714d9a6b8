# docgen — the two set-up commands are `make site` and `make test`.
SWIFT ?= swift
CONFIG ?= debug
DOCGEN = .build/$(CONFIG)/docgen

.PHONY: site test build release check clean

## Build the site from Content/ into _site/.
site: build
	$(DOCGEN) build

## Run the whole test suite.
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Check every Swift snippet and internal link of Content/ (what CI runs after the tests).
check: build
	$(DOCGEN) check

## Compile docgen (CONFIG=release for an optimised build).
build:
	$(SWIFT) build -c $(CONFIG) --product docgen

release:
	$(MAKE) build CONFIG=release

clean:
	rm -rf .build _site
