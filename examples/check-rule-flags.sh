#!/bin/bash
# SPDX-License-Identifier: CC0-1.0
#
# Usage: check-rule-flags.sh RANDOM-GAME CARCASSONNE
#
# The example program takes the rule flags of `carcassonne play`: each set below must be accepted by both, the example's game with
# the tool's spellings must be the game of its older spellings, and a
# misspelt option must get the library's words (close matches, ranges)
# from both.
set -eu
rg=$1 tool=$2

same() {	# same "TOOL FLAGS" "OLD FLAGS"
	# shellcheck disable=SC2086 # word lists
	if ! cmp -s <("$rg" --seed 9 --players 3 $1) \
		<("$rg" --seed 9 --players 3 $2); then
		echo "FAIL: random-game $1 differs from $2" >&2
		exit 1
	fi
}

for flags in "--phantom" "--crop-circles" "--crop-circles-i" \
	"--crop-circles-ii" "--little-buildings" "--river" "--inns-cathedrals" \
	"--traders-builders" "--all" \
	"--farm-scoring per-city" "--option followers=3" \
	"--all --option lb-scoring=3-2-1 --option crop-deploy-any=on"; do
	# shellcheck disable=SC2086
	"$rg" --seed 2 $flags >/dev/null ||
		{ echo "FAIL: random-game refuses $flags" >&2; exit 1; }
	# shellcheck disable=SC2086
	"$tool" play --seed 2 $flags >/dev/null ||
		{ echo "FAIL: carcassonne play refuses $flags" >&2; exit 1; }
done
same "--crop-circles-i --little-buildings" "--crop-circles-1 --buildings"
same "--crop-circles" "--crop-circles-1 --crop-circles-2"
same "--all" "--phantom --crop-circles-1 --crop-circles-2 --buildings --river
	--inns-cathedrals --traders-builders"
same "--farm-scoring per-city" "--farm per-city"
same "--option followers=4 --option farmers=off" "--followers 4 --no-farmers"

want="--option: unknown rule option 'crop-circles-1'; did you mean 'crop-circles-i'?"
for prog in "$rg" "$tool play"; do
	# shellcheck disable=SC2086
	if err=$($prog --option crop-circles-1=on 2>&1 >/dev/null); then
		echo "FAIL: $prog took --option crop-circles-1=on" >&2
		exit 1
	fi
	case $err in
	*"$want"*) ;;
	*) echo "FAIL: $prog said: $err" >&2; exit 1 ;;
	esac
	# shellcheck disable=SC2086
	err=$($prog --option followers=99 2>&1 >/dev/null) && exit 1
	case $err in
	*"followers must be 1 to 15, not 99"*) ;;
	*) echo "FAIL: $prog said: $err" >&2; exit 1 ;;
	esac
done
echo "ok: random-game and carcassonne play take the same rule flags"
