#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The meson test js-types (suite wasm): checks the TypeScript declarations
# of the JavaScript package, bindings/js/index.d.ts, with the TypeScript
# compiler `tsc` on the PATH belongs to (Debian: node-typescript, 4.8):
# bindings/js/test/types.ts must type-check with them (tsc --strict,
# module nodenext) and use every one of them, its @ts-expect-error lines
# must fail as they say, and the declarations must match what
# carcassonne.mjs exports (tools/wasm/js-types.mjs explains).  Needs no
# WebAssembly build.
#
# Without node or tsc it skips (exit 77) with a message, except under
# CI=true, where a missing tool fails the test.
set -euo pipefail

# the source tree: given by meson, else the one this script is in
: "${CARCASSONNE_SOURCE:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"

missing=
command -v node >/dev/null 2>&1 || missing="$missing node (Debian package nodejs)"
command -v tsc >/dev/null 2>&1 || missing="$missing tsc (Debian package node-typescript)"
if [ -n "$missing" ]; then
	if [ "${CI:-}" = true ]; then
		echo "js-types: missing:$missing; tools/install-deps.sh --tests installs them" >&2
		exit 1
	fi
	echo "js-types: SKIP, missing:$missing (tools/install-deps.sh --tests)"
	exit 77
fi

# The typescript package of that tsc: its bin/tsc is the command.
tsdir=$(cd "$(dirname "$(readlink -f "$(command -v tsc)")")/.." && pwd)
if ! grep -q '"name": *"typescript"' "$tsdir/package.json" 2>/dev/null; then
	echo "js-types: $(command -v tsc) is not bin/tsc of a typescript package" \
	     "(no $tsdir/package.json of typescript)" >&2
	exit 1
fi
exec node "$CARCASSONNE_SOURCE/tools/wasm/js-types.mjs" "$tsdir"
