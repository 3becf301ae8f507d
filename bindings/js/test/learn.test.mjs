// SPDX-License-Identifier: MIT
// The learning interface (Learn, include/carcassonne/learn.h,
// doc/api/observation.md) through the package: the shape and its sections,
// masks against the legal moves inside the window, actions and moves
// round-tripping, observation planes and vector against the board, the
// batched calls against the single ones, and everything against the
// native library (bindings/js/native-learn.c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { carc, expansionRules, nativeSkip, run } from './helpers.mjs';

const { Learn, LearnPlane: PL, LearnPlayerPlane: PP, LearnVec: VEC, Game,
	Rules, Move, MoveKind, Phase, ErrorCode } = carc;

const nativeLearn = process.env.CARCASSONNE_NATIVE_LEARN || '';

// The n-th number of a game's hash, the choice rule of native-learn.
const pick = (game, n) => Number(game.hash() % BigInt(n));

test('shape: the documented sections, one after the other', () => {
	const base = new Learn();
	assert.deepEqual({ ...base.shape() }, {
		players: 2, window: 25, nActions: 2510, nPlanes: 45,
		vectorLength: 160, maskDtype: 'uint8', planeDtype: 'uint8',
		vectorDtype: 'int32', rewardDtype: 'int32', featuresPerTile: 8,
		placeFirst: 0, placeCount: 2500, followerFirst: 2500,
		followerCount: 8, phantomFirst: 2508, phantomCount: 0,
		buildFirst: 2508, buildCount: 0, passFirst: 2508, passCount: 1,
		cropChoiceFirst: 2509, cropChoiceCount: 0,
		cropResponseFirst: 2509, cropResponseCount: 0,
		fallbackFirst: 2509, fallbackCount: 1,
		largeFollowerFirst: 2509, largeFollowerCount: 0,
		builderFirst: 2509, builderCount: 0, pigFirst: 2509, pigCount: 0,
		secondTileFirst: 2509, secondTileCount: 0, layoutVersion: 1,
		extPlaneFirst: 45, extPlaneCount: 0,
	});
	base.free();
	const sections = ['place', 'follower', 'phantom', 'build', 'pass',
		'cropChoice', 'cropResponse', 'fallback'];
	for (const [exp, players, window] of [[15, 2, undefined], [15, 6, 7],
		[1, 3, 3], [6, 4, 101], [8, 5, 9], [2, 2, 5]]) {
		const rules = expansionRules(exp);
		const learn = new Learn({ rules, players, window });
		const s = learn.shape();
		const W = window || carc.LEARN_WINDOW_DEFAULT;
		const K = s.featuresPerTile;
		const phantom = (exp & 1) !== 0, crop = (exp & 6) !== 0;
		assert.equal(s.players, players);
		assert.equal(s.window, W);
		assert.equal(s.nPlanes, PL.PLAYERS + PP.PLANES_PER_PLAYER * players);
		assert.equal(s.vectorLength, VEC.LENGTH);
		assert.equal(K, 8);
		let at = 0;
		for (const sec of sections) {
			assert.equal(s[sec + 'First'], at, sec);
			at += s[sec + 'Count'];
		}
		assert.equal(at, s.nActions);
		assert.equal(s.placeCount, W * W * 4);
		assert.equal(s.followerCount, K);
		assert.equal(s.phantomCount, phantom ? K : 0);
		assert.equal(s.buildCount, exp & 8 ? 3 : 0);
		assert.equal(s.cropChoiceCount, crop ? 2 : 0);
		assert.equal(s.cropResponseCount,
			crop ? W * W * K * (phantom ? 2 : 1) : 0);
		assert.equal(s.fallbackFirst, s.nActions - 1);
		if (exp === 15 && players === 2)
			assert.equal(s.nActions, 12523);
		// the arrays have the shape's sizes
		const game = new Game({ rules, players, seed: exp });
		assert.equal(learn.mask(game).length, s.nActions);
		const o = learn.observe(game);
		assert.ok(o.planes instanceof Uint8Array);
		assert.ok(o.vector instanceof Int32Array);
		assert.equal(o.planes.length, s.nPlanes * W * W);
		assert.equal(o.vector.length, s.vectorLength);
		const b = learn.observeBatch([game, game.clone()]);
		assert.equal(b.masks.length, 2 * s.nActions);
		assert.equal(b.planes.length, 2 * s.nPlanes * W * W);
		assert.equal(b.vectors.length, 2 * VEC.LENGTH);
		game.free();
		learn.free();
		rules.free();
	}
});

test('layout 2: the expansions of 0.5 and their longer vector', () => {
	const rules = new carc.Rules({
		phantom: true, 'crop-circles-i': true, 'crop-circles-ii': true,
		'little-buildings': true, river: true, 'inns-cathedrals': true,
		'traders-builders': true,
	});
	const learn = new Learn({ rules, players: 3 });
	const s = learn.shape();
	assert.equal(s.layoutVersion, 2);
	assert.equal(s.vectorLength, VEC.LENGTH_MAX);
	assert.equal(s.extPlaneFirst, PL.PLAYERS + 3 * PP.PLANES_PER_PLAYER);
	assert.equal(s.extPlaneCount, carc.LearnExtPlane.PLAYERS +
		3 * carc.LearnExtPlayerPlane.PER_PLAYER);
	assert.equal(s.nPlanes, s.extPlaneFirst + s.extPlaneCount);
	// the default window of all six: 25 and 2 for each expansion of 0.5
	assert.equal(s.window, 31);
	assert.deepEqual([s.largeFollowerFirst, s.builderFirst, s.pigFirst,
		s.secondTileFirst, s.fallbackFirst, s.nActions],
	[26930, 26938, 26946, 26954, 26955, 26956]);
	const narrow = new Learn({ rules, players: 3, window: 25 });
	const n = narrow.shape();
	assert.deepEqual([n.window, n.largeFollowerFirst, n.builderFirst,
		n.pigFirst, n.secondTileFirst, n.fallbackFirst, n.nActions],
	[25, 17522, 17530, 17538, 17546, 17547, 17548]);
	narrow.free();
	// the builder's double turn: the last two entries
	assert.equal(VEC.TURN_PART + 2, VEC.LENGTH_MAX);
	const games = [1, 2].map((seed) => new Game({ rules, players: 3, seed }));
	const o = learn.observe(games[0]);
	assert.equal(o.vector.length, VEC.LENGTH_MAX);
	// the spring's river tile in hand is in the extension's one-hot
	assert.equal(o.vector.slice(VEC.TILE_EXT, VEC.REMAINING_EXT)
		.reduce((a, b) => a + b), 1);
	assert.equal(o.vector[VEC.BUILDERS], 1);
	// steps with observations: every row of the vectors is written
	let b = learn.observeBatch(games);
	assert.equal(b.vectors.length, 2 * VEC.LENGTH_MAX);
	for (let step = 0; step < 60; step++) {
		const actions = [0, 1].map((i) => {
			const row = b.masks.subarray(i * s.nActions,
				(i + 1) * s.nActions);
			return row.indexOf(1);
		});
		b = learn.stepBatch(games, actions);
		assert.equal(b.vectors.length, 2 * VEC.LENGTH_MAX);
		assert.equal(b.vectors[VEC.LENGTH_MAX + VEC.PRESENT + 2], 1);
	}
	for (const g of games)
		g.free();
	learn.free();
	rules.free();
});

// Whether a legal move has an action index: placements and crop-circle
// responses name a board position, which must lie inside the window.
function inWindow(learn, game, W, m) {
	const { x, y } = learn.window(game);
	const named = m.kind === MoveKind.PLACE ||
		(game.phase() === Phase.CROP_RESPONSE && m.kind !== MoveKind.PASS);
	return !named ||
		(m.x >= x && m.x < x + W && m.y >= y && m.y < y + W);
}

// Mask, actions and moves at one decision point.
function checkActions(learn, game, s) {
	const W = s.window;
	const mask = learn.mask(game);
	const set = [];
	mask.forEach((v, a) => {
		assert.ok(v === 0 || v === 1);
		if (v)
			set.push(a);
	});
	assert.deepEqual(learn.legalActions(game), set);
	const legal = game.legalMoveValues();
	let inside = 0;
	for (const value of legal) {
		const m = new Move(value);
		if (inWindow(learn, game, W, m)) {
			inside++;
			const a = learn.moveToAction(game, m);
			assert.equal(mask[a], 1, `${m} -> ${a}`);
			assert.equal(learn.actionToMove(game, a).value, value, `${a}`);
			assert.ok(a < s.fallbackFirst);
		} else {
			assert.throws(() => learn.moveToAction(game, m),
				(e) => e.code === ErrorCode.NOT_FOUND, String(m));
		}
	}
	if (inside > 0) {
		assert.equal(set.length, inside);
		assert.equal(mask[s.fallbackFirst], 0);
		const named = new Set(set.map((a) =>
			learn.actionToMove(game, a).value));
		assert.equal(named.size, inside);
		for (const v of named)
			assert.ok(game.isLegal(v));
	} else {
		// the fallback plays the first legal move
		assert.deepEqual(set, [s.fallbackFirst]);
		assert.equal(learn.actionToMove(game, s.fallbackFirst).value,
			legal[0]);
	}
	return set;
}

const cell = (s, plane, row, col) => (plane * s.window + row) * s.window + col;

// The planes and vector for `player` against the game's own queries.
function checkObservation(learn, game, s, rules, player) {
	const W = s.window, P = s.players;
	const { planes, vector } = learn.observe(game, player);
	const at = (plane, row, col) => planes[cell(s, plane, row, col)];
	const sum = (plane) => {
		let n = 0;
		for (let i = plane * W * W; i < (plane + 1) * W * W; i++)
			n += planes[i];
		return n;
	};
	const win = learn.window(game);
	const b = game.bounds();
	assert.equal(win.x + (W >> 1), Math.floor((b.minX + b.maxX) / 2));
	assert.equal(win.y + (W >> 1), Math.floor((b.minY + b.maxY) / 2));
	const tiles = game.tiles();
	const occupied = new Set(tiles.map((t) => `${t.x},${t.y}`));
	const inside = tiles.filter((t) => t.x >= win.x && t.x < win.x + W &&
		t.y >= win.y && t.y < win.y + W);
	assert.equal(sum(PL.TILE), inside.length);
	for (const t of inside) {
		const row = t.y - win.y, col = t.x - win.x;
		assert.equal(at(PL.TILE, row, col), 1);
		assert.equal(at(PL.TILE_TYPE, row, col),
			carc.tileFromName(t.tile) + 1);
		assert.equal(at(PL.ROTATION, row, col), t.rotation + 1);
		for (let side = 0; side < 4; side++) {
			const e = carc.tileEdge(t.tile, t.rotation, side);
			for (let k = 1; k <= 3; k++)
				assert.equal(at(PL.EDGES + 3 * side + k - 1, row, col),
					k === e ? 1 : 0);
		}
	}
	const startIn = win.x <= 0 && win.x + W > 0 && win.y <= 0 &&
		win.y + W > 0;
	assert.equal(sum(PL.START), startIn ? 1 : 0);
	if (startIn)
		assert.equal(at(PL.START, -win.y, -win.x), 1);
	// OPEN: the empty cells next to a tile
	for (let row = 0; row < W; row++) {
		for (let col = 0; col < W; col++) {
			const x = win.x + col, y = win.y + row;
			const open = !occupied.has(`${x},${y}`) &&
				[[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) =>
					occupied.has(`${x + dx},${y + dy}`));
			assert.equal(at(PL.OPEN, row, col), open ? 1 : 0);
		}
	}
	// FITS: the place section of the mask while placing, else 0
	const mask = learn.mask(game);
	const placing = game.phase() === Phase.PLACE_TILE;
	for (let row = 0; row < W; row++)
		for (let col = 0; col < W; col++)
			for (let r = 0; r < 4; r++)
				assert.equal(at(PL.FITS + r, row, col), placing
					? mask[s.placeFirst + (row * W + col) * 4 + r] : 0);
	// the players' blocks: followers and phantoms by relative seat
	const me = player === undefined ? game.currentPlayer() : player;
	const figures = game.figures();
	for (let k = 0; k < P; k++) {
		const seat = (me + k) % P;
		const base = PL.PLAYERS + PP.PLANES_PER_PLAYER * k;
		for (const [pp, name] of [[PP.FOLLOWERS, 'follower'],
			[PP.PHANTOM, 'phantom']]) {
			const mine = figures.filter((f) => f.player === seat &&
				f.figure === name && f.x >= win.x && f.x < win.x + W &&
				f.y >= win.y && f.y < win.y + W);
			assert.equal(sum(base + pp), mine.length, `${name} ${seat}`);
			for (const f of mine)
				assert.ok(at(base + pp, f.y - win.y, f.x - win.x) >= 1);
		}
	}
	// the vector
	const scores = game.scores(), supplies = game.supplies();
	for (let k = 0; k < VEC.SEATS; k++) {
		const seat = (me + k) % P;
		const present = k < P;
		assert.equal(vector[VEC.SCORES + k], present ? scores[seat] : 0);
		assert.equal(vector[VEC.FOLLOWERS + k],
			present ? supplies[seat].follower : 0);
		assert.equal(vector[VEC.PHANTOMS + k],
			present ? supplies[seat].phantom : 0);
		assert.equal(vector[VEC.SHEDS + k],
			present ? supplies[seat].shed : 0);
		assert.equal(vector[VEC.PRESENT + k], present ? 1 : 0);
		// after the end: the player who would have moved next
		assert.equal(vector[VEC.TO_MOVE + k],
			present && seat === game.currentPlayer() ? 1 : 0);
	}
	for (let ph = 1; ph <= 6; ph++)
		assert.equal(vector[VEC.PHASE + ph - 1], ph === game.phase() ? 1 : 0);
	const tile = game.currentTile();
	// the tile types the vector observes: those of the base game and the
	// crop circles (learn.h; the later expansions' are not observed yet)
	const vecTiles = VEC.ROTATION - VEC.TILE;
	assert.equal(vecTiles, VEC.REMAINING_TOTAL - VEC.REMAINING);
	for (let t = 0; t < vecTiles; t++) {
		assert.equal(vector[VEC.TILE + t],
			tile !== null && carc.TILE_NAMES[t] === tile ? 1 : 0);
		assert.equal(vector[VEC.REMAINING + t], game.remaining(t));
	}
	assert.equal(vector[VEC.REMAINING_TOTAL], game.remaining());
	assert.equal(vector[VEC.TILES_PLACED], tiles.length);
	assert.equal(vector[VEC.DISCARDS], game.discards().length);
	assert.equal(vector[VEC.WINDOW_X], win.x);
	assert.equal(vector[VEC.WINDOW_Y], win.y);
	assert.equal(vector[VEC.BOARD_WIDTH], b.maxX - b.minX + 1);
	assert.equal(vector[VEC.BOARD_HEIGHT], b.maxY - b.minY + 1);
	for (let o = 1; o <= 16; o++)
		assert.equal(vector[VEC.RULES + o - 1], rules.get(o), `option ${o}`);
	return { planes, vector };
}

// Observed by two players, the player blocks and seat groups rotate and
// nothing else changes.
function checkSwap(s, a, pa, b, pb) {
	const P = s.players, WW = s.window * s.window;
	assert.deepEqual(a.planes.subarray(0, PL.PLAYERS * WW),
		b.planes.subarray(0, PL.PLAYERS * WW));
	for (let k = 0; k < P; k++) {
		const j = (pa - pb + k + P) % P;	// the same seat, seen by pb
		for (let pp = 0; pp < PP.PLANES_PER_PLAYER; pp++) {
			const ia = (PL.PLAYERS + PP.PLANES_PER_PLAYER * k + pp) * WW;
			const ib = (PL.PLAYERS + PP.PLANES_PER_PLAYER * j + pp) * WW;
			assert.deepEqual(a.planes.subarray(ia, ia + WW),
				b.planes.subarray(ib, ib + WW));
		}
		for (let g = VEC.SCORES; g < VEC.PHASE; g += VEC.SEATS)
			assert.equal(a.vector[g + k], b.vector[g + j]);
	}
	assert.deepEqual(a.vector.subarray(VEC.PHASE), b.vector.subarray(VEC.PHASE));
}

test('random positions: masks, actions, planes and the vector', () => {
	for (const [exp, players, window, seed] of [[0, 2, 25, 1], [15, 3, 25, 2],
		[1, 4, 25, 3], [6, 2, 25, 4], [8, 5, 25, 5], [15, 6, 7, 6],
		[15, 2, 5, 7], [4, 3, 3, 8]]) {
		const rules = expansionRules(exp);
		const learn = new Learn({ rules, players, window });
		const s = learn.shape();
		const game = new Game({ rules, players, seed });
		let d = 0, fallbacks = 0;
		for (; !game.isOver(); d++) {
			const set = checkActions(learn, game, s);
			if (set[0] === s.fallbackFirst)
				fallbacks++;
			if (d % 7 === 0) {
				const me = game.currentPlayer();
				const other = (me + 1 + (d % (players - 1))) % players;
				const a = checkObservation(learn, game, s, rules);
				const b = checkObservation(learn, game, s, rules, other);
				checkSwap(s, a, me, b, other);
				assert.deepEqual(learn.observe(game, me), a);
			}
			game.apply(learn.actionToMove(game, set[pick(game, set.length)]));
		}
		// the end: nothing on offer, the observation still there
		assert.equal(learn.mask(game).reduce((n, v) => n + v, 0), 0);
		assert.deepEqual(learn.legalActions(game), []);
		checkObservation(learn, game, s, rules, 0);
		assert.ok(d > 50, `${d} decisions`);
		// the small windows leave legal moves out, and the fallback
		// carries the game on
		if (window <= 5)
			assert.ok(fallbacks > 0, `window ${window}: no fallback`);
		game.free();
		learn.free();
		rules.free();
	}
});

test('mask() and observe() write into the arrays given', () => {
	const learn = new Learn({ players: 3, window: 9 });
	const game = new Game({ players: 3, seed: 4 });
	const s = learn.shape();
	const mask = new Uint8Array(s.nActions).fill(7);
	assert.equal(learn.mask(game, mask), mask);
	assert.deepEqual(mask, learn.mask(game));
	const out = { planes: new Uint8Array(s.nPlanes * 81).fill(9),
		vector: new Int32Array(VEC.LENGTH).fill(-5) };
	const o = learn.observe(game, 1, out);
	assert.equal(o.planes, out.planes);
	assert.equal(o.vector, out.vector);
	assert.deepEqual(o, learn.observe(game, 1));
	// a result is a copy: the next call does not change it
	const before = learn.mask(game);
	game.apply(learn.actionToMove(game, learn.legalActions(game)[0]));
	const after = learn.mask(game);
	assert.notDeepEqual(before, after);
	assert.deepEqual(before, mask);
	game.free();
	learn.free();
});

test('rules built apart with the same settings are accepted', () => {
	const a = new Rules({ phantom: true, tiles: { D: 2 } });
	const b = new Rules({ phantom: true, tiles: { D: 2 } });
	const learn = new Learn(a);	// 2 players, window 25
	a.free();
	const game = new Game({ rules: b, players: 2, seed: 3 });
	assert.deepEqual(learn.window(game), { x: -12, y: -12 });
	assert.deepEqual(learn.observe(game, null), learn.observe(game));
	assert.deepEqual(learn.observe(game, game.currentPlayer()),
		learn.observe(game));
	assert.equal(learn.legalActions(game).length, game.legalMoveCount());
	game.free();
	b.free();
	learn.free();
});

// The games of one batch, stepped one by one with the single calls.
function stepOne(learn, games, actions, seeds) {
	const P = learn.shape().players;
	const r = { ended: 0, rewards: [], done: [], finalScores: [],
		toMove: [], masks: [], planes: [], vectors: [] };
	games.forEach((g, i) => {
		const before = g.scores();
		g.apply(learn.actionToMove(g, actions[i]));
		const after = g.scores();
		r.rewards.push(...after.map((v, p) => v - before[p]));
		r.done.push(g.isOver() ? 1 : 0);
		r.finalScores.push(...(g.isOver() ? after : Array(P).fill(0)));
		if (g.isOver()) {
			r.ended++;
			if (seeds)
				g.reset(seeds[i]);
		}
		r.toMove.push(g.currentPlayer());
		r.masks.push(...learn.mask(g));
		const o = learn.observe(g);
		r.planes.push(...o.planes);
		r.vectors.push(...o.vector);
	});
	return r;
}

test('stepBatch() and observeBatch() equal the single calls', () => {
	// short games (one tile of each type), so that many end
	const rules = new Rules({ phantom: true, 'little-buildings': true,
		tiles: { '*': 1 } });
	const learn = new Learn({ rules, players: 3, window: 7 });
	const n = 4;
	const a = [], b = [];
	for (let i = 0; i < n; i++) {
		a.push(new Game({ rules, players: 3, seed: 10 + i }));
		b.push(a[i].clone());
	}
	let ended = 0, steps = 0;
	for (let step = 0; step < 120; step++, steps++) {
		const actions = a.map((g) => {
			const set = learn.legalActions(g);
			return set[pick(g, set.length)];
		});
		const seeds = a.map((_, i) => BigInt(1000 + 10 * step + i));
		const got = learn.stepBatch(a, actions, { resetSeeds: seeds });
		const want = stepOne(learn, b, actions, seeds);
		assert.equal(got.ended, want.ended);
		ended += got.ended;
		assert.deepEqual([...got.rewards], want.rewards);
		assert.deepEqual([...got.done], want.done);
		assert.deepEqual([...got.finalScores], want.finalScores);
		assert.deepEqual([...got.toMove], want.toMove);
		assert.deepEqual([...got.masks], want.masks);
		assert.deepEqual([...got.vectors], want.vectors);
		assert.ok(got.planes.every((v, i) => v === want.planes[i]));
		assert.deepEqual(a.map((g) => g.hash()), b.map((g) => g.hash()));
		const ob = learn.observeBatch(a);
		assert.deepEqual(ob.masks, got.masks);
		assert.deepEqual(ob.vectors, got.vectors);
		assert.deepEqual(ob.toMove, got.toMove);
	}
	assert.ok(ended >= 4, `${ended} games ended in ${steps} steps`);
	// without observations, and without reset: an ended game stays over
	// with an empty mask
	const g = a[0];
	while (!g.isOver()) {
		const set = learn.legalActions(g);
		const r = learn.stepBatch([g], [set[0]], { observations: false });
		assert.equal(r.planes, null);
		assert.equal(r.vectors, null);
		assert.equal(r.done[0], g.isOver() ? 1 : 0);
		assert.equal(r.ended, g.isOver() ? 1 : 0);
		if (g.isOver()) {
			assert.deepEqual([...r.finalScores], g.scores());
			assert.ok(r.masks.every((v) => v === 0));
		}
	}
	assert.deepEqual(learn.stepBatch([], []).masks, new Uint8Array(0));
	for (const x of [...a, ...b])
		x.free();
	learn.free();
	rules.free();
});

// native-learn's lines, computed here.
function fnv(h, bytes) {
	for (let i = 0; i < bytes.length; i++)
		h = Math.imul(h ^ bytes[i], 16777619) >>> 0;
	return h;
}

function observed(learn, game, player) {
	const { planes, vector } = learn.observe(game, player);
	const v = new Uint8Array(vector.buffer, vector.byteOffset,
		vector.byteLength);	// little-endian, as WebAssembly is
	return `${fnv(2166136261, planes)} ${fnv(2166136261, v)}`;
}

function learnLines(seed, players, exp, window, decisions) {
	const rules = expansionRules(exp);
	const game = new Game({ rules, players, seed });
	const learn = new Learn({ rules, players, window });
	rules.free();
	const lines = [];
	for (let d = 0; d <= decisions; d++) {
		const { x, y } = learn.window(game);
		const set = learn.legalActions(game);
		let line = `${d} ${x},${y} | mask ${set.length}` +
			set.map((a) => ` ${a}`).join('') +
			` | to-move ${observed(learn, game)}` +
			` | player ${d % players} ${observed(learn, game, d % players)}`;
		if (set.length === 0 || d === decisions) {
			lines.push(line);
			break;
		}
		const a = set[pick(game, set.length)];
		const m = learn.actionToMove(game, a);
		game.apply(m);
		line += ` | action ${a} ${m}`;
		lines.push(line);
	}
	game.free();
	learn.free();
	return lines.join('\n');
}

test('the same windows, masks, observations and moves as the native library',
	{ skip: nativeSkip(nativeLearn) }, () => {
		for (const [seed, players, exp, window] of [[3, 2, 0, 0],
			[7, 3, 15, 0], [9, 4, 1, 0], [11, 2, 6, 0], [5, 5, 8, 0],
			[13, 6, 15, 5], [2, 2, 15, 3]]) {
			const args = [seed, players, exp, window, 1000].map(String);
			const want = run(nativeLearn, args).trim();
			assert.ok(want.split('\n').length > 100, args.join(' '));
			assert.equal(learnLines(seed, players, exp, window, 1000), want,
				args.join(' '));
		}
		// a game stopped halfway
		assert.equal(learnLines(4, 3, 15, 0, 20),
			run(nativeLearn, ['4', '3', '15', '0', '20']).trim());
	});

const source = process.env.CARCASSONNE_SOURCE ||
	fileURLToPath(new URL('../../..', import.meta.url));
const learnHeader = join(source, 'include', 'carcassonne', 'learn.h');

test('constants equal learn.h', {
	skip: existsSync(learnHeader) ? false
		: 'learn.h not found (set CARCASSONNE_SOURCE)',
}, () => {
	const h = readFileSync(learnHeader, 'utf8');
	const value = (name) => {
		const m = h.match(new RegExp(`\\b${name}\\s*=\\s*(\\d+)`)) ||
			h.match(new RegExp(`#define ${name} (\\d+)`));
		assert.ok(m, name);
		return Number(m[1]);
	};
	for (const [obj, prefix] of [[PL, 'CARC_LEARN_PLANE_'],
		[VEC, 'CARC_LEARN_VEC_']])
		for (const [k, v] of Object.entries(obj))
			assert.equal(v, value(prefix + k), prefix + k);
	for (const [k, v] of Object.entries(PP))
		assert.equal(v, value(k === 'PLANES_PER_PLAYER'
			? 'CARC_LEARN_PLANES_PER_PLAYER' : 'CARC_LEARN_PP_' + k), k);
	for (const [obj, prefix] of [[carc.LearnExtPlane, 'CARC_LEARN_XP_'],
		[carc.LearnExtPlayerPlane, 'CARC_LEARN_XPP_']]) {
		for (const [k, v] of Object.entries(obj))
			assert.equal(v, value(prefix + k), prefix + k);
		assert.equal(Object.keys(obj).length,
			[...h.matchAll(new RegExp(`\\b${prefix}\\w+ = `, 'g'))].length);
	}
	assert.equal(carc.LEARN_LAYOUT_VERSION,
		value('CARC_LEARN_LAYOUT_VERSION'));
	assert.equal(Object.keys(PL).length,
		[...h.matchAll(/\bCARC_LEARN_PLANE_\w+ = /g)].length);
	assert.equal(Object.keys(VEC).length,
		[...h.matchAll(/\bCARC_LEARN_VEC_\w+ = /g)].length);
	for (const k of ['DEFAULT', 'MIN', 'MAX'])
		assert.equal(carc['LEARN_WINDOW_' + k], value('CARC_LEARN_WINDOW_' + k));
	// the structs the package writes: uint32_t members (and, in the
	// batch, 8 pointers of 4 bytes in wasm32)
	const members = (name) => h.match(new RegExp(
		`struct ${name} \\{([\\s\\S]*?)\\n\\};`))[1]
		.split('\n').filter((l) => /^\t[^/ *].*;$/.test(l));
	assert.equal(members('carc_learn_options').length * 4, 12);
	assert.equal(members('carc_learn_shape').length * 4, 108);
	assert.equal(members('carc_learn_layout').length * 4, 48);
	const batch = members('carc_learn_batch');
	assert.equal(batch.length, 10);
	assert.equal(batch.filter((l) => l.includes('*')).length, 8);
});
