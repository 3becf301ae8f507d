#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/setup-and-run-example.sh [random-game options...]
#
# Installs what is missing (tools/install-deps.sh), builds the library and
# its examples in ./build, and plays one seeded game of random legal moves
# with build/examples/random-game.  Options are passed on to random-game
# (try --help); with none it plays a two-player game with a fixed seed.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"

bash "$top/tools/install-deps.sh"

if [ ! -d build/meson-private ]; then
	meson setup build
fi
meson compile -C build
exec build/examples/random-game "$@"
