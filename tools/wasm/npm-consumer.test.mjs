// SPDX-License-Identifier: MIT
// A project that installed the packed package (tools/wasm/test-npm-pack.sh
// copies this file into it, beside node_modules/carcassonne, the README's
// JavaScript example as example.mjs and its TypeScript example compiled
// into out/example.js): the package resolves from node_modules, loads its
// wasm from there, and both examples print what the same play gives here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as carc from 'carcassonne';

const here = process.cwd();
const require = createRequire(join(here, 'package.json'));

function run(file) {
	return execFileSync(process.execPath, [file], { cwd: here, encoding: 'utf8' });
}

test('the package resolves from node_modules and loads its wasm', async () => {
	const main = require.resolve('carcassonne');
	assert.equal(main, join(here, 'node_modules', 'carcassonne', 'carcassonne.mjs'));
	const meta = JSON.parse(readFileSync(join(here, 'node_modules', 'carcassonne', 'package.json'), 'utf8'));
	await carc.load();
	assert.equal(carc.version(), meta.version);
	assert.deepEqual(Object.keys(meta.engines), ['node']);
	const game = new carc.Game({ players: 2, seed: 1 });
	game.apply(game.legalMoves()[0]);
	assert.match(game.renderSvg(), /^<\?xml [^]*<svg [^]*<\/svg>\s*$/);
	assert.equal(carc.Game.load(game.save()).hash(), game.hash());
	game.free();
});

test('the README\'s JavaScript example', async () => {
	await carc.load();
	const rules = new carc.Rules({ phantom: true, 'farm-scoring': 'per-city' });
	const game = new carc.Game({ rules, players: 2, seed: 42n });
	while (!game.isOver()) {
		const kind = game.currentPlayer() === 0 ? 'greedy' : 'random';
		game.apply(game.botMove({ kind, seed: 7 }));
	}
	assert.equal(run('example.mjs'),
		`scores: ${game.scores().join(' ')}\nsame game: true\n`);
	game.free();
	rules.free();
});

test('the README\'s TypeScript example, compiled by tsc', async () => {
	await carc.load();
	const game = new carc.Game({ players: 3, seed: 7n });
	const phases = new Set();
	let events = 0;
	while (!game.isOver()) {
		phases.add(game.phaseName());
		const moves = game.legalMoves();
		game.apply(moves[Number(game.hash() % BigInt(moves.length))]);
		events += game.events().length;
	}
	assert.ok(events > 0);
	assert.equal(run(join('out', 'example.js')),
		`scores: ${game.scores().join(' ')}\n` +
		`phases: ${[...phases].sort().join(' ')}\n` +
		'scoring events: true\n');
	game.free();
});
