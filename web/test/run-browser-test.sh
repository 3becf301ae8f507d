#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Suite 'web': builds the page and the WebAssembly package into
# $CARCASSONNE_WEB_OUT/site (tools/serve-web.sh --build-only) and runs
# web/test/browser-test.mjs in Debian's Chromium.  Exit 77 (skip) when
# Chromium, Node, emscripten or puppeteer-core is missing, except under
# CI=true, where that is a failure.
#
# Environment: CARCASSONNE_SOURCE, CARCASSONNE_TOOL (the native
# carcassonne tool), CARCASSONNE_WASM_BUILD (emscripten's build directory,
# shared with suite wasm), CARCASSONNE_WEB_OUT (the build directory: the site,
# the screenshots web-*.png, the game record and the MCTS times go
# there); CHROMIUM (default /usr/bin/chromium); CARC_WEB_MCTS_MOVES, the
# MCTS answers to time (default 10); CARC_WEB_PARTS, the parts of the
# test to run (browser-test.mjs --parts, default all).
set -euo pipefail

src=${CARCASSONNE_SOURCE:?}
out=${CARCASSONNE_WEB_OUT:?}
chromium=${CHROMIUM:-/usr/bin/chromium}

missing() {
	if [ "${CI:-}" = true ]; then
		echo "FAIL: $1 (CI=true: the browser test may not be skipped)" >&2
		exit 1
	fi
	echo "SKIP: $1"
	exit 77
}

[ -x "$chromium" ] ||
	missing "no Chromium at $chromium (tools/install-deps.sh --tests installs Debian's chromium)"
command -v node >/dev/null 2>&1 ||
	missing "no node (tools/install-deps.sh --tests installs nodejs)"
command -v emcc >/dev/null 2>&1 ||
	missing "no emcc to build the WebAssembly package (tools/install-deps.sh --tests installs emscripten)"
[ -f "$src/web/node_modules/puppeteer-core/package.json" ] ||
	missing "puppeteer-core is not installed in web/ (tools/install-deps.sh --tests runs npm ci there)"

# The module's build directory is suite wasm's, under the same lock: the
# one of the two suites that comes second finds it built.
wasm_build=${CARCASSONNE_WASM_BUILD:-$out/wasm-build}
mkdir -p "$(dirname "$wasm_build")"
CARC_WASM_BUILD=$wasm_build flock "$wasm_build.lock" \
	"$src/tools/serve-web.sh" --build-only "$out/site"
exec node "$src/web/test/browser-test.mjs" --site "$out/site" \
	--cli "${CARCASSONNE_TOOL:?}" --out "$out" --chromium "$chromium" \
	--source "$src" --mcts-moves "${CARC_WEB_MCTS_MOVES:-10}" \
	${CARC_WEB_PARTS:+--parts "$CARC_WEB_PARTS"}
