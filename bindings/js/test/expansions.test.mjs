// SPDX-License-Identifier: MIT
// The calls of The River, Inns & Cathedrals and Traders & Builders:
// feature flags and goods of the tile types, goods tokens of the
// players, the builder's second tile, the new figures in the supply and
// the end's goods scoring, with exact values; bad input throws and
// changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carc, expansionRules } from './helpers.mjs';

const { Game, Move, Goods, FeatureFlag, ErrorCode, InvalidArgumentError } = carc;

// seeded-game's rule (move number hash mod count) until `stop(game)`
function playUntil(game, stop) {
	while (!game.isOver() && !stop(game)) {
		const moves = game.legalMoveValues();
		game.apply(moves[Number(game.hash() % BigInt(moves.length))]);
	}
	return game;
}

function threeExpansions(seed = 1, players = 2) {
	const rules = expansionRules(16 | 32 | 64);
	const game = new Game({ rules, players, seed });
	rules.free();
	return game;
}

function refuses(fn, code, message) {
	assert.throws(fn, (e) => {
		assert.ok(e instanceof InvalidArgumentError, String(e));
		assert.equal(e.code, code);
		if (message)
			assert.match(e.message, message);
		return true;
	});
}

test('tileFeatureFlags: the inns and cathedrals of the tile set', () => {
	const found = [];
	for (const t of carc.TILE_NAMES)
		for (const f of carc.tileFeatures(t)) {
			const flags = carc.tileFeatureFlags(t, f);
			if (flags)
				found.push(`${t} ${carc.featureName(f)} ${flags}`);
		}
	assert.deepEqual(found, ['IC-1 c1 2', 'IC-11 r1 1', 'IC-12 r1 1',
		'IC-13 r1 1', 'IC-14 r1 1', 'IC-15 r1 1', 'IC-16 r1 1']);
	assert.equal(carc.tileFeatureFlags('IC-1', 'c1'), FeatureFlag.CATHEDRAL);
	assert.equal(carc.tileFeatureFlags(carc.tileFromName('IC-15'), 0x21),
		FeatureFlag.INN);
	assert.equal(carc.tileFeatureFlags('D', 'r1'), 0);
	refuses(() => carc.tileFeatureFlags('IC-1', 'r4'), ErrorCode.NO_FEATURE);
	refuses(() => carc.tileFeatureFlags(87, 'c1'), ErrorCode.UNKNOWN_TILE);
	refuses(() => carc.tileFeatureFlags('IC-99', 'c1'), ErrorCode.UNKNOWN_TILE);
	assert.throws(() => carc.tileFeatureFlags('IC-1', -1), RangeError);
});

test('tileFeatureGoods: the goods symbol of each city of Traders & Builders', () => {
	const byKind = { [Goods.WINE]: [], [Goods.GRAIN]: [], [Goods.CLOTH]: [] };
	for (const t of carc.TILE_NAMES)
		for (const f of carc.tileFeatures(t)) {
			const g = carc.tileFeatureGoods(t, f);
			if (g !== Goods.NONE)
				byKind[g].push(`${t} ${carc.featureName(f)}`);
		}
	assert.deepEqual(byKind[Goods.WINE], ['TB-2 c1', 'TB-4 c1', 'TB-8 c1',
		'TB-12 c1', 'TB-13 c1', 'TB-14 c1', 'TB-15 c1', 'TB-18 c1',
		'TB-19 c1']);
	assert.deepEqual(byKind[Goods.GRAIN], ['TB-1 c1', 'TB-5 c1', 'TB-10 c1',
		'TB-17 c1', 'TB-21 c1', 'TB-22 c1']);
	assert.deepEqual(byKind[Goods.CLOTH], ['TB-3 c1', 'TB-6 c1', 'TB-7 c1',
		'TB-9 c1', 'TB-11 c1']);
	assert.deepEqual(Goods, { NONE: 0, WINE: 1, GRAIN: 2, CLOTH: 3 });
	assert.equal(carc.tileFeatureGoods('TB-16', 'c1'), Goods.NONE);
	assert.equal(carc.tileFeatureGoods('TB-1', 'f1'), Goods.NONE);
	refuses(() => carc.tileFeatureGoods('TB-1', 'c3'), ErrorCode.NO_FEATURE);
	refuses(() => carc.tileFeatureGoods('TB-25', 'c1'), ErrorCode.UNKNOWN_TILE);
	assert.throws(() => carc.tileFeatureGoods('TB-1', null), TypeError);
});

test('the new figures in the supply and the river at the start', () => {
	const game = threeExpansions();
	assert.deepEqual(game.supplies()[1], { follower: 7, phantom: 0,
		tower: 0, house: 0, shed: 0, large_follower: 1, builder: 1, pig: 1 });
	assert.equal(game.supply(0, 'large-follower'), 1);
	assert.equal(game.supply(0, carc.Figure.PIG), 1);
	assert.deepEqual(game.tiles(), [{ x: 0, y: 0, tile: 'RI-1', rotation: 0 }]);
	assert.equal(game.currentTile(), 'RI-8');
	// 10 river tiles, 71 of the base game (its start tile removed), 18
	// of Inns & Cathedrals and 24 of Traders & Builders, less the spring
	assert.equal(game.remaining(), 123 - 1 + 1);
	// the river's course goes on from the spring's one river side
	assert.deepEqual(game.legalMoves().map(String),
		['place 1,0 r1', 'place 1,0 r2']);
	game.free();
});

test('goods: every player\'s tokens, the end\'s goods event, and bad input', () => {
	const game = playUntil(threeExpansions(), () => false);
	assert.deepEqual(game.scores(), [22, 22]);
	assert.equal(game.hash().toString(16), '86edae048be7dd89');
	assert.deepEqual(game.allGoods(), [{ wine: 0, grain: 1, cloth: 0 },
		{ wine: 0, grain: 0, cloth: 0 }]);
	assert.equal(game.goods(0, 'grain'), 1);
	assert.equal(game.goods(0, Goods.GRAIN), 1);
	assert.equal(game.goods(1, 'wine'), 0);
	const goods = game.events().filter((e) => e.type === 'goods');
	assert.deepEqual(goods, [{ type: 'goods', featureKind: null, x: 0, y: 0,
		feature: null, tiles: 0, pennants: 0, cities: 0, scorers: 1,
		wine: 0, grain: 0, cloth: 0, goodsKind: Goods.GRAIN,
		points: [10, 0], figures: [0, 0], buildingPoints: [0, 0],
		phantom: [false, false], tokens: [1, 0] }]);
	const hash = game.hash();
	refuses(() => game.goods(0, Goods.NONE), ErrorCode.INVALID);
	refuses(() => game.goods(0, 4), ErrorCode.INVALID);
	refuses(() => game.goods(2, 'wine'), ErrorCode.INVALID);
	refuses(() => game.goods(0, 'silk'), ErrorCode.INVALID, /wine, grain or cloth/);
	refuses(() => game.goods(0, 'none'), ErrorCode.INVALID);
	assert.throws(() => game.goods(-1, 1), RangeError);
	assert.throws(() => game.goods(0, 1.5), RangeError);
	assert.equal(game.hash(), hash);
	game.free();
	refuses(() => game.goods(0, 1), ErrorCode.INVALID, /freed/);
	refuses(() => game.allGoods(), ErrorCode.INVALID, /freed/);
	// without Traders & Builders nobody holds goods
	const base = new Game({ players: 3, seed: 2 });
	assert.deepEqual(base.allGoods(), [{ wine: 0, grain: 0, cloth: 0 },
		{ wine: 0, grain: 0, cloth: 0 }, { wine: 0, grain: 0, cloth: 0 }]);
	base.free();
});

test('the builder\'s second tile: its phase, its move, and declining it', () => {
	assert.equal(Move.secondTile().value, 6n);
	assert.equal(Move.secondTile().kind, carc.MoveKind.SECOND_TILE);
	assert.equal(String(Move.secondTile()), 'second-tile');
	assert.ok(Move.parse('second-tile').equals(Move.secondTile()));
	const game = playUntil(threeExpansions(),
		(g) => g.phase() === carc.Phase.SECOND_TILE);
	assert.equal(game.history().length, 102);
	assert.equal(game.phaseName(), 'second-tile');
	assert.equal(game.currentPlayer(), 0);
	// the tile of the turn is still the one just placed; the second
	// is the next of the stack
	assert.equal(game.currentTile(), 'U');
	assert.equal(game.drawOrder()[game.drawnCount()], 'P');
	assert.deepEqual(game.legalMoves().map(String), ['second-tile', 'pass']);
	assert.equal(game.turnPart(), carc.TurnPart.FIRST_BUILDER);
	const declined = game.copy();
	const before = game.hash();
	// anything else is refused and changes nothing
	assert.throws(() => game.apply('place 5,5 r0'), carc.IllegalMoveError);
	assert.throws(() => game.apply('deploy pig f1 at 0,0'), carc.IllegalMoveError);
	assert.equal(game.hash(), before);
	game.apply(Move.secondTile());
	assert.equal(game.phaseName(), 'place-tile');
	assert.equal(game.currentPlayer(), 0);
	assert.equal(game.currentTile(), 'P');
	assert.equal(game.turnPart(), carc.TurnPart.SECOND);
	declined.apply('pass');
	assert.equal(declined.phaseName(), 'place-tile');
	assert.equal(declined.currentPlayer(), 1);
	assert.equal(declined.turnPart(), carc.TurnPart.FIRST);
	assert.equal(declined.currentTile(), 'P');
	// the record says it, and loads back to the same game
	assert.match(game.save(), /^P0 second-tile$/m);
	const loaded = Game.load(game.save());
	assert.equal(loaded.hash(), game.hash());
	for (const g of [game, declined, loaded])
		g.free();
});

test('large follower, builder and pig on the board and in the features', () => {
	const game = playUntil(threeExpansions(),
		(g) => g.phase() === carc.Phase.SECOND_TILE);
	const special = game.figures().filter((f) => f.figure !== 'follower');
	assert.deepEqual(special, [
		{ player: 0, figure: 'large-follower', x: 1, y: -2, feature: 'f3' },
		{ player: 0, figure: 'builder', x: 0, y: -6, feature: 'r1' },
		{ player: 0, figure: 'pig', x: -1, y: -4, feature: 'f1' },
		{ player: 1, figure: 'large-follower', x: -1, y: -5, feature: 'f2' },
		{ player: 1, figure: 'pig', x: 0, y: -5, feature: 'f2' },
	]);
	const road = game.feature(0, -6, 'r1');
	assert.deepEqual(road.builders, [1, 0]);
	assert.deepEqual(road.pigs, [0, 0]);
	const field = game.feature(1, -2, 'f3');
	assert.deepEqual(field.largeFollowers, [1, 0]);
	// each pig in its field, with its player's large follower
	for (const [x, y, f, p] of [[-1, -4, 'f1', [1, 0]], [0, -5, 'f2', [0, 1]]]) {
		const i = game.feature(x, y, f);
		assert.deepEqual([i.pigs, i.largeFollowers, i.builders], [p, p, [0, 0]]);
	}
	// the road's inn (IC-15 at -1,-6); a city with the cathedral of
	// IC-1 (2,0) and the grain of TB-10 (1,1), named by either piece; a
	// city of two cloths (TB-7, TB-11); a completed city still counting
	// the grain its completion gave player 0
	for (const [x, y, f, want] of [
		[0, -6, 'r1', [FeatureFlag.INN, 0, 0, 0, 5, false]],
		[2, 0, 'c1', [FeatureFlag.CATHEDRAL, 0, 1, 0, 4, false]],
		[1, 1, 'c1', [FeatureFlag.CATHEDRAL, 0, 1, 0, 4, false]],
		[2, 3, 'c1', [0, 0, 0, 2, 2, false]],
		[3, -2, 'c1', [0, 0, 1, 0, 4, true]],
	]) {
		const i = game.feature(x, y, f);
		assert.deepEqual([i.flags, i.wine, i.grain, i.cloth, i.tiles, i.complete], want,
			`${x},${y} ${f}`);
	}
	assert.deepEqual(game.allGoods(), [{ wine: 0, grain: 1, cloth: 0 },
		{ wine: 0, grain: 0, cloth: 0 }]);
	assert.deepEqual(game.supplies().map((s) => [s.large_follower, s.builder, s.pig]),
		[[0, 0, 0], [0, 1, 0]]);
	game.free();
});

test('the river\'s part of the stack: drawCounts and sortStack', () => {
	const game = threeExpansions();
	const order = game.drawOrder();
	const number = (name) => carc.TILE_NAMES.indexOf(name);
	const byType = (a, b) => number(a) - number(b);
	// the draw of the tile in hand chose among the ten river tiles of
	// the course; the lake and the other tiles were not part of it
	const counts = game.drawCounts();
	assert.equal(Object.values(counts).reduce((a, b) => a + b, 0), 10);
	assert.deepEqual(Object.keys(counts).sort(byType),
		[...new Set(order.slice(0, 10))].sort(byType));
	assert.equal(order[10], 'RI-2');
	const hash = game.hash();
	game.sortStack();
	const sorted = game.drawOrder();
	assert.equal(sorted[0], order[0]);
	assert.deepEqual(sorted.slice(1, 10), order.slice(1, 10).sort(byType));
	assert.equal(sorted[10], 'RI-2');
	assert.deepEqual(sorted.slice(11), order.slice(11).sort(byType));
	assert.equal(game.hash(), hash);
	// a tile of the rest of the stack cannot be taken in hand now
	assert.throws(() => game.setNextTile('D'),
		(e) => e.code === ErrorCode.NOT_ALLOWED);
	assert.deepEqual(game.drawOrder(), sorted);
	// nor counted at a deployment
	game.apply(game.legalMoves()[0]);
	assert.throws(() => game.drawCounts(),
		(e) => e.code === ErrorCode.WRONG_PHASE);
	game.free();
});
