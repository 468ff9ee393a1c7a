#!/usr/bin/env bash
# Builds and runs every test: the XCTest suites (core, canvas, SDL — the SDL ones render through
# the software renderer and open real windows on a private Xvfb), a smoke run of swiftflow-bench,
# then the black-box conformance cases of ../shared/conformance against the release build of
# swiftflow-stress. Ends with one summary line; exits non-zero when anything failed.
#
# `scripts/test.sh --asan` (`make asan`) instead runs the XCTest suites under AddressSanitizer, in
# their own build path (.build-asan, so the normal build is untouched). It takes ~2 min to build
# and ~8 min to run on the shared 2-core machine, too long for every `make test`: CI runs it as a
# separate step. Leak detection is off: its reports come from XCTest, Foundation, fontconfig and
# dbus at exit, not from SwiftFlow.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
status=0
# XCTest's last summary line: "Executed N tests, with F failures" or, when some skipped,
# "Executed N tests, with S tests skipped and F failures".
executed='Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?'

if [[ ${1:-} == --asan ]]; then
  export ASAN_OPTIONS=detect_leaks=0
  swift build --build-tests --sanitize=address --build-path .build-asan || exit 1
  swift test --skip-build --sanitize=address --build-path .build-asan 2>&1 | tee "$logs/asan.log" || status=1
  summary=$(grep -E "$executed" "$logs/asan.log" | tail -1)
  grep -E "ERROR: AddressSanitizer|: error: |Fatal error" "$logs/asan.log" | head -20
  [[ -n $summary ]] || status=1
  echo "AddressSanitizer: ${summary:-crashed before the summary}"
  exit $status
fi

# The corpus, conformance cases and fixtures live in ../shared: without it, say so before building.
if [[ ! -f ../shared/conformance/run ]]; then
  echo "test: ../shared/conformance is missing: clone this repository beside the project's shared/ folder" >&2
  exit 1
fi

swift build --build-tests || exit 1
swift test --skip-build 2>&1 | tee "$logs/xctest.log" || status=1
summary=$(grep -E "$executed" "$logs/xctest.log" | tail -1)
xt_run=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")
xt_skipped=$(sed -nE 's/.*with ([0-9]+) tests? skipped.*/\1/p' <<<"$summary")
xt_skipped=${xt_skipped:-0}
xt_failed=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$summary")
if [[ -z $summary ]]; then xt_run=0; xt_failed=1; status=1; fi   # crashed before the summary

# The bench's smoke run (tiny N, a few frames): every workload runs and the spatial hash agrees
# with the linear scan on every query; the targets are checked by `make bench`, not here.
if .build/debug/swiftflow-bench --smoke > "$logs/bench.log" 2>&1; then bench_failed=0; else
  bench_failed=1; status=1; tail -5 "$logs/bench.log"
fi

swift build -c release --product swiftflow-stress || exit 1
python3 ../shared/conformance/run --bin .build/release/swiftflow-stress 2>&1 | tee "$logs/conformance.log" || status=1
conf=$(grep -E "^[0-9]+ passed, [0-9]+ failed$" "$logs/conformance.log" | tail -1)
cf_passed=${conf%% passed*}; cf_failed=$(sed -E 's/.* ([0-9]+) failed/\1/' <<<"$conf")
[[ -n $conf ]] || { cf_passed=0; cf_failed=1; status=1; }

echo
skipped=""; ((xt_skipped)) && skipped=" ($xt_skipped skipped, each with its reason in the log above)"
echo "XCTest: $((xt_run - xt_skipped - xt_failed)) of $xt_run passed$skipped; bench smoke: $((1 - bench_failed)) of 1 passed; conformance: $cf_passed of $((cf_passed + cf_failed)) passed"
if ((status)); then
  grep -E ": error: |Fatal error|crashed" "$logs/xctest.log" | head -20
  grep -E "^FAIL " "$logs/conformance.log" 2>/dev/null | head -20
fi
echo "total: $((xt_run - xt_skipped - xt_failed + 1 - bench_failed + cf_passed)) passed, $((xt_failed + bench_failed + cf_failed)) failed"
exit $status
