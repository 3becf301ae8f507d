// SPDX-License-Identifier: MIT
// The WebAssembly build plays exactly the games of the native build: the
// same seeds and moves give the same hashes, scores, records and
// pictures, for every expansion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { carc, seededGame, tool, nativeSkip, run, expansionRules,
	playSeeded } from './helpers.mjs';

// bit 1 The Phantom, 2 Crop Circles I, 4 Crop Circles II, 8 Little
// Buildings, 16 The River, 32 Inns & Cathedrals, 64 Traders & Builders:
// each alone, none, the first four, the last three and all together.
const EXPANSIONS = [0, 1, 2, 4, 8, 15, 16, 32, 64, 112, 127];
const CASES = [];
for (const exp of EXPANSIONS)
	for (const [seed, players] of [[1, 2], [7, 3], [12345678901234n, 5],
		[18446744073709551615n, 6]])
		CASES.push({ exp, seed, players });

test('seeded games: the same final hash and scores as C',
	{ skip: nativeSkip(seededGame) }, () => {
		for (const { exp, seed, players } of CASES) {
			const out = run(seededGame, [String(seed), String(players),
				String(exp)]).trim();
			const rules = expansionRules(exp);
			const game = new carc.Game({ rules, players, seed });
			rules.free();
			playSeeded(game);
			const mine = `hash ${game.hash().toString(16).padStart(16, '0')}` +
				` scores ${game.scores().join(' ')}`;
			assert.equal(mine, out, `seed ${seed} players ${players} expansions ${exp}`);
			game.free();
		}
	});

const TOOL_GAMES = [
	['--seed', '3', '--players', '2'],
	['--seed', '4', '--players', '3', '--phantom'],
	['--seed', '5', '--players', '4', '--crop-circles'],
	['--seed', '6', '--players', '2', '--little-buildings',
		'--option', 'lb-scoring=3-2-1'],
	['--seed', '8', '--players', '5', '--all',
		'--farm-scoring', 'per-city'],
	['--seed', '9', '--players', '6', '--all'],
];

test('records of the native tool load, replay to its scores and save ' +
	'back byte for byte; the pictures are the same bytes',
	{ skip: nativeSkip(tool) }, () => {
		const dir = mkdtempSync(join(tmpdir(), 'carc-wasm-'));
		try {
			for (const args of TOOL_GAMES) {
				const rec = join(dir, 'game.rec');
				run(tool, ['play', '--bot', 'random', '--quiet', '--record',
					rec, ...args]);
				const text = readFileSync(rec, 'utf8');
				const game = carc.Game.load(text);
				assert.ok(game.isOver(), args.join(' '));
				const scores = text.match(/^scores (.*)$/m)[1];
				assert.equal(game.scores().join(' '), scores, args.join(' '));
				assert.equal(game.save(), text, args.join(' '));
				const svg = join(dir, 'game.svg');
				run(tool, ['render', rec, '-o', svg]);
				assert.equal(game.renderSvg({ lastMove: true }), readFileSync(svg, 'utf8'),
					'picture of ' + args.join(' '));
				run(tool, ['render', rec, '-o', svg, '--move', '7',
					'--placements', '--tile-size', '64']);
				const early = carc.Game.load(text);
				while (early.history().length > 7)
					early.undo();
				assert.equal(early.renderSvg({ lastMove: true, placements: true,
					tileSize: 64 }),
					readFileSync(svg, 'utf8'), 'picture at move 7 of ' +
					args.join(' '));
				early.free();
				game.free();
			}
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
