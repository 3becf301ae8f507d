// SPDX-License-Identifier: MIT
// Bad input: every wrong argument throws the documented error class and
// changes nothing (the game keeps its hash and its record).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carc } from './helpers.mjs';

const { Game, Rules, Move, CarcassonneError, IllegalMoveError, RecordError,
	ErrorCode } = carc;

// A game in the middle of play with every expansion: 40 moves in.
function midGame() {
	const rules = new Rules({ phantom: true, 'crop-circles-i': true,
		'crop-circles-ii': true, 'little-buildings': true });
	const game = new Game({ rules, players: 3, seed: 11 });
	rules.free();
	for (let i = 0; i < 40; i++) {
		const ms = game.legalMoveValues();
		game.apply(ms[i % ms.length]);
	}
	return game;
}

// fn throws `cls` (and, for library errors, `code`); the game is as it was.
function refuses(game, fn, cls, code) {
	const hash = game.hash();
	const record = game.save();
	const heap = carc.heapSize();
	assert.throws(fn, (e) => {
		assert.ok(e instanceof cls, `${e} is not a ${cls.name}`);
		assert.ok(e instanceof Error);
		if (code !== undefined)
			assert.equal(e.code, code, String(e));
		return true;
	});
	assert.equal(game.hash(), hash);
	assert.equal(game.save(), record);
	assert.equal(carc.heapSize(), heap);
}

test('moves of the wrong type, not integers or out of range', () => {
	const g = midGame();
	for (const bad of [{}, null, undefined, true, [], () => 1, Symbol('m')])
		refuses(g, () => g.apply(bad), TypeError);
	for (const bad of [1.5, -1, NaN, Infinity, 2 ** 60, -1n, 1n << 64n])
		refuses(g, () => g.apply(bad), RangeError);
	for (const bad of [{}, 1.5, -1n])
		refuses(g, () => g.isLegal(bad), bad === 1.5 || bad === -1n
			? RangeError : TypeError);
	refuses(g, () => g.apply('place 1,2 r9'), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.apply('Pass'), CarcassonneError, ErrorCode.INVALID);
	refuses(g, () => g.apply(' pass'), CarcassonneError, ErrorCode.INVALID);
	refuses(g, () => g.apply('pa\u0000ss'), RangeError);
	assert.equal(g.isLegal(0xffn), false);
	assert.equal(g.isLegal(0n), false);
});

test('illegal moves throw IllegalMoveError with the library code', () => {
	const g = midGame();
	// malformed values (an unknown kind, a pass with a figure) and the
	// invalid move 0
	refuses(g, () => g.apply(0x09n), IllegalMoveError, ErrorCode.INVALID);
	refuses(g, () => g.apply(0x103n), IllegalMoveError, ErrorCode.INVALID);
	refuses(g, () => g.apply(0n), IllegalMoveError, ErrorCode.INVALID);
	while (g.phase() !== carc.Phase.PLACE_TILE) {
		const ms = g.legalMoveValues();
		g.apply(ms[ms.length - 1]);
	}
	refuses(g, () => g.apply(Move.place(0, 0, 0)), IllegalMoveError,
		ErrorCode.POSITION_TAKEN);
	refuses(g, () => g.apply(Move.place(500, 500, 0)), IllegalMoveError,
		ErrorCode.NOT_ADJACENT);
	refuses(g, () => g.apply(Move.pass()), IllegalMoveError,
		ErrorCode.WRONG_PHASE);
	try {
		g.apply(Move.place(500, 500, 1));
	} catch (e) {
		assert.equal(e.move.toString(), 'place 500,500 r1');
		assert.equal(e.name, 'IllegalMoveError');
		assert.match(e.message, /^place 500,500 r1: tile shares no side/);
	}
	const over = new Game({ seed: 1 });
	while (!over.isOver())
		over.apply(over.legalMoveValues()[0]);
	refuses(over, () => over.apply(Move.pass()), IllegalMoveError,
		ErrorCode.GAME_OVER);
});

test('queries with bad arguments', () => {
	const g = midGame();
	refuses(g, () => g.score('0'), TypeError);
	refuses(g, () => g.score(0.5), RangeError);
	refuses(g, () => g.score(-1), RangeError);
	refuses(g, () => g.score(2 ** 32), RangeError);
	refuses(g, () => g.score(3), CarcassonneError, ErrorCode.INVALID);
	refuses(g, () => g.supply(0, 'dragon'), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.supply(0, 9), CarcassonneError, ErrorCode.INVALID);
	refuses(g, () => g.remaining('Z'), CarcassonneError,
		ErrorCode.UNKNOWN_TILE);
	refuses(g, () => g.remaining(carc.TILE_TYPES), CarcassonneError,
		ErrorCode.UNKNOWN_TILE);
	refuses(g, () => g.feature(400, 400, 'c1'), CarcassonneError,
		ErrorCode.NOT_FOUND);
	refuses(g, () => g.feature(0, 0, 'c9'), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.feature(0, 0, 'monastery'), CarcassonneError,
		ErrorCode.NO_FEATURE);
	refuses(g, () => g.featureGet(0, 0, 'c1', 99), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.featureGet(0, 0, 'c1', 0x100 + 3), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.featureFigures(0, 0, 'c1', 7), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.tileAt(0, 2 ** 31), RangeError);
	refuses(g, () => g.legalMovesInto([]), TypeError);
	assert.equal(g.phase(), carc.Phase.PLACE_TILE);
	refuses(g, () => g.setNextTile('Z'), CarcassonneError,
		ErrorCode.UNKNOWN_TILE);
	refuses(g, () => g.setNextTile(-1), RangeError);
	refuses(g, () => g.setDrawOrder(['A']), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.setDrawOrder('A'), TypeError);
	refuses(g, () => g.setStackOrder(['A']), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.setStackOrder('A'), TypeError);
	refuses(g, () => g.shuffleStack(-1), RangeError);
	refuses(g, () => g.copyFrom({}), TypeError);
	refuses(g, () => g.renderSvg('big'), TypeError);
	refuses(g, () => g.renderSvg({ tileSize: 8 }), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => g.renderSvg({ tileSize: 1.5 }), RangeError);
	refuses(g, () => g.renderSvg({ noLegend: 1 }), TypeError);
	refuses(g, () => g.renderSvg({ colours: ['red'] }), RangeError);
	refuses(g, () => g.renderSvg({ colours: [1, 2, 3, 4, 5, 6, 7] }),
		TypeError);
	refuses(g, () => g.renderSvg({ feature: { x: 99, y: 99, feature: 'c1' } }),
		CarcassonneError, ErrorCode.INVALID);
});

test('rules and new games with bad arguments', () => {
	const heap = carc.heapSize();
	const cases = [
		[() => new Rules('phantom'), TypeError],
		[() => new Rules({ dragons: true }), CarcassonneError,
			ErrorCode.UNKNOWN_OPTION],
		[() => new Rules({ followers: 99 }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new Rules({ followers: 'many' }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new Rules({ followers: 2.5 }), RangeError],
		[() => new Rules({ followers: {} }), TypeError],
		[() => new Rules({ 'farm-scoring': 'per-tile' }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new Rules({ tiles: { Z: 1 } }), CarcassonneError,
			ErrorCode.UNKNOWN_TILE],
		[() => new Rules({ tiles: { A: 4001 } }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new Rules({ tiles: { A: -1 } }), RangeError],
		[() => new Rules({ tiles: 3 }), TypeError],
		[() => new Game({ players: 7 }), CarcassonneError, ErrorCode.INVALID],
		[() => new Game({ players: 1 }), CarcassonneError, ErrorCode.INVALID],
		[() => new Game({ players: -2 }), RangeError],
		[() => new Game({ players: '2' }), TypeError],
		[() => new Game({ seed: -1 }), RangeError],
		[() => new Game({ seed: 0.5 }), RangeError],
		[() => new Game({ seed: 2 ** 60 }), RangeError],
		[() => new Game({ seed: 1n << 64n }), RangeError],
		[() => new Game({ seed: '1' }), TypeError],
		[() => new Game({ rules: {} }), TypeError],
		[() => new Game(5), TypeError],
		[() => Move.place(1, 2, 4), CarcassonneError, ErrorCode.INVALID],
		[() => Move.place(40000, 0, 0), CarcassonneError, ErrorCode.INVALID],
		[() => Move.place(2 ** 40, 0, 0), RangeError],
		[() => Move.deploy('follower', 0, 0, 'x1'), CarcassonneError,
			ErrorCode.INVALID],
		[() => Move.cropChoice('maybe'), TypeError],
		[() => Move.parse('Place 1,2 r0'), CarcassonneError,
			ErrorCode.INVALID],
		[() => Move.parse(3), TypeError],
		[() => new Move(-1), RangeError],
		[() => new Move('pass'), TypeError],
		[() => carc.tileName(99), CarcassonneError, ErrorCode.UNKNOWN_TILE],
		[() => carc.tileFromName(''), CarcassonneError,
			ErrorCode.UNKNOWN_TILE],
		[() => carc.featureName(0x99), CarcassonneError, ErrorCode.INVALID],
		[() => carc.optionName(99), CarcassonneError,
			ErrorCode.UNKNOWN_OPTION],
		[() => carc.tileEdge('D', 4, 0), CarcassonneError, ErrorCode.INVALID],
		[() => carc.tileFeatureShape('D', 0, 'monastery'), CarcassonneError,
			ErrorCode.NO_FEATURE],
		[() => carc.strerror('x'), TypeError],
	];
	for (const [fn, cls, code] of cases) {
		assert.throws(fn, (e) => {
			assert.ok(e instanceof cls, `${fn}: ${e} is not a ${cls.name}`);
			if (code !== undefined)
				assert.equal(e.code, code, `${fn}: ${e}`);
			return true;
		});
	}
	// the builders and games of the failed calls were freed
	assert.equal(carc.heapSize(), heap);
});

test('a freed object refuses every call', () => {
	const g = midGame();
	const other = g.clone();
	const hash = other.hash();
	g.free();
	assert.equal(g.freed, true);
	const calls = [
		() => g.hash(), () => g.legalMoves(), () => g.apply(Move.pass()),
		() => g.isLegal(Move.pass()), () => g.save(), () => g.clone(),
		() => g.scores(), () => g.phase(), () => g.renderSvg(),
		() => g.undo(), () => g.events(), () => g.tiles(),
		() => g.copyFrom(other), () => other.copyFrom(g),
		() => g.feature(0, 0, 'c1'),
	];
	for (const fn of calls) {
		assert.throws(fn, (e) => e instanceof carc.InvalidArgumentError &&
			e.code === ErrorCode.INVALID && /freed/.test(e.message),
			String(fn));
	}
	assert.equal(other.hash(), hash);
	g.free();	// again: nothing
	const r = new Rules();
	r.free();
	assert.throws(() => new Game({ rules: r }), CarcassonneError);
	assert.throws(() => r.get('phantom'), CarcassonneError);
	other.free();
});

test('damaged records throw RecordError with line and column', () => {
	const g = midGame();
	const text = g.save();
	const lines = text.split('\n');
	const heap = carc.heapSize();
	const bad = [
		['', ErrorCode.PARSE],
		['carcassonne-record 9\n', ErrorCode.PARSE],
		[text.slice(0, text.length / 2), undefined],	// truncated
		[text.replace(/^players 3$/m, 'players x'), ErrorCode.PARSE],
		[text.replace(/^option phantom on$/m, 'option dragons on'),
			ErrorCode.UNKNOWN_OPTION],
		[text.replace(/^scores .*$/m, 'scores 999 0 0'), ErrorCode.PARSE],
	];
	// a move made illegal: the second placement put on the first one's
	// position
	const places = lines.filter((l) => / place /.test(l));
	const moved = lines.map((l) => (l === places[1]
		? l.replace(/ -?\d+,-?\d+ /, ' 0,0 ') : l)).join('\n');
	bad.push([moved, ErrorCode.POSITION_TAKEN]);
	for (const [record, code] of bad) {
		assert.throws(() => Game.load(record), (e) => {
			assert.ok(e instanceof RecordError, String(e));
			assert.ok(e instanceof CarcassonneError);
			if (code !== undefined)
				assert.equal(e.code, code, e.message);
			assert.ok(e.line >= 1, e.message);
			assert.ok(e.column >= 0);
			assert.ok(e.reason.length > 0);
			assert.equal(e.message, `${e.line}:${e.column}: ${e.reason}`);
			return true;
		});
	}
	const wrongLine = lines.indexOf(places[1]) + 1;
	try {
		Game.load(moved);
	} catch (e) {
		assert.equal(e.line, wrongLine);
	}
	assert.throws(() => Game.load(42), TypeError);
	assert.throws(() => Game.load(null), TypeError);
	assert.equal(carc.heapSize(), heap);
	assert.equal(Game.load(text).hash(), g.hash());
});

// The learning interface (Learn): every bad argument throws before any
// game or output changes.
function learnFor(game, window) {
	const rules = game.rules();
	const learn = new carc.Learn({ rules, players: game.playerCount(),
		window });
	rules.free();
	return learn;
}

test('Learn: bad arguments to the constructor', () => {
	const rules = new Rules();
	const freed = new Rules();
	freed.free();
	new carc.Learn({ rules }).free();
	const top = carc.heapTop();
	const cases = [
		[() => new carc.Learn('rules'), TypeError],
		[() => new carc.Learn([]), TypeError],
		[() => new carc.Learn({ rules: {} }), TypeError],
		[() => new carc.Learn({ rules: freed }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new carc.Learn({ rules, players: 1 }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new carc.Learn({ rules, players: 7 }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new carc.Learn({ rules, players: -2 }), RangeError],
		[() => new carc.Learn({ rules, players: 2.5 }), RangeError],
		[() => new carc.Learn({ rules, players: '2' }), TypeError],
		[() => new carc.Learn({ rules, window: 24 }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new carc.Learn({ rules, window: 1 }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new carc.Learn({ rules, window: 103 }), CarcassonneError,
			ErrorCode.INVALID],
		[() => new carc.Learn({ rules, window: -25 }), RangeError],
		[() => new carc.Learn({ rules, window: 25n << 40n }), RangeError],
		[() => new carc.Learn({ rules, window: '25' }), TypeError],
	];
	for (const [fn, cls, code] of cases) {
		assert.throws(fn, (e) => {
			assert.ok(e instanceof cls, `${fn}: ${e} is not a ${cls.name}`);
			if (code !== undefined)
				assert.equal(e.code, code, `${fn}: ${e}`);
			return true;
		});
	}
	// nothing of the failed calls is left in the heap
	assert.equal(carc.heapTop(), top);
	rules.free();
});

test('Learn: bad games, actions, moves, players and arrays', () => {
	const g = midGame();
	const learn = learnFor(g);
	const s = learn.shape();
	const mask = learn.mask(g);
	const fine = () => assert.deepEqual(learn.mask(g), mask);
	const base = new Game({ players: 3, seed: 1 });
	const two = new Game({ rules: g.rules(), players: 2, seed: 1 });
	const freedGame = g.clone();
	freedGame.free();
	for (const fn of [() => learn.mask(base), () => learn.observe(two),
		() => learn.window(base), () => learn.actionToMove(two, 0),
		() => learn.moveToAction(base, Move.pass()),
		() => learn.mask(freedGame), () => learn.legalActions(two)])
		refuses(g, fn, carc.InvalidArgumentError, ErrorCode.INVALID);
	for (const bad of [{}, null, undefined, 3, 'game', [g]])
		refuses(g, () => learn.mask(bad), TypeError);
	refuses(g, () => learn.observe(g.rules()), TypeError);
	// actions
	refuses(g, () => learn.actionToMove(g, -1), RangeError);
	refuses(g, () => learn.actionToMove(g, 0.5), RangeError);
	refuses(g, () => learn.actionToMove(g, 2 ** 32), RangeError);
	refuses(g, () => learn.actionToMove(g, '1'), TypeError);
	refuses(g, () => learn.actionToMove(g, s.nActions), CarcassonneError,
		ErrorCode.INVALID);
	assert.throws(() => learn.actionToMove(g, s.nActions),
		/action 12523 is out of range 0\.\.12522/);
	assert.equal(g.phase(), carc.Phase.PLACE_TILE);
	refuses(g, () => learn.actionToMove(g, s.passFirst), CarcassonneError,
		ErrorCode.WRONG_PHASE);
	refuses(g, () => learn.actionToMove(g, s.fallbackFirst),
		CarcassonneError, ErrorCode.NOT_FOUND);
	// moves
	refuses(g, () => learn.moveToAction(g, {}), TypeError);
	refuses(g, () => learn.moveToAction(g, -1n), RangeError);
	refuses(g, () => learn.moveToAction(g, 0x09n), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => learn.moveToAction(g, 'pass'), CarcassonneError,
		ErrorCode.WRONG_PHASE);
	refuses(g, () => learn.moveToAction(g, Move.place(500, 500, 0)),
		CarcassonneError, ErrorCode.NOT_FOUND);
	// observers and arrays
	refuses(g, () => learn.observe(g, 3), CarcassonneError,
		ErrorCode.INVALID);
	refuses(g, () => learn.observe(g, -1), RangeError);
	refuses(g, () => learn.observe(g, '0'), TypeError);
	refuses(g, () => learn.observe(g, 0, 'out'), TypeError);
	refuses(g, () => learn.observe(g, 0, null), TypeError);
	refuses(g, () => learn.observe(g, 0,
		{ vector: new Uint32Array(carc.LearnVec.LENGTH) }), TypeError);
	refuses(g, () => learn.observe(g, 0,
		{ planes: new Uint8Array(10) }), RangeError);
	refuses(g, () => learn.mask(g, new Uint8Array(s.nActions - 1)),
		RangeError);
	refuses(g, () => learn.mask(g, new Array(s.nActions).fill(0)),
		TypeError);
	fine();
	// after the end
	const over = new Game({ players: 3, seed: 2 });
	const baseLearn = learnFor(over);
	while (!over.isOver())
		over.apply(over.legalMoveValues()[0]);
	refuses(over, () => baseLearn.actionToMove(over, 0), CarcassonneError,
		ErrorCode.GAME_OVER);
	refuses(over, () => baseLearn.moveToAction(over, Move.pass()),
		CarcassonneError, ErrorCode.GAME_OVER);
	for (const x of [base, two, over, g])
		x.free();
	baseLearn.free();
	learn.free();
});

test('Learn: a bad batch steps no game at all', () => {
	const g = midGame();
	const learn = learnFor(g);
	const others = [1, 2, 3].map((seed) => {
		const rules = g.rules();
		const x = new Game({ rules, players: 3, seed });
		rules.free();
		return x;
	});
	const games = [...others, g];
	const good = games.map((x) => learn.legalActions(x)[0]);
	const before = games.map((x) => x.save());
	const base = new Game({ players: 3, seed: 1 });	// other rules
	const freed = g.clone();
	freed.free();
	learn.observeBatch(games);	// the heap grows to the batch's size once
	const heap = carc.heapSize();
	const top = carc.heapTop();
	const refusesBatch = (fn, cls, code) => {
		assert.throws(fn, (e) => {
			assert.ok(e instanceof cls, `${fn}: ${e} is not a ${cls.name}`);
			if (code !== undefined)
				assert.equal(e.code, code, `${fn}: ${e}`);
			return true;
		});
		assert.deepEqual(games.map((x) => x.save()), before, String(fn));
		assert.equal(carc.heapSize(), heap);
		assert.equal(carc.heapTop(), top);
	};
	const notSet = learn.mask(g).indexOf(0);
	const wrong = [...good];
	wrong[3] = notSet;
	refusesBatch(() => learn.stepBatch(games, wrong), CarcassonneError,
		ErrorCode.NOT_ALLOWED);
	const high = [...good];
	high[2] = learn.shape().nActions;
	refusesBatch(() => learn.stepBatch(games, high), CarcassonneError,
		ErrorCode.INVALID);
	// a game listed twice is refused before anything is played (the C
	// call would have stepped the games before the second listing)
	refusesBatch(() => learn.stepBatch([others[0], others[1], others[0]],
		good.slice(0, 3)), carc.InvalidArgumentError, ErrorCode.INVALID);
	refusesBatch(() => learn.observeBatch([g, g]),
		carc.InvalidArgumentError, ErrorCode.INVALID);
	refusesBatch(() => learn.stepBatch([...games.slice(0, 3), base], good),
		carc.InvalidArgumentError, ErrorCode.INVALID);
	refusesBatch(() => learn.stepBatch([...games.slice(0, 3), freed], good),
		carc.InvalidArgumentError, ErrorCode.INVALID);
	refusesBatch(() => learn.stepBatch(games, good.slice(1)), RangeError);
	refusesBatch(() => learn.stepBatch(games, [...good.slice(1), -1]),
		RangeError);
	refusesBatch(() => learn.stepBatch(games, [...good.slice(1), '1']),
		TypeError);
	refusesBatch(() => learn.stepBatch(games, new Int32Array(good)),
		TypeError);
	refusesBatch(() => learn.stepBatch(g, good), TypeError);
	refusesBatch(() => learn.stepBatch([...games, {}], [...good, 0]),
		TypeError);
	refusesBatch(() => learn.stepBatch(games, good, { resetSeeds: [1, 2] }),
		RangeError);
	refusesBatch(() => learn.stepBatch(games, good,
		{ resetSeeds: [1, 2, 3, -4] }), RangeError);
	refusesBatch(() => learn.stepBatch(games, good, { resetSeeds: 5 }),
		TypeError);
	refusesBatch(() => learn.stepBatch(games, good,
		{ observations: 'no' }), TypeError);
	refusesBatch(() => learn.stepBatch(games, good, 'fast'), TypeError);
	refusesBatch(() => learn.observeBatch(games, null), TypeError);
	// a game already over
	const over = others[2];
	while (!over.isOver())
		over.apply(over.legalMoveValues()[0]);
	before[2] = over.save();
	refusesBatch(() => learn.stepBatch(games, good), CarcassonneError,
		ErrorCode.GAME_OVER);
	// and the good batch, less the game over, goes through
	const r = learn.stepBatch([others[0], others[1], g],
		[good[0], good[1], good[3]]);
	assert.equal(r.ended, 0);
	assert.notEqual(g.save(), before[3]);
	base.free();
	for (const x of games)
		x.free();
	learn.free();
});

test('Learn: a batch past 2 GiB is refused, not wrapped', () => {
	// 3,100 observations of 6 players in the largest window: 2.2 GB
	const learn = new carc.Learn({ players: 6, window: 101 });
	const games = [];
	for (let i = 0; i < 3100; i++)
		games.push(new Game({ players: 6, seed: i }));
	const heap = carc.heapSize();
	for (const fn of [() => learn.observeBatch(games),
		() => learn.stepBatch(games, games.map(() => 0))]) {
		assert.throws(fn, (e) => {
			assert.ok(e instanceof CarcassonneError, String(e));
			assert.equal(e.code, ErrorCode.NOMEM);
			const m = e.message.match(/^learn batch of 3100 games \((\d+) bytes\)/);
			assert.ok(m, e.message);
			assert.ok(Number(m[1]) > 3100 * 703869, e.message);
			return true;
		}, String(fn));
	}
	assert.equal(carc.heapSize(), heap);
	assert.equal(games[0].history().length, 0);
	for (const g of games)
		g.free();
	learn.free();
});

test('Learn: a freed Learn refuses every call', () => {
	const g = new Game({ seed: 5 });
	const learn = learnFor(g);
	const n = g.legalMoveCount();
	learn.free();
	assert.equal(learn.freed, true);
	for (const fn of [() => learn.shape(), () => learn.mask(g),
		() => learn.observe(g), () => learn.window(g),
		() => learn.actionToMove(g, 0), () => learn.moveToAction(g, 'pass'),
		() => learn.legalActions(g), () => learn.stepBatch([g], [0]),
		() => learn.observeBatch([g])]) {
		assert.throws(fn, (e) => e instanceof carc.InvalidArgumentError &&
			/Learn was freed/.test(e.message), String(fn));
	}
	learn.free();	// again: nothing
	learn[Symbol.dispose]();
	assert.equal(g.legalMoveCount(), n);
	g.free();
});
