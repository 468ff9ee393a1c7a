# SwiftFlow — `make demo` shows the stress-test canvas, `make test` runs every test.
# Both install what is missing first (scripts/setup.sh, Debian packages).

SWIFT ?= swift
STRESS := .build/release/swiftflow-stress
CONFORMANCE := ../shared/conformance/run

.PHONY: setup build demo gallery images test asan bench clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product swiftflow-stress

# A window when a display exists, otherwise headless: writes stress.png and stress-report.json.
demo: build
	@bash scripts/demo.sh $(STRESS) $(ARGS)

# The demos gallery (swiftflow-demo): `make gallery ARGS="layout"`.
gallery: setup
	$(SWIFT) run -c release swiftflow-demo $(ARGS)

# Renders every demo into docs/images/ headlessly.
images: setup
	@bash scripts/demo-images.sh

test: setup
	@bash scripts/test.sh

# The XCTest suites under AddressSanitizer (own build path .build-asan); CI's second step.
asan: setup
	@bash scripts/test.sh --asan

bench: setup
	$(SWIFT) run -c release swiftflow-bench

clean:
	rm -rf .build .build-asan stress.png stress-report.json
