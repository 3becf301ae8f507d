#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The meson suite 'wasm': builds the WebAssembly module and the JavaScript
# package (tools/build-wasm.sh) into the native build directory, then runs
# the package's tests with `node --test` against the native build's games
# (CARCASSONNE_SEEDED_GAME, CARCASSONNE_TOOL).
#
# Without emcc or node it skips (exit 77) with a message, except under
# CI=true, where a missing tool fails the suite.
set -euo pipefail

: "${CARCASSONNE_SOURCE:?}" "${CARCASSONNE_WASM_OUT:?}" "${CARCASSONNE_WASM_BUILD:?}"

missing=
command -v emcc >/dev/null 2>&1 || missing="$missing emcc (Debian package emscripten)"
command -v node >/dev/null 2>&1 || missing="$missing node (Debian package nodejs)"
if [ -n "$missing" ]; then
	if [ "${CI:-}" = true ]; then
		echo "wasm: missing:$missing; tools/install-deps.sh --tests installs them" >&2
		exit 1
	fi
	echo "wasm: SKIP, missing:$missing (tools/install-deps.sh --tests)"
	exit 77
fi

# The typescript package of `tsc` (its bin/tsc), with which
# test/declarations.test.mjs reads index.d.ts; that test skips without
# it, and fails under CI=true.
if command -v tsc >/dev/null 2>&1; then
	CARCASSONNE_TYPESCRIPT=$(cd "$(dirname "$(readlink -f "$(command -v tsc)")")/.." && pwd)
	export CARCASSONNE_TYPESCRIPT
fi

started=$(date +%s)
# Suite web builds the module in the same directory: one at a time.
flock "$CARCASSONNE_WASM_BUILD.lock" \
	bash "$CARCASSONNE_SOURCE/tools/build-wasm.sh" "$CARCASSONNE_WASM_OUT" \
	"$CARCASSONNE_WASM_BUILD"
built=$(date +%s)
echo "wasm: built in $((built - started)) s"
cd "$CARCASSONNE_WASM_OUT"
node --test test/*.test.mjs
echo "wasm: tests ran in $(( $(date +%s) - built )) s"
