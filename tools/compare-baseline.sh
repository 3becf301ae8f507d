#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Usage: tools/compare-baseline.sh NEW-BUILD BASELINE-BUILD [SEEDS]
#
# Shows that a change to the engine changed no outcome: for SEEDS seeds
# (default 40) and a range of rule sets, compares between the two build
# directories (built with -Dexamples=true)
#   - examples/random-game's output,
#   - the record `carcassonne play --bot random --record` saves,
#   - tools/trace-game.c's trace: the game hash after every move, the
#     legal-move count and carc_game_apply()'s error codes for wrong
#     moves (built here against each build's static library).
# Exits 1 at the first difference, which it shows.
set -eu

new=$1
old=$2
seeds=${3:-40}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/carc-compare.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

for b in new old; do
	eval dir=\$$b
	cc -O2 -I"$here/../include" -I"$dir/include" -o "$tmp/trace-$b" \
		"$here/trace-game.c" "$dir/libcarcassonne.a"
done

# name | random-game arguments | carcassonne play arguments | trace options
# (numeric CARC_OPT_*=value; the player count is added)
sets='base|||
all|--all|--all|5=1 6=1 7=1 8=1
farm-per-city|--farm per-city|--farm-scoring per-city|1=1
farm-once|--farm per-field-once|--farm-scoring per-field-once|1=2
buildings-321|--buildings --lb-321|--little-buildings --option lb-scoring=3-2-1|8=1 9=1
crop-any|--all --crop-any|--all --option crop-deploy-any=on|5=1 6=1 7=1 8=1 13=1
crop-mandatory|--all --crop-mandatory|--all --option crop-deploy-mandatory=on|5=1 6=1 7=1 8=1 14=1
crop-no-phantom|--all --crop-no-phantom|--all --option crop-phantom=off|5=1 6=1 7=1 8=1 15=1
crop-no-after|--all --crop-no-after-phantom --lb-jcz|--all --option crop-after-phantom=off --option lb-distribution=jcz|5=1 6=1 7=1 8=1 16=0 10=1
no-farmers|--all --no-farmers --small-city|--all --option farmers=off --option small-city=on|5=1 6=1 7=1 8=1 2=0 3=1
inns|--inns-cathedrals --phantom --crop-circles|--option inns-cathedrals=on --phantom --crop-circles|20=1 5=1 6=1 7=1
traders|--traders-builders --phantom --crop-circles|--option traders-builders=on --phantom --crop-circles|21=1 5=1 6=1 7=1
river|--river --phantom --little-buildings|--river --phantom --little-buildings|17=1 5=1 8=1
river-jcz|--river --option river-u-turn=jcz --option river-start-tile=in-river-stack|--river --option river-u-turn=jcz --option river-start-tile=in-river-stack|17=1 19=3 18=2'

run() {	# label, file, command...
	label=$1
	out=$2
	shift 2
	if ! "$@" > "$out" 2>&1; then
		echo "FAIL ($label): $*" >&2
		cat "$out" >&2
		exit 1
	fi
}

count=0
echo "$sets" | while IFS='|' read -r name rg cli tr; do
	for players in 2 3 4 5 6; do
		# every player count for base and all, two for the others
		case $name/$players in
		base/* | all/* | */2 | */4) ;;
		*) continue ;;
		esac
		seed=1
		while [ "$seed" -le "$seeds" ]; do
			for b in new old; do
				eval dir=\$$b
				# shellcheck disable=SC2086
				run "$name" "$tmp/rg-$b" "$dir/examples/random-game" \
					--players "$players" --seed "$seed" $rg
				# shellcheck disable=SC2086
				run "$name" "$tmp/rec-$b" "$dir/cli/carcassonne" play \
					--bot random --quiet --players "$players" \
					--seed "$seed" $cli --record "$tmp/record-$b"
				grep -v '^# written by' "$tmp/record-$b" > "$tmp/rec-$b"
				# the version may differ, nothing else
				sed 's/libcarcassonne [0-9.]*:/libcarcassonne:/' \
					"$tmp/rg-$b" > "$tmp/rg-$b.x"
				mv "$tmp/rg-$b.x" "$tmp/rg-$b"
				# shellcheck disable=SC2086
				run "$name" "$tmp/tr-$b" "$tmp/trace-$b" "$players" \
					"$seed" $tr
			done
			for f in rg rec tr; do
				if ! cmp -s "$tmp/$f-new" "$tmp/$f-old"; then
					echo "DIFFERENT: $f $name players $players seed $seed" >&2
					diff "$tmp/$f-old" "$tmp/$f-new" | head -20 >&2
					exit 1
				fi
			done
			seed=$((seed + 1))
		done
		echo "same: $name, $players players, $seeds seeds"
	done
done
