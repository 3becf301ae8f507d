// SPDX-License-Identifier: MIT
// The bots of include/carcassonne/search.h through the package:
// botMove() and playout() give legal moves and real scores, repeat with
// the same seed, and refuse bad options without changing the game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carc, expansionRules, nativeSkip, run } from './helpers.mjs';

const nativeSearch = process.env.CARCASSONNE_NATIVE_SEARCH || '';

const skip = carc.hasSearch() ? false
	: 'this build has no carc_bot_choose() (include/carcassonne/search.h)';

test('bots choose legal moves; the same seed, the same move', { skip }, () => {
	const rules = expansionRules(15);
	const game = new carc.Game({ rules, players: 3, seed: 5 });
	rules.free();
	for (let i = 0; i < 60 && !game.isOver(); i++) {
		const hash = game.hash();
		for (const kind of ['random', 'greedy', carc.BotKind.MCTS,
			'star2.5', 'mcts-rave']) {
			const opts = { kind, playouts: 50, seed: 1000 + i };
			const m = game.botMove(opts);
			assert.ok(m instanceof carc.Move);
			assert.ok(game.isLegal(m), `${kind}: ${m}`);
			assert.ok(game.botMove(opts).equals(m), `${kind} repeats`);
			assert.equal(game.hash(), hash);
		}
		const { move, stats } = game.botMove({ playouts: 40, seed: i,
			stats: true });
		assert.equal(stats.threads, 1);
		assert.equal(stats.moves, game.legalMoveCount());
		if (stats.moves > 1) {
			assert.equal(stats.playouts, 40);
			// the default reward: the margin, in thousandths of
			// a point
			assert.equal(stats.reward, 2);
			assert.ok(Number.isInteger(stats.value));
			assert.ok(Math.abs(stats.value) <= 400000);
			const win = game.botMove({ playouts: 40, seed: i,
				reward: 1, stats: true }).stats;
			assert.equal(win.reward, 1);
			assert.ok(win.value >= 0 && win.value <= 1000);
		} else {
			assert.equal(stats.reward, 0);
		}
		game.apply(move);
	}
	game.free();
});

// The reference players choose what tests/test-search.c pins for the
// first of its positions: a new two-player base game of seed 3.
test('star2.5 and mcts-rave: the moves the C tests pin', { skip }, () => {
	const rules = new carc.Rules();
	const game = new carc.Game({ rules, players: 2, seed: 3 });
	rules.free();
	assert.equal(String(game.botMove({ kind: 'star2.5', playouts: 60000,
		seed: 1 })), 'place 1,0 r0');
	assert.equal(String(game.botMove({ kind: carc.BotKind.MCTS_RAVE,
		playouts: 400, seed: 1 })), 'place -1,0 r3');
	game.free();
});

// The same position with the papers' settings (paper_settings_pinned of
// tests/test-search.c): the options of 0.5 reach the library.
test('the papers\' settings: the moves the C tests pin', { skip }, () => {
	const rules = new carc.Rules();
	const game = new carc.Game({ rules, players: 2, seed: 3 });
	rules.free();
	const r = game.botMove({ kind: 'star2.5', playouts: 60000, seed: 1,
		depth: 3, probing: 4, stats: true });
	assert.equal(String(r.move), 'place 1,0 r0');
	assert.equal(r.stats.nodes, 2);
	const margin = { playouts: 400, seed: 1, exploration: 8485, reward: 2 };
	assert.equal(String(game.botMove({ kind: 'mcts', ...margin })),
		'place 1,0 r0');
	assert.equal(String(game.botMove({ kind: 'mcts-rave', raveBias: 10000,
		...margin })), 'place -1,0 r3');
	assert.throws(() => game.botMove({ kind: 'star2.5', depth: 9 }),
		carc.InvalidArgumentError);
	game.free();
});

// bindings/js/native-search.c, played here: every bot (MCTS with 2
// threads, which WebAssembly runs one after the other) and every playout
// the same as the native library's.
function nativeLines(seed, players, exp, decisions, playouts) {
	const rules = expansionRules(exp);
	const game = new carc.Game({ rules, players, seed });
	rules.free();
	const lines = [];
	for (let d = 0; d < decisions && !game.isOver(); d++) {
		const parts = ['random', 'greedy', 'mcts'].map((kind) => `${kind} ` +
			game.botMove({ kind, playouts, threads: 2, seed: d }));
		lines.push(`${d} ${parts.join(' | ')} | playout ` +
			game.playout(d).join(' '));
		const ms = game.legalMoveValues();
		game.apply(ms[Number(game.hash() % BigInt(ms.length))]);
	}
	game.free();
	return lines.join('\n');
}

test('the same bot moves and playouts as the native library',
	{ skip: skip || nativeSkip(nativeSearch) }, () => {
		for (const [seed, players, exp] of [[7, 3, 15], [2, 2, 0], [9, 4, 1],
			[5, 2, 8], [11, 5, 6]]) {
			const args = [seed, players, exp, 30, 100].map(String);
			assert.equal(nativeLines(seed, players, exp, 30, 100),
				run(nativeSearch, args).trim(), args.join(' '));
		}
	});

test('playout: final scores of a random game, the game unchanged', { skip }, () => {
	const game = new carc.Game({ players: 4, seed: 8 });
	game.apply(game.legalMoveValues()[0]);
	const hash = game.hash();
	const a = game.playout(77);
	assert.equal(a.length, 4);
	assert.ok(a.every((s) => Number.isInteger(s) && s >= 0));
	assert.deepEqual(game.playout(77n), a);
	assert.equal(game.hash(), hash);
	// with the real order the playout is a game the package can play too
	const keep = game.playout(3, { keepOrder: true });
	assert.equal(keep.length, 4);
	game.free();
});

test('bots refuse bad options and change nothing', { skip }, () => {
	const game = new carc.Game({ seed: 2 });
	const hash = game.hash();
	const bad = [
		[{ kind: 'wizard' }, carc.InvalidArgumentError],
		[{ kind: 9 }, carc.InvalidArgumentError],
		[{ threads: 65 }, carc.InvalidArgumentError],
		[{ playouts: -1 }, RangeError],
		[{ playouts: 1.5 }, RangeError],
		[{ seed: -1 }, RangeError],
		[{ stats: 1 }, TypeError],
		['mcts', TypeError],
	];
	for (const [opts, cls] of bad)
		assert.throws(() => game.botMove(opts), cls, JSON.stringify(opts));
	assert.throws(() => game.playout(-1), RangeError);
	assert.throws(() => game.playout(1, { keepOrder: 'yes' }), TypeError);
	assert.equal(game.hash(), hash);
	while (!game.isOver())
		game.apply(game.legalMoveValues()[0]);
	assert.throws(() => game.botMove(), (e) =>
		e instanceof carc.CarcassonneError &&
		e.code === carc.ErrorCode.GAME_OVER);
	game.free();
});
