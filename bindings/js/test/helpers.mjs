// SPDX-License-Identifier: MIT
// Shared by the tests: the loaded package and the native programs to
// compare with (set by the meson suite 'wasm', tools/wasm/test-wasm.sh).
import { execFileSync } from 'node:child_process';
import * as carc from '../carcassonne.mjs';

await carc.load();
export { carc };

export const seededGame = process.env.CARCASSONNE_SEEDED_GAME || '';
export const tool = process.env.CARCASSONNE_TOOL || '';
// Without the native programs (npm test in a checkout) the comparisons
// skip; under CI=true they must be there.
export function nativeSkip(what) {
	if (what)
		return false;
	if (process.env.CI === 'true')
		throw new Error('CI=true: the native programs must be given ' +
			'(CARCASSONNE_SEEDED_GAME, CARCASSONNE_TOOL)');
	return 'no native build given (run it as meson test --suite wasm)';
}

export function run(program, args, input) {
	return execFileSync(program, args, { encoding: 'utf8', input });
}

// The expansions of bindings/python/seeded-game.c's bit set.
export function expansionRules(bits) {
	return new carc.Rules({
		phantom: (bits & 1) !== 0,
		'crop-circles-i': (bits & 2) !== 0,
		'crop-circles-ii': (bits & 4) !== 0,
		'little-buildings': (bits & 8) !== 0,
		river: (bits & 16) !== 0,
		'inns-cathedrals': (bits & 32) !== 0,
		'traders-builders': (bits & 64) !== 0,
	});
}

// seeded-game's rule: at every decision point play legal move number
// hash mod count.
export function playSeeded(game) {
	while (!game.isOver()) {
		const moves = game.legalMoveValues();
		game.apply(moves[Number(game.hash() % BigInt(moves.length))]);
	}
	return game;
}
