// SPDX-License-Identifier: MIT
// No leak: thousands of games played through every call that allocates
// (games, clones, copies, records, pictures, errors) leave the malloc heap
// and the WebAssembly memory exactly as large as after the first games.
// CARC_WASM_LEAK_GAMES sets the number of games (default 1500; the
// figure in doc/bindings/wasm.md is from 100000).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { carc } from './helpers.mjs';

const GAMES = Number(process.env.CARC_WASM_LEAK_GAMES || 1500);

function oneGame(rules, i, into) {
	const game = new carc.Game({ rules, players: 2 + (i % 5), seed: i });
	const other = new carc.Game({ rules, players: 2 + (i % 5), seed: i + 1 });
	let k = 0;
	while (!game.isOver()) {
		const n = game.legalMovesInto(into);
		const m = into[(i + k++) % n];
		if (k % 16 === 0) {
			game.legalMoves();
			game.events();
			other.copyFrom(game);
			try {
				game.apply(0x09n);
			} catch (e) {
				assert.ok(e instanceof carc.IllegalMoveError);
			}
		}
		game.apply(m);
	}
	const text = game.save();
	const back = carc.Game.load(text);
	const copy = back.clone();
	if (i % 25 === 0)
		copy.renderSvg({ placements: true });
	try {
		carc.Game.load(text.slice(0, 200));
	} catch (e) {
		assert.ok(e instanceof carc.RecordError);
	}
	const h = copy.hash();
	for (const x of [game, other, back, copy])
		x.free();
	return h;
}

test(`${GAMES} games leak nothing`, () => {
	const rules = [new carc.Rules(), new carc.Rules({ phantom: true,
		'crop-circles-i': true, 'crop-circles-ii': true,
		'little-buildings': true })];
	const into = new BigUint64Array(1024);
	for (let i = 0; i < 100; i++)
		oneGame(rules[i & 1], i, into);
	let top = carc.heapTop();
	let size = carc.heapSize();
	for (let i = 100; i < 100 + GAMES; i++)
		oneGame(rules[i & 1], i, into);
	// Where the heap starts moves with the size of the library's static
	// data, and with it where malloc's free blocks fall: the heap may
	// settle one step higher once.  A leak grows again in the next batch.
	if (carc.heapTop() !== top) {
		top = carc.heapTop();
		size = carc.heapSize();
		for (let i = 100 + GAMES; i < 100 + 2 * GAMES; i++)
			oneGame(rules[i & 1], i, into);
	}
	assert.equal(carc.heapTop(), top, 'the malloc heap grew');
	assert.equal(carc.heapSize(), size, 'the wasm memory grew');
	for (const r of rules)
		r.free();
});

test('games never freed are freed by the FinalizationRegistry', async () => {
	setFlagsFromString('--expose-gc');
	const gc = runInNewContext('gc');
	const rules = new carc.Rules();
	// games of 1000 tiles each, so that 40 of them outgrow any free
	// space the heap has
	const big = new carc.Rules({ tiles: { '*': 30 } });
	const settle = async () => {
		for (let i = 0; i < 5; i++) {
			gc();
			await new Promise((r) => setTimeout(r, 10));
		}
	};
	const round = () => {
		for (let i = 0; i < 40; i++) {
			const g = new carc.Game({ rules: big, seed: i });
			g.apply(g.legalMoveValues()[0]);
		}
	};
	round();
	await settle();
	const top = carc.heapTop();
	for (let r = 0; r < 10; r++) {
		round();
		await settle();
	}
	assert.equal(carc.heapTop(), top);
	rules.free();
	big.free();
});

// The learning interface: Learn objects, their masks, observations and
// batches (with resets and refused calls) leave the heap as it was.
const LEARNS = Number(process.env.CARC_WASM_LEAK_LEARNS || 300);

function oneLearn(rules, i) {
	const players = 2 + (i % 5);
	const window = [3, 9, 25][i % 3];
	const learn = new carc.Learn({ rules, players, window });
	const games = [0, 1, 2].map((k) => new carc.Game({ rules, players,
		seed: i * 3 + k }));
	const g = games[0];
	for (let k = 0; k < 6 && !g.isOver(); k++) {
		const set = learn.legalActions(g);
		learn.observe(g, k % players);
		learn.window(g);
		const m = learn.actionToMove(g, set[k % set.length]);
		if (set[0] !== learn.shape().fallbackFirst)
			learn.moveToAction(g, m);
		g.apply(m);
	}
	const seeds = [1n, 2n, 3n];
	for (let k = 0; k < 8; k++) {
		const actions = games.map((x) => learn.legalActions(x)[0]);
		learn.stepBatch(games, actions, { resetSeeds: seeds,
			observations: k % 2 === 0 });
	}
	learn.observeBatch(games);
	for (const bad of [() => learn.actionToMove(g, 1 << 30),
		() => learn.stepBatch([g, g], [0, 0]),
		() => learn.stepBatch(games, [0, 0, 0])]) {
		try {
			bad();
		} catch (e) {
			assert.ok(e instanceof carc.CarcassonneError);
		}
	}
	for (const x of games)
		x.free();
	learn.free();
}

test(`${LEARNS} Learn objects leak nothing`, () => {
	const rules = [new carc.Rules(), new carc.Rules({ phantom: true,
		'crop-circles-i': true, 'crop-circles-ii': true,
		'little-buildings': true })];
	for (let i = 0; i < 30; i++)
		oneLearn(rules[i & 1], i);
	let top = carc.heapTop();
	let size = carc.heapSize();
	for (let i = 30; i < 30 + LEARNS; i++)
		oneLearn(rules[i & 1], i);
	// the heap may settle one step higher once (see above)
	if (carc.heapTop() !== top) {
		top = carc.heapTop();
		size = carc.heapSize();
		for (let i = 30 + LEARNS; i < 30 + 2 * LEARNS; i++)
			oneLearn(rules[i & 1], i);
	}
	assert.equal(carc.heapTop(), top, 'the malloc heap grew');
	assert.equal(carc.heapSize(), size, 'the wasm memory grew');
	for (const r of rules)
		r.free();
});

test('Learn objects never freed are freed by the FinalizationRegistry',
	async () => {
		setFlagsFromString('--expose-gc');
		const gc = runInNewContext('gc');
		const rules = new carc.Rules();
		const settle = async () => {
			for (let i = 0; i < 5; i++) {
				gc();
				await new Promise((r) => setTimeout(r, 10));
			}
		};
		// the largest window: megabytes of scratch and buffers each
		const round = () => {
			for (let i = 0; i < 12; i++)
				new carc.Learn({ rules, players: 6, window: 101 }).shape();
		};
		round();
		await settle();
		const top = carc.heapTop();
		for (let r = 0; r < 6; r++) {
			round();
			await settle();
		}
		assert.equal(carc.heapTop(), top);
		rules.free();
	});
