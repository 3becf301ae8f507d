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
	refuses(g, () => g.remaining(36), CarcassonneError,
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
