#!/usr/bin/env bash
# Prints the canvas sandbox's score against the attack corpus (attackcorpus.cpp) and a live loopback
# canary: "N attacks, E escapes", first with every layer, then with every layer but the CSP.
# Usage: tests/auto/canvas/escapes.sh [BUILD_DIR]   (default: build/; build tst_canvas first)
# Exit status: 0 when both runs had zero escapes.
set -u
cd "$(dirname "$0")/../../.."
BUILD_DIR=${1:-${TESSERA_BUILD_DIR:-build}}
TEST="$BUILD_DIR/tests/auto/canvas/tst_canvas"
if [ ! -x "$TEST" ]; then
    echo "escapes.sh: $TEST is missing; build it with: ninja -C $BUILD_DIR tst_canvas" >&2
    exit 2
fi
# Chromium's own sandbox cannot start as root; the canvas layers under test are Tessera's, not it.
export QT_QPA_PLATFORM=offscreen QTWEBENGINE_DISABLE_SANDBOX=1
out=$("$TEST" attackCorpus attackCorpusWithoutCsp 2>&1)
status=$?
printf '%s\n' "$out" | grep -E 'attacks, [0-9]+ escapes|canary hit|leak seen|did not report' | sed -E 's/^Q(INFO|WARN) *: *TestCanvas::[A-Za-z]+\(\) //'
exit $status
