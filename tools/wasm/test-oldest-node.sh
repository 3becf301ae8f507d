#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The meson test node-oldest (suite node-oldest, gcc stage only): the
# JavaScript package's tests (tools/wasm/test-wasm.sh) and the web page's
# browser test (web/test/run-browser-test.sh) once more, with the oldest
# Node.js that bindings/js/package.json and web/package.json claim in
# `engines` (18: Debian 12's nodejs), found by tools/wasm/oldest-node.sh.
# The other suites run with the `node` on the PATH (20 or 22 here).
#
# Skips (77) without a Node 18 (tools/install-deps.sh --tests unpacks
# Debian's), except under CI=true, where that fails.  The two scripts
# skip or fail as they do alone.  The browser test runs its part 4 here
# (CARC_WEB_PARTS, default 4: the page loaded, a record resumed and every
# dialog checked at 360x640, 844x390 and 2560x1440), which drives Chromium
# and loads the page's modules with Node 18; the whole games by click and
# by tap (parts 1 and 3) depend on the browser, not on Node, and run once,
# in suite web.
#
# Environment: that of the tests wasm and web (bindings/js/meson.build,
# web/meson.build) with CARCASSONNE_WASM_OUT and CARCASSONNE_WEB_OUT
# directories of its own.
set -euo pipefail

: "${CARCASSONNE_SOURCE:?}" "${CARCASSONNE_WASM_OUT:?}" "${CARCASSONNE_WEB_OUT:?}"

if ! node18=$(bash "$CARCASSONNE_SOURCE/tools/wasm/oldest-node.sh"); then
	if [ "${CI:-}" = true ]; then
		echo "node-oldest: no Node 18 (CI=true: this check may not be skipped)" >&2
		exit 1
	fi
	echo "node-oldest: SKIP, no Node 18 (tools/wasm/oldest-node.sh --fetch unpacks Debian's)"
	exit 77
fi

# Where `node` on the PATH is Node 18 itself (a plain Debian 12), suites
# wasm and web have run with it already.
if [ "$(command -v node 2>/dev/null)" = "$node18" ]; then
	echo "node-oldest: SKIP, node on the PATH is $(node --version): suites wasm and web run with it"
	exit 77
fi

# `node` on the PATH is Node 18 for both scripts and everything they start
# (node --test's workers, the browser test).
bin=$CARCASSONNE_WASM_OUT.bin
mkdir -p "$bin"
ln -sf "$node18" "$bin/node"
export PATH=$bin:$PATH
echo "node-oldest: $(command -v node) is Node $(node --version)"

status=0
bash "$CARCASSONNE_SOURCE/tools/wasm/test-wasm.sh" || status=$?
if [ "$status" = 77 ]; then
	exit 77
elif [ "$status" != 0 ]; then
	echo "node-oldest: the JavaScript package's tests failed with Node 18 (exit $status)" >&2
	exit "$status"
fi
CARC_WEB_MCTS_MOVES=${CARC_WEB_MCTS_MOVES:-2} \
	CARC_WEB_PARTS=${CARC_WEB_PARTS:-4} \
	bash "$CARCASSONNE_SOURCE/web/test/run-browser-test.sh" || status=$?
if [ "$status" = 77 ]; then
	exit 77
elif [ "$status" != 0 ]; then
	echo "node-oldest: the web page's browser test failed with Node 18 (exit $status)" >&2
	exit "$status"
fi
echo "node-oldest: the JS and web suites pass with Node $(node --version)"
