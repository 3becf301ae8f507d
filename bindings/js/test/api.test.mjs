// SPDX-License-Identifier: MIT
// The package's API: names, moves, rules, games, records, queries, the
// picture, with exact values from the header and doc/api/moves.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carc, expansionRules, playSeeded } from './helpers.mjs';

const { Move, Game, Rules } = carc;

test('version and names', () => {
	assert.match(carc.version(), /^\d+\.\d+\.\d+$/);
	const [ma, mi, mc] = carc.version().split('.').map(Number);
	assert.equal(carc.versionNumber(), ma * 10000 + mi * 100 + mc);
	assert.equal(carc.strerror(-16), 'malformed record');
	assert.equal(carc.strerror(12345), 'unknown error');
	assert.equal(carc.tileName(0), 'A');
	assert.equal(carc.tileName(24), 'CCI-1');
	assert.equal(carc.tileFromName('CCII-6'), 35);
	assert.equal(carc.TILE_NAMES.length, 87);
	assert.equal(carc.TILE_NAMES[3], 'D');
	assert.equal(carc.featureName(0x11), 'c1');
	assert.equal(carc.featureFromName('monastery'), 0x41);
	assert.equal(carc.featureKindName(carc.FeatureKind.FIELD), 'field');
	assert.equal(carc.featureKindFromName('road'), 2);
	assert.equal(carc.figureName(carc.Figure.SHED), 'shed');
	assert.equal(carc.figureFromName('phantom'), 2);
	assert.equal(carc.phaseName(carc.Phase.CROP_RESPONSE), 'crop-response');
	assert.equal(carc.phaseFromName('game-over'), 6);
	assert.equal(carc.optionName(1), 'farm-scoring');
	assert.equal(carc.optionFromName('farm_scoring'), 1);
	assert.equal(carc.optionFromName('cropCirclesIi'), 7);
	assert.equal(carc.OPTIONS['little-buildings'], 8);
	assert.deepEqual(carc.OPTION_VALUES['farm-scoring'],
		{ 'per-field': 0, 'per-city': 1, 'per-field-once': 2 });
	assert.equal(carc.optionValueName('lb-scoring', 1), '3-2-1');
	assert.equal(carc.optionValueName('followers', 3), null);
	assert.equal(carc.optionValueFromName('lb-scoring', '321'), 1);
	assert.equal(carc.optionValueFromName('followers', '+7'), 7);
	const followers = carc.OPTION_INFO.find((o) => o.name === 'followers');
	assert.deepEqual({ ...followers }, { number: 4, name: 'followers',
		type: 'number', min: 1, max: 15, default: 7, values: null });
	assert.deepEqual(carc.OPTION_INFO.find((o) => o.name === 'phantom').values,
		{ off: 0, on: 1 });
	assert.equal(carc.OPTION_INFO.length, Object.keys(carc.OPTIONS).length);
});

test('the picture\'s default colours, with their names', () => {
	const want = [['#d55e00', 'vermillion'], ['#0072b2', 'blue'],
		['#f0e442', 'yellow'], ['#000000', 'black'],
		['#56b4e9', 'sky blue'], ['#999999', 'grey']];
	want.forEach(([rgb, name], seat) =>
		assert.deepEqual(carc.renderDefaultColour(seat), { rgb, name }));
	// the picture draws them: the six score chips of a 6-player game
	// (the legend's white figures follow)
	const svg = new Game({ players: 6, seed: 1 }).renderSvg();
	const chips = [...svg.matchAll(/class='fig key'[^>]*fill='(#[0-9a-f]{6})'/g)]
		.map((m) => m[1]).slice(0, 6);
	assert.deepEqual(chips, want.map(([rgb]) => rgb));
	assert.throws(() => carc.renderDefaultColour(6), carc.InvalidArgumentError);
	assert.throws(() => carc.renderDefaultColour(-1), RangeError);
	assert.throws(() => carc.renderDefaultColour('1'), TypeError);
});

test('tile geometry', () => {
	// D: city on the north side, a road from east to west
	assert.deepEqual(carc.tileFeatures('D'), [0x11, 0x21, 0x31, 0x32]);
	assert.equal(carc.tileEdge('D', 0, 0), carc.Edge.CITY);
	assert.equal(carc.tileEdge('D', 1, 1), carc.Edge.CITY);
	assert.equal(carc.tileEdge('D', 0, 1), carc.Edge.ROAD);
	assert.equal(carc.tileFeatureSides('D', 0, 'r1'), 0b1010);
	assert.equal(carc.tileFeaturePennants('C', 'c1'), 1);
	assert.equal(carc.tileFieldCities('D', 'f1'), 1);
	assert.equal(carc.tileSymbol('CCI-1'), carc.CropSymbol.SHIELD);
	assert.equal(carc.tileSymbol('A'), carc.CropSymbol.NONE);
	const p = carc.tileFeaturePoint('A', 0, 'monastery');
	const q = carc.tileFeaturePoint('A', 1, 'monastery');
	assert.deepEqual(q, { x: 1000 - p.y, y: p.x });
	const shape = carc.tileFeatureShape('D', 0, 'c1');
	assert.ok(shape.length >= 3 && shape.length <= carc.SHAPE_MAX_POINTS);
	for (const [x, y] of shape)
		assert.ok(x >= 0 && x <= 1000 && y >= 0 && y <= 1000);
	const turned = carc.tileFeatureShape('D', 1, 'c1');
	assert.deepEqual(turned, shape.map(([x, y]) => [1000 - y, x]));
	assert.equal(carc.tileSymbolArea('A', 0), null);
	const area = carc.tileSymbolArea('CCI-1', 0);
	assert.ok(area.radius > 0);
});

test('moves: the values of doc/api/moves.md, words both ways', () => {
	const table = [
		[Move.place(1, -2, 3), 0xfffe000100030001n, 'place 1,-2 r3'],
		[Move.deploy('follower', 1, -2, 'c1'), 0xfffe000111000102n,
			'deploy follower c1 at 1,-2'],
		[Move.deploy(carc.Figure.PHANTOM, 1, -2, 0x21), 0xfffe000121000202n,
			'deploy phantom r1 at 1,-2'],
		[Move.build('tower', 1, -2), 0xfffe000100000302n,
			'build tower at 1,-2'],
		[Move.pass(), 3n, 'pass'],
		[Move.cropChoice('deploy'), 0x104n, 'crop deploy'],
		[Move.cropChoice(carc.CropChoice.REMOVE), 0x204n, 'crop remove'],
		[Move.crop('remove'), 0x204n, 'crop remove'],
		[Move.remove('follower', 1, -2, 'f1'), 0xfffe000131000105n,
			'remove follower f1 at 1,-2'],
	];
	for (const [m, value, words] of table) {
		assert.equal(m.value, value, words);
		assert.equal(m.toString(), words);
		assert.equal(String(m), words);
		assert.equal(JSON.stringify(m), JSON.stringify(words));
		assert.ok(Move.parse(words).equals(m));
		assert.equal(carc.describe(value), words);
		assert.ok(new Move(value).equals(m));
	}
	const m = Move.place(-3, 5, 2);
	assert.deepEqual([m.kind, m.x, m.y, m.rotation, m.figure, m.feature],
		[carc.MoveKind.PLACE, -3, 5, 2, 0, 0]);
	const d = Move.remove('phantom', 32767, -32768, 'f3');
	assert.deepEqual([d.kind, d.x, d.y, d.figure, d.feature],
		[carc.MoveKind.REMOVE, 32767, -32768, 2, 0x33]);
	assert.equal(new Move(0xffn).toString(), '0xff');
	assert.equal(Move.crop('deploy').choice, carc.CropChoice.DEPLOY);
	assert.equal(m.choice, 0);
	assert.throws(() => { m.value = 1n; }, TypeError);	// read only
	assert.equal(m.value, 0x0005fffd00020001n);
});

test('rules: options by name, tile counts, builder', () => {
	const r = new Rules({ 'farm-scoring': 'per-city', farmers: false,
		followers: 5, lb_scoring: '3-2-1', littleBuildings: true,
		tiles: { '*': 1, E: 4, 3: 2 } });
	assert.equal(r.get('farm-scoring'), 1);
	assert.equal(r.get(carc.OPTIONS.farmers), 0);
	assert.equal(r.get('followers'), 5);
	assert.equal(r.get('lb-scoring'), 1);
	assert.equal(r.get('little-buildings'), 1);
	assert.equal(r.tileCount('E'), 4);
	assert.equal(r.tileCount('D'), 2);
	assert.equal(r.tileCount('A'), 1);
	assert.equal(r.tileCount('CCI-1'), 0);	// the set is off
	assert.equal(r.defaultTileCount('E'), 5);
	assert.equal(r.defaultTileCount('D'), 3);
	assert.equal(r.defaultTileCount('CCI-1'), 0);
	assert.throws(() => r.defaultTileCount('ZZ'), /tile/i);
	assert.equal(r.options()['small-city'], 0);
	assert.equal(Object.keys(r.tileCounts()).length, 87);
	const b = Rules.builder().set('phantom', true).setTileCount('*', 0)
		.setTileCount('E', 3);
	const r1 = b.build();
	b.set('phantom', 0);
	const r2 = b.build();
	b.free();
	assert.equal(b.freed, true);
	assert.equal(r1.get('phantom'), 1);
	assert.equal(r2.get('phantom'), 0);
	assert.equal(r1.tileCount('E'), 3);
	assert.equal(r1.defaultTileCount('E'), 5);
	const g = new Game({ rules: r1, players: 2, seed: 1 });
	r1.free();
	assert.equal(g.remaining(), 2);	// 3 E, one in hand
	assert.equal(g.rules().get('phantom'), 1);
	for (const x of [r, r2, g])
		x.free();
});

test('a game: queries, clone, copyFrom, undo, history, records', () => {
	const rules = expansionRules(15);
	const game = new Game({ rules, players: 3, seed: 42 });
	rules.free();
	assert.equal(game.playerCount(), 3);
	assert.equal(game.phase(), carc.Phase.PLACE_TILE);
	assert.equal(game.phaseName(), 'place-tile');
	assert.equal(game.currentPlayer(), 0);
	assert.deepEqual(game.tiles(), [{ x: 0, y: 0, tile: 'D', rotation: 0 }]);
	assert.deepEqual(game.bounds(), { minX: 0, minY: 0, maxX: 0, maxY: 0 });
	assert.deepEqual(game.scores(), [0, 0, 0]);
	assert.equal(game.supply(0), 7);
	// standard Little Buildings, 3 players: 6 tokens each, of any kind
	// (doc/users/rules.md#lb-distribution)
	assert.deepEqual(game.supplies()[2],
		{ follower: 7, phantom: 1, tower: 6, house: 6, shed: 6,
			large_follower: 0, builder: 0, pig: 0 });
	assert.equal(game.remaining() + 1, game.drawOrder().length);
	assert.equal(game.drawOrder()[0], game.currentTile());
	assert.equal(game.drawnCount(), 1);
	const start = game.hash();
	const moves = game.legalMoves();
	assert.equal(moves.length, game.legalMoveCount());
	assert.ok(moves.every((m) => m.kind === carc.MoveKind.PLACE));
	assert.ok(moves.every((m) => game.isLegal(m) && game.isLegal(m.value)));
	assert.equal(game.isLegal(Move.pass()), false);
	const copy = game.clone();
	game.apply(moves[0]);
	assert.notEqual(game.hash(), start);
	assert.equal(copy.hash(), start);
	assert.equal(game.phase(), carc.Phase.DEPLOY);
	assert.equal(game.tileAt(moves[0].x, moves[0].y).tile,
		game.currentTile());
	assert.equal(game.tileAt(50, 50), null);
	assert.deepEqual(game.history().map(String), [moves[0].toString()]);
	assert.equal(game.undo(), true);
	assert.equal(game.hash(), start);
	assert.equal(game.undo(), false);
	game.apply(moves[0].toString());
	copy.copyFrom(game);
	assert.equal(copy.hash(), game.hash());
	// play on, keeping score from the events: points plus building
	// points over every apply give the final scores
	const total = [0, 0, 0];
	let sawBuildings = false;
	while (!game.isOver()) {
		const ms = game.legalMoveValues();
		game.apply(ms[Number(game.hash() % BigInt(ms.length))]);
		for (const ev of game.events()) {
			assert.ok(['completed', 'final', 'farm'].includes(ev.type));
			assert.ok(['city', 'road', 'field', 'monastery']
				.includes(ev.featureKind));
			for (let p = 0; p < 3; p++) {
				total[p] += ev.points[p] + ev.buildingPoints[p];
				if (ev.buildingPoints[p] > 0)
					sawBuildings = true;
			}
		}
	}
	assert.deepEqual(total, game.scores());
	assert.ok(sawBuildings, 'this game scores buildings');
	assert.equal(game.currentTile(), null);
	assert.equal(game.phaseName(), 'game-over');
	assert.equal(game.legalMoveCount(), 0);
	assert.ok(game.buildings().length > 0);
	const text = game.save();
	const back = Game.load(text);
	assert.equal(back.hash(), game.hash());
	assert.equal(back.save(), text);
	assert.deepEqual(back.figures(), game.figures());
	assert.deepEqual(Game.load(new TextEncoder().encode(text)).scores(),
		game.scores());
	const fig = game.figures()[0];
	const f = game.feature(fig.x, fig.y, fig.feature);
	assert.ok(['city', 'road', 'field', 'monastery'].includes(f.kind));
	assert.equal(f.followers.length, 3);
	assert.ok(f.followers[fig.player] + (f.phantoms[fig.player] ? 1 : 0) >= 1);
	assert.equal(game.featureGet(fig.x, fig.y, fig.feature, 2), f.id);
	assert.equal(game.featurePieces(fig.x, fig.y, fig.feature).length,
		f.pieces);
	assert.equal(game.featureIsComplete(fig.x, fig.y, fig.feature),
		f.complete);
	assert.ok(game.featureFigures(fig.x, fig.y, fig.feature, fig.player) >= 1);
	for (const x of [game, copy, back])
		x.free();
});

test('reset: the game new Game() would make, in place', () => {
	const rules = expansionRules(15);
	const game = playSeeded(new Game({ rules, players: 4, seed: 3 }));
	const fresh = new Game({ rules, players: 4, seed: 77n });
	rules.free();
	assert.equal(game.reset(77n), game);
	assert.equal(game.hash(), fresh.hash());
	assert.equal(game.save(), fresh.save());
	assert.deepEqual(game.history(), []);
	const hash = game.hash();
	assert.throws(() => game.reset(-1), RangeError);
	assert.throws(() => game.reset('1'), TypeError);
	assert.equal(game.hash(), hash);
	game.free();
	fresh.free();
});

test('draw order, next tile, shuffle, discards', () => {
	const game = new Game({ seed: 9 });
	const order = game.drawOrder();
	game.setNextTile('A');
	assert.equal(game.currentTile(), 'A');
	game.shuffleStack(77n);
	const reversed = [game.currentTile(),
		...game.drawOrder().slice(1).reverse()];
	game.setDrawOrder(reversed);
	assert.deepEqual(game.drawOrder(), reversed);
	assert.equal(order.length, reversed.length);
	assert.deepEqual(game.discards(), []);
	assert.ok(game.memorySize() > 1000);
	game.free();
});

test('stack order at a deployment', () => {
	const game = new Game({ seed: 9 });
	game.apply(game.legalMoves()[0]);
	assert.equal(game.phase(), carc.Phase.DEPLOY);
	const order = game.drawOrder();
	const k = game.drawnCount();
	const hash = game.hash();
	const tile = game.currentTile();
	const reversed = order.slice(k).reverse();
	assert.equal(reversed.length, game.remaining());
	game.setStackOrder(reversed);
	assert.deepEqual(game.drawOrder(), [...order.slice(0, k), ...reversed]);
	assert.equal(game.hash(), hash);
	assert.equal(game.currentTile(), tile);
	assert.equal(game.phase(), carc.Phase.DEPLOY);
	assert.throws(() => game.setStackOrder(reversed.slice(1)),
		(e) => e.code === carc.ErrorCode.INVALID);
	assert.deepEqual(game.drawOrder(), [...order.slice(0, k), ...reversed]);
	game.apply(Move.pass());
	assert.equal(game.drawOrder()[k], reversed[0]);
	game.free();
});

test('the picture: options reach the library', () => {
	const game = playSeeded(new Game({ seed: 3 }));
	const svg = game.renderSvg();
	assert.match(svg, /^<\?xml/);
	assert.ok(svg.endsWith('</svg>\n'));
	const small = game.renderSvg({ tileSize: 16, noLegend: true,
		noScores: true, noLabels: true, colours: ['#ff0000', 0x00ff00] });
	assert.ok(small.length < svg.length);
	assert.match(small, /#ff0000/i);
	const t = game.tiles()[0];
	const lit = game.renderSvg({ feature: { x: t.x, y: t.y, feature: 'c1' } });
	assert.notEqual(lit, svg);
	assert.equal(game.renderSvg({ flags: carc.RenderFlag.NO_LEGEND }),
		game.renderSvg({ noLegend: true }));
	game.free();
});

test('explainRefusal: why apply() refuses a move, and its error', () => {
	// the pig where Red has no farmer, the builder on a road without his
	// thief (the sentences of tests/test-words.c)
	const rules = new Rules({ tiles: { '*': 0, U: 2, B: 2 },
		'traders-builders': true });
	const game = new Game({ rules, players: 2, seed: 1 });
	game.setDrawOrder(['U', 'B', 'U', 'B']);
	assert.equal(game.explainRefusal(Move.place(1, 0, 0)), '');
	assert.equal(game.explainRefusal(Move.pass()),
		'move not allowed at this decision point: P0 is to place tile U ' +
		'(phase place-tile)');
	game.apply(Move.place(1, 0, 0));
	const hash = game.hash();
	const pig = Move.deploy('pig', 1, 0, 'f1');
	const why = 'not allowed by the rules in force: the pig goes only ' +
		'into a field of the tile just placed that holds one of your ' +
		'farmers';
	assert.equal(game.explainRefusal(pig), why);
	assert.equal(game.explainRefusal(pig.value), why);
	assert.equal(game.explainRefusal(Move.deploy('builder', 1, 0, 'r1')),
		'not allowed by the rules in force: the builder goes only onto ' +
		'a road or city of the tile just placed that holds one of your ' +
		'followers');
	assert.throws(() => game.apply(pig), (e) =>
		e instanceof carc.IllegalMoveError &&
		e.code === carc.ErrorCode.NOT_ALLOWED && e.reason === why &&
		e.message === `${pig.toString()}: ${why}`);
	assert.equal(game.hash(), hash);
	assert.equal(game.explainRefusal(0n), 'invalid argument');
	game.free();
	rules.free();
});

test('words: the library\'s sentences for features, moves, events', () => {
	// D at 0,0; F at 0,-1 turned north-south with Red's knight; E closes
	// the city (the sentences of tests/test-words.c)
	const rules = new Rules({ tiles: { '*': 0, F: 1, E: 1, B: 1 } });
	const game = new Game({ rules, players: 2, seed: 1 });
	game.setDrawOrder(['F', 'E', 'B']);
	assert.equal(carc.tileDescribeFeature('F', 1, 'c1'),
		'the city on the north and south edges, with a pennant');
	assert.equal(game.explainMove(Move.place(0, -1, 1)),
		'place tile F at 0,-1, turned a quarter turn clockwise (r1)');
	game.apply(Move.place(0, -1, 1));
	const knight = Move.deploy('follower', 0, -1, 'c1');
	assert.equal(game.explainMove(knight),
		'put a follower on the city on the north and south edges at ' +
		'0,-1, with a pennant: 2 tiles, 1 pennant, 1 open side, worth 3 ' +
		'as it stands');
	game.apply(knight);
	assert.equal(game.describeFeature(0, 0, 'c1'),
		'the city on the north edge at 0,0: 2 tiles, 1 pennant, 1 open ' +
		'side, worth 3 as it stands; taken by P0');
	game.apply(Move.place(0, -2, 2));
	assert.equal(game.explainMove(Move.pass()),
		'pass: put no figure on the tile');
	game.apply(Move.pass());
	assert.deepEqual(game.events().map((e, i) => game.describeEvent(i)),
		['the city at 0,-2, completed with 3 tiles: P0 scores 8']);
	const hash = game.hash();
	assert.throws(() => game.describeEvent(1),
		(e) => e.code === carc.ErrorCode.INVALID);
	assert.throws(() => game.describeFeature(5, 5, 'c1'),
		(e) => e.code === carc.ErrorCode.NOT_FOUND);
	assert.throws(() => game.explainMove(Move.deploy('follower', 0, 0, 'c2')),
		(e) => e.code === carc.ErrorCode.NO_FEATURE);
	assert.throws(() => game.explainMove(0n),
		(e) => e.code === carc.ErrorCode.INVALID);
	assert.throws(() => carc.tileDescribeFeature('D', 4, 'c1'),
		(e) => e.code === carc.ErrorCode.INVALID);
	assert.throws(() => game.describeFeature(0, 0, 1.5), RangeError);
	assert.equal(game.hash(), hash);
	game.free();
	rules.free();
});

test('using: Symbol.dispose frees', () => {
	let g;
	{
		g = new Game();
		g[Symbol.dispose]();
	}
	assert.equal(g.freed, true);
	g.free();	// again: nothing
});
