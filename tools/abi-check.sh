#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/abi-check.sh LIBRARY
#        tools/abi-check.sh --self-test WORKDIR
#
# Compares the ABI of LIBRARY (a libcarcassonne.so.* built with debug
# information and every layer, e.g. the default debug build) with the
# baseline of each release, tests/abi/libcarcassonne-<version>.abi
# (written by `abidw` from that release's debug build), using
# libabigail's `abidiff` with the public headers of this checkout
# (doc/contributors/api-stability.md).  tests/abi/suppressions.abignore
# lets structs with a size member grow at their end.
#
# Passes when the public ABI of every release of LIBRARY's series is
# unchanged or only grew (new functions, e.g. those of a newer symbol
# node).  Fails when a function or variable was removed or changed (a
# parameter, return or reachable type of another size or layout, a
# symbol version gone).  A baseline with another SONAME belongs to
# another series and is left out: an incompatible release bumps the
# SONAME (carcassonne_soversion in meson.build) and checks in a baseline
# of its own.
#
# --self-test WORKDIR builds, in WORKDIR, a copy of this checkout with a
# planted break (carc_game_score() takes a uint64_t player) and checks
# that the comparison fails on it, and passes on the same library with
# its SONAME bumped (patchelf --set-soname).  The CI stage 'abi'
# (tools/setup-and-test.sh) runs both forms.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

mapfile -t baselines < <(find "$top/tests/abi" -name 'libcarcassonne-*.abi' |
			   sort -V)
if [ "${#baselines[@]}" -eq 0 ]; then
	echo "abi-check: no baseline tests/abi/libcarcassonne-*.abi" >&2
	exit 1
fi

# check LIBRARY HEADERS-DIR: 0 compatible with every baseline of its
# series, 1 incompatible or error
check() {
	local lib=$1 headers=$2 soname baseline base_soname compared=0
	soname=$(readelf -d "$lib" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
	if [ -z "$soname" ]; then
		echo "abi-check: $lib has no SONAME" >&2
		return 1
	fi
	for baseline in "${baselines[@]}"; do
		base_soname=$(sed -n "1s/.* soname='\([^']*\)'.*/\1/p" \
			"$baseline")
		if [ "$soname" != "$base_soname" ]; then
			echo "abi-check: $(basename "$baseline") is of SONAME" \
			     "$base_soname, another series than $soname: left out"
			continue
		fi
		check_one "$lib" "$headers" "$baseline" || return 1
		compared=$((compared + 1))
	done
	if [ "$compared" -eq 0 ]; then
		echo "abi-check: SONAME $soname differs from every baseline's:" \
		     "an incompatible release; check in a baseline for $soname"
	fi
	return 0
}

# check_one LIBRARY HEADERS-DIR BASELINE: 0 compatible, 1 incompatible or
# error
check_one() {
	local lib=$1 headers=$2 baseline=$3 report rc=0
	report=$(abidiff --suppressions "$top/tests/abi/suppressions.abignore" \
		--headers-dir2 "$headers" "$baseline" "$lib") ||
		rc=$?
	# abidiff's status is a bit mask: 1 error, 2 usage error, 4 ABI
	# change, 8 incompatible change.  A changed parameter type is only
	# "a change" (4) to it, so the report's summaries decide: nothing
	# may be removed or changed, only added.
	if [ $((rc & 3)) -ne 0 ]; then
		printf '%s\n' "$report" >&2
		echo "abi-check: abidiff failed (status $rc)" >&2
		return 1
	fi
	if [ $((rc & 8)) -ne 0 ] ||
	   printf '%s\n' "$report" | grep -qE \
		'(^|[^0-9])[1-9][0-9]* (Removed|Changed)'; then
		printf '%s\n' "$report" >&2
		echo "abi-check: $(basename "$lib") breaks the ABI of" \
		     "$(basename "$baseline") without a SONAME bump" >&2
		return 1
	fi
	if [ $((rc & 4)) -ne 0 ]; then
		printf '%s\n' "$report"
		echo "abi-check: $(basename "$lib"): compatible additions to" \
		     "$(basename "$baseline")"
	else
		echo "abi-check: $(basename "$lib"): the ABI of" \
		     "$(basename "$baseline"), unchanged"
	fi
	return 0
}

if [ "${1:-}" != --self-test ]; then
	if [ $# -ne 1 ]; then
		echo "usage: $0 LIBRARY | --self-test WORKDIR" >&2
		exit 2
	fi
	check "$1" "$top/include/carcassonne"
	exit $?
fi

[ $# -eq 2 ] || { echo "usage: $0 --self-test WORKDIR" >&2; exit 2; }
work=$2
rm -rf "$work/src" "$work/build"
mkdir -p "$work/src"
git -C "$top" ls-files -z | (cd "$top" && xargs -0 tar -cf - --) |
	tar -xf - -C "$work/src"

# The planted break: a parameter of another size.
header=$work/src/include/carcassonne/carcassonne.h
sed -i 's/^int carc_game_score(const struct carc_game \*game, uint32_t player);/int carc_game_score(const struct carc_game *game, uint64_t player);/' \
	"$header"
sed -i 's/^carc_game_score(const struct carc_game \*game, uint32_t player)$/carc_game_score(const struct carc_game *game, uint64_t player)/' \
	"$work/src/lib/game.c"
if ! grep -q '^int carc_game_score(const struct carc_game \*game, uint64_t player);' \
	"$header" ||
   ! grep -q '^carc_game_score(const struct carc_game \*game, uint64_t player)$' \
	"$work/src/lib/game.c"; then
	echo "abi-check: self-test: could not plant the break (has" \
	     "carc_game_score() moved?)" >&2
	exit 1
fi
CC=${CC:-gcc} meson setup "$work/build" "$work/src" --buildtype=debug \
	-Dtests=disabled -Dexamples=false -Ddocumentation=disabled >/dev/null
meson compile -C "$work/build" libcarcassonne.so >/dev/null 2>&1 ||
	meson compile -C "$work/build" >/dev/null
lib=$(find "$work/build" -maxdepth 1 -type f -name 'libcarcassonne.so.*.*.*' \
	-print -quit)
if check "$lib" "$work/src/include/carcassonne" >"$work/broken.log" 2>&1
then
	cat "$work/broken.log"
	echo "abi-check: self-test FAILED: the planted break passed" >&2
	exit 1
fi
echo "abi-check: self-test: the planted break fails, as it must:"
grep -E 'summary|breaks' "$work/broken.log" || true
cp "$lib" "$work/bumped.so"
patchelf --set-soname libcarcassonne.so.99 "$work/bumped.so"
if ! check "$work/bumped.so" "$work/src/include/carcassonne"; then
	echo "abi-check: self-test FAILED: a SONAME bump did not pass" >&2
	exit 1
fi
echo "abi-check: self-test passed"
