// SPDX-License-Identifier: MIT
// What the package's functions, methods and constructors really return
// has the type index.d.ts declares for it: every one is called on a game
// with every expansion, and its result checked, recursively, against the
// declared type (numbers, strings, literal types, arrays, tuples, nulls,
// records, the package's classes, and objects with exactly the declared
// properties).  TypeScript's compiler reads the declarations: the
// typescript package (CARCASSONNE_TYPESCRIPT, set by
// tools/wasm/test-wasm.sh, else found as below); without it the
// test skips, but fails under CI=true.  tools/wasm/js-types.mjs checks the
// declarations themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { carc, expansionRules, playSeeded } from './helpers.mjs';

const require = createRequire(import.meta.url);
// Where the typescript package may be: the one named, one Node finds
// (NODE_PATH, a node_modules), the package of the `tsc` on the PATH
// (its bin/tsc), and Debian's node-typescript, which a Node that is not
// Debian's own (NodeSource's, nvm's) does not search.
function tscPackage() {
	for (const dir of (process.env.PATH || '').split(delimiter)) {
		const bin = join(dir || '.', 'tsc');
		if (existsSync(bin))
			return dirname(dirname(realpathSync(bin)));
	}
	return null;
}
let ts = null;
for (const where of [process.env.CARCASSONNE_TYPESCRIPT, 'typescript',
	tscPackage(), '/usr/share/nodejs/typescript']) {
	if (!where)
		continue;
	try {
		ts = require(where);
		break;
	} catch {
		// try the next
	}
}
if (!ts && process.env.CI === 'true')
	throw new Error('CI=true: the typescript package must be there ' +
		'(Debian node-typescript; CARCASSONNE_TYPESCRIPT)');
const skip = ts ? false
	: 'no typescript package (install node-typescript; tools/install-deps.sh --tests)';

// The declarations, as TypeScript sees them.
function declarations() {
	const dtsPath = fileURLToPath(new URL('../index.d.ts', import.meta.url));
	const { options } = ts.convertCompilerOptionsFromJson({
		noEmit: true, strict: true, module: 'nodenext',
		moduleResolution: 'nodenext', target: 'es2022',
		lib: ['es2022', 'dom'], types: [],
	}, fileURLToPath(new URL('..', import.meta.url)));
	const program = ts.createProgram([dtsPath], options);
	const checker = program.getTypeChecker();
	const dts = program.getSourceFile(dtsPath);
	const exports = new Map(checker.getExportsOfModule(
		checker.getSymbolAtLocation(dts)).map((s) => [s.name, s]));
	return { checker, dts, exports };
}

// Why value does not have type (a list of messages, empty when it has).
function mismatches(checker, value, type, path, self) {
	const F = ts.TypeFlags;
	const bad = (what) => [`${path}: ${what}, not ${checker.typeToString(type)}`];
	const show = (v) => (typeof v === 'bigint' ? `${v}n`
		: typeof v === 'object' && v !== null ? v.constructor?.name || 'object'
			: JSON.stringify(v));
	if (type.flags & (F.Any | F.Unknown))
		return [];
	if (type.isUnion()) {
		for (const t of type.types)
			if (!mismatches(checker, value, t, path, self).length)
				return [];
		return bad(show(value));
	}
	if (type.flags & F.TypeParameter && type.isThisType)
		return value === self ? [] : bad('not the object itself');
	if (type.flags & F.Null)
		return value === null ? [] : bad(show(value));
	if (type.flags & (F.Undefined | F.Void))
		return value === undefined ? [] : bad(show(value));
	if (type.flags & (F.NumberLiteral | F.StringLiteral))
		return value === type.value ? [] : bad(show(value));
	if (type.flags & F.BooleanLiteral)
		return value === (checker.typeToString(type) === 'true') ? [] : bad(show(value));
	for (const [flag, name] of [[F.Number, 'number'], [F.String, 'string'],
		[F.Boolean, 'boolean'], [F.BigInt, 'bigint']])
		if (type.flags & flag)
			return typeof value === name ? [] : bad(show(value));
	if (!(type.flags & F.Object) && !type.isIntersection())
		return bad(`a type this test does not know (flags ${type.flags})`);
	if (typeof value === 'function')
		return type.getCallSignatures().length || type.getConstructSignatures().length
			? [] : bad('a function');
	if (typeof value !== 'object' || value === null)
		return bad(show(value));
	const symbol = type.getSymbol();
	const name = symbol?.name;
	// arrays and tuples
	if (name === 'Array' || name === 'ReadonlyArray' ||
	    (type.objectFlags & ts.ObjectFlags.Reference &&
	     type.target.objectFlags & ts.ObjectFlags.Tuple)) {
		if (!Array.isArray(value))
			return bad(show(value));
		const args = checker.getTypeArguments(type);
		const tuple = name !== 'Array' && name !== 'ReadonlyArray';
		if (tuple && value.length !== args.length)
			return bad(`${value.length} elements`);
		return value.flatMap((v, i) => mismatches(checker, v, tuple ? args[i] : args[0],
			`${path}[${i}]`, self));
	}
	if (name === 'Promise')
		return value instanceof Promise ? [] : bad(show(value));
	// the package's classes, and the platform's (BigUint64Array ...),
	// which the lib declares as interfaces
	const fromLib = symbol && !symbol.declarations?.some((d) =>
		d.getSourceFile().fileName.endsWith('index.d.ts'));
	if (symbol && (symbol.flags & ts.SymbolFlags.Class ||
		       (fromLib && typeof globalThis[name] === 'function'))) {
		const cls = fromLib ? globalThis[name] : carc[name];
		return typeof cls === 'function' && value instanceof cls ? []
			: bad(show(value));
	}
	// an object: exactly the declared properties, or a record
	const problems = [];
	const props = checker.getPropertiesOfType(type);
	const declared = new Set(props.map((p) => p.name));
	const index = checker.getIndexTypeOfType(type, ts.IndexKind.String);
	for (const key of Object.keys(value)) {
		if (declared.has(key))
			continue;
		if (index)
			problems.push(...mismatches(checker, value[key], index, `${path}.${key}`, self));
		else
			problems.push(`${path}: ${key} is not declared in ${checker.typeToString(type)}`);
	}
	for (const p of props) {
		const v = value[p.name];
		if (v === undefined && p.flags & ts.SymbolFlags.Optional)
			continue;
		if (!(p.name in value))
			problems.push(`${path}: no ${p.name}, declared in ${checker.typeToString(type)}`);
		else
			problems.push(...mismatches(checker, v,
				checker.getTypeOfSymbolAtLocation(p, p.valueDeclaration),
				`${path}.${p.name}`, self));
	}
	return problems;
}

// A game with every expansion, played until it has figures, buildings
// and a scoring event of its last move.
function sampleGame() {
	const rules = new carc.Rules({
		phantom: true, 'crop-circles-i': true, 'crop-circles-ii': true,
		'little-buildings': true, 'farm-scoring': 'per-city',
	});
	const game = new carc.Game({ rules, players: 3, seed: 11n });
	rules.free();
	let r = 7;
	while (!game.isOver()) {
		const moves = game.legalMoves();
		r = (r * 1103515245 + 12345) % 2147483648;
		game.apply(moves[r % moves.length]);
		if (game.events().length && game.figures().length &&
		    game.buildings().length && game.phase() === carc.Phase.PLACE_TILE &&
		    game.drawnCount() > 20)
			return game;
	}
	throw new Error('the sample game has no position with events, figures and buildings');
}

// `moves` moves of the first legal move each
function playSome(game, moves) {
	for (let i = 0; i < moves && !game.isOver(); i++)
		game.apply(game.legalMoveValues()[0]);
	return game;
}

test('every result has the type index.d.ts declares', { skip }, async () => {
	const { checker, exports } = declarations();
	const game = sampleGame();
	const other = game.copy();
	const figure = game.figures()[0];
	const building = game.buildings()[0];
	const event = game.events()[0];
	const record = game.save();
	const rules = game.rules();
	const move = game.legalMoves()[0];
	const fieldTile = game.tiles().find((t) => carc.tileFeatures(t.tile)
		.some((f) => carc.featureName(f).startsWith('f')));
	const field = carc.featureName(carc.tileFeatures(fieldTile.tile)
		.find((f) => carc.featureName(f).startsWith('f')));
	const choice = carc.OPTIONS['farm-scoring'];
	// JCloisterZone plays the base game with these rules
	const jczGame = playSome(new carc.Game({ players: 3, seed: 5 }), 9);
	// The River, Inns & Cathedrals and Traders & Builders to the end:
	// its last move's events include a 'goods' one, with no feature
	const tbRules = expansionRules(112);
	const tbOver = playSeeded(new carc.Game({ rules: tbRules, players: 2, seed: 1 }));
	tbRules.free();
	assert.ok(tbOver.events().some((e) => e.type === 'goods'));

	// [what, receiver, the call]: what is 'name' (a function of the
	// module), 'Class.name' (static), 'Class#name' (method) or 'new Class'
	const calls = [
		['load', null, () => carc.load()],
		['init', null, () => carc.init()],
		['isLoaded', null, () => carc.isLoaded()],
		['heapSize', null, () => carc.heapSize()],
		['heapTop', null, () => carc.heapTop()],
		['_module', null, () => carc._module()],
		['version', null, () => carc.version()],
		['versionNumber', null, () => carc.versionNumber()],
		['strerror', null, () => carc.strerror(carc.ErrorCode.GAME_OVER)],
		['hasSearch', null, () => carc.hasSearch()],
		['tileName', null, () => carc.tileName(3)],
		['tileFromName', null, () => carc.tileFromName('CCII-2')],
		['featureName', null, () => carc.featureName(carc.featureFromName('r2'))],
		['featureFromName', null, () => carc.featureFromName('monastery')],
		['featureKindName', null, () => carc.featureKindName(carc.FeatureKind.FIELD)],
		['featureKindFromName', null, () => carc.featureKindFromName('road')],
		['figureName', null, () => carc.figureName(carc.Figure.SHED)],
		['figureFromName', null, () => carc.figureFromName('house')],
		['phaseName', null, () => carc.phaseName(carc.Phase.CROP_RESPONSE)],
		['phaseFromName', null, () => carc.phaseFromName('place-tile')],
		['optionName', null, () => carc.optionName(choice)],
		['optionFromName', null, () => carc.optionFromName('lb-scoring')],
		['optionValueName', null, () => carc.optionValueName('farm-scoring', 2)],
		['optionValueName', null, () => carc.optionValueName(carc.OPTIONS.phantom, 1)],
		['optionValueFromName', null, () => carc.optionValueFromName(choice, 'per-city')],
		['optionExplain', null, () => carc.optionExplain('followers', 99)],
		['optionExplain', null, () => carc.optionExplain('crop_circles_1')],
		['optionIsExpansion', null, () => carc.optionIsExpansion('phantom')],
		['renderDefaultColour', null, () => carc.renderDefaultColour(4)],
		['describe', null, () => carc.describe(move)],
		['tileEdge', null, () => carc.tileEdge('D', 1, 2)],
		['tileFeatures', null, () => carc.tileFeatures('CCI-3')],
		['tileFeatureSides', null, () => carc.tileFeatureSides('D', 3, 'c1')],
		['tileFeaturePennants', null, () => carc.tileFeaturePennants('C', 'c1')],
		['tileDescribeFeature', null, () => carc.tileDescribeFeature('F', 1, 'c1')],
		['tileFieldCities', null, () => carc.tileFieldCities(fieldTile.tile, field)],
		['tileFeatureFlags', null, () => carc.tileFeatureFlags('IC-15', 'r1')],
		['tileFeatureGoods', null, () => carc.tileFeatureGoods('TB-3', 'c1')],
		['tileSymbol', null, () => carc.tileSymbol('CCI-1')],
		['tileFeaturePoint', null, () => carc.tileFeaturePoint('D', 1, 'r1')],
		['tileFeatureShape', null, () => carc.tileFeatureShape('D', 2, 'f2')],
		['tileSymbolArea', null, () => carc.tileSymbolArea('CCII-4', 1)],
		['tileSymbolArea', null, () => carc.tileSymbolArea('D', 0)],

		['new CarcassonneError', null, () => new carc.CarcassonneError(-3, 'apply')],
		['new InvalidArgumentError', null, () => new carc.InvalidArgumentError('x')],
		['new IllegalMoveError', null, () => new carc.IllegalMoveError(-3, move)],
		['new RecordError', null, () => new carc.RecordError(-16, 4, 2, 'no move')],
		['new JczError', null, () => new carc.JczError(-16, 1, 5, 'no setup')],

		['new Move', null, () => new carc.Move(move.value)],
		['Move.place', null, () => carc.Move.place(1, -2, 3)],
		['Move.deploy', null, () => carc.Move.deploy('phantom', 0, 1, 'c1')],
		['Move.build', null, () => carc.Move.build('house', 2, 0)],
		['Move.pass', null, () => carc.Move.pass()],
		['Move.secondTile', null, () => carc.Move.secondTile()],
		['Move.cropChoice', null, () => carc.Move.cropChoice('remove')],
		['Move.crop', null, () => carc.Move.crop(carc.CropChoice.DEPLOY)],
		['Move.remove', null, () => carc.Move.remove('follower', 0, 0, 'r1')],
		['Move.parse', null, () => carc.Move.parse('deploy follower c1 at 1,-2')],
		['Move#equals', move, () => move.equals(move)],
		['Move#toString', move, () => move.toString()],
		['Move#toJSON', move, () => move.toJSON()],

		['new RulesBuilder', null, () => new carc.RulesBuilder()],
		['Rules.builder', null, () => carc.Rules.builder()],
		['Rules.allExpansions', null, () => carc.Rules.allExpansions({ followers: 3 })],
		['new Rules', null, () => new carc.Rules({ tiles: { '*': 1 } })],
		['Rules#get', rules, () => rules.get('farm-scoring')],
		['Rules#options', rules, () => rules.options()],
		['Rules#tileCount', rules, () => rules.tileCount('D')],
		['Rules#defaultTileCount', rules, () => rules.defaultTileCount('CCI-1')],
		['Rules#tileCounts', rules, () => rules.tileCounts()],

		['new Game', null, () => new carc.Game({ players: 4, seed: 3 })],
		['new Game', null, () => new carc.Game(rules)],
		['Game.load', null, () => carc.Game.load(record)],
		['Game#clone', game, () => game.clone()],
		['Game#copy', game, () => game.copy()],
		['Game#copyFrom', other, () => other.copyFrom(game)],
		['Game#save', game, () => game.save()],
		['Game#toJcz', jczGame, () => jczGame.toJcz()],
		['Game.fromJcz', null, () => carc.Game.fromJcz(jczGame.toJcz())],
		['Game#rules', game, () => game.rules()],
		['Game#memorySize', game, () => game.memorySize()],
		['Game#legalMoveCount', game, () => game.legalMoveCount()],
		['Game#legalMoveValues', game, () => game.legalMoveValues()],
		['Game#legalMovesInto', game, () => game.legalMovesInto(new BigUint64Array(4096))],
		['Game#legalMoves', game, () => game.legalMoves()],
		['Game#isLegal', game, () => game.isLegal(move)],
		['Game#history', game, () => game.history()],
		['Game#drawOrder', game, () => game.drawOrder()],
		['Game#drawnCount', game, () => game.drawnCount()],
		['Game#discards', game, () => game.discards()],
		['Game#playerCount', game, () => game.playerCount()],
		['Game#phase', game, () => game.phase()],
		['Game#phaseName', game, () => game.phaseName()],
		['Game#isOver', game, () => game.isOver()],
		['Game#currentPlayer', game, () => game.currentPlayer()],
		['Game#currentTile', game, () => game.currentTile()],
		['Game#cropAction', game, () => game.cropAction()],
		['Game#turnPart', game, () => game.turnPart()],
		['Game#turnPart', tbOver, () => tbOver.turnPart()],
		['Game#score', game, () => game.score(1)],
		['Game#scores', game, () => game.scores()],
		['Game#supply', game, () => game.supply(0)],
		['Game#supply', game, () => game.supply(2, 'house')],
		['Game#supplies', game, () => game.supplies()],
		['Game#goods', game, () => game.goods(1, 'cloth')],
		['Game#goods', game, () => game.goods(0, carc.Goods.WINE)],
		['Game#allGoods', game, () => game.allGoods()],
		['Game#hash', game, () => game.hash()],
		['Game#remaining', game, () => game.remaining()],
		['Game#remaining', game, () => game.remaining('D')],
		['Game#remainingByTile', game, () => game.remainingByTile()],
		['Game#tiles', game, () => game.tiles()],
		['Game#tileAt', game, () => game.tileAt(0, 0)],
		['Game#tileAt', game, () => game.tileAt(1000, 1000)],
		['Game#figures', game, () => game.figures()],
		['Game#buildings', game, () => game.buildings()],
		['Game#bounds', game, () => game.bounds()],
		['Game#events', game, () => game.events()],
		['Game#events', tbOver, () => tbOver.events()],
		['Game#featureGet', game, () => game.featureGet(figure.x, figure.y, figure.feature, 4)],
		['Game#feature', game, () => game.feature(figure.x, figure.y, figure.feature)],
		['Game#feature', game, () => game.feature(event.x, event.y, event.feature)],
		['Game#featurePieces', game, () => game.featurePieces(figure.x, figure.y, figure.feature)],
		['Game#featureCities', game, () => game.featureCities(fieldTile.x, fieldTile.y, field)],
		['Game#featureIsComplete', game, () => game.featureIsComplete(building.x, building.y, figure.feature === 'monastery' ? 'monastery' : carc.featureName(carc.tileFeatures(game.tileAt(building.x, building.y).tile)[0]))],
		['Game#featureFigures', game, () => game.featureFigures(figure.x, figure.y, figure.feature, figure.player)],
		['Game#describeFeature', game, () => game.describeFeature(figure.x, figure.y, figure.feature)],
		['Game#explainMove', game, () => game.explainMove(game.legalMoves()[0])],
		['Game#explainRefusal', game, () => game.explainRefusal(carc.Move.place(500, 500, 0))],
		['Game#describeEvent', game, () => game.events().length ? game.describeEvent(0) : 'none'],
		['Game#renderSvg', game, () => game.renderSvg({ tileSize: 20, lastMove: true })],
		['Game#botMove', game, () => game.botMove({ kind: 'greedy', seed: 1 })],
		['Game#botMove', game, () => game.botMove({ kind: 'mcts', playouts: 20, stats: true })],
		['Game#playout', game, () => game.playout(5n, { keepOrder: true })],
		// the calls that change the game, on a copy, in an order that works
		['Game#apply', other, () => other.apply(other.legalMoves()[0])],
		['Game#undo', other, () => other.undo()],
		['Game#reset', other, () => other.reset(4)],
		['Game#setDrawOrder', other, () => other.setDrawOrder(other.drawOrder().reverse())],
		['Game#setNextTile', other, () => other.setNextTile(other.drawOrder()[other.drawnCount() + 1])],
		['Game#shuffleStack', other, () => other.shuffleStack(9)],
		['Game#setStackOrder', other, () => other.setStackOrder(other.drawOrder().slice(other.drawnCount()).reverse())],
		['Game#sortStack', other, () => other.sortStack()],
		['Game#drawCounts', other, () => other.drawCounts()],
	];
	// the learning interface, on copies of the game
	const learn = new carc.Learn({ rules, players: 3, window: 9 });
	const batch = [game.copy(), game.copy()];
	const actions = batch.map((g) => learn.legalActions(g)[0]);
	calls.push(
		['new Learn', null, () => new carc.Learn(rules)],
		['Learn#shape', learn, () => learn.shape()],
		['Learn#window', learn, () => learn.window(game)],
		['Learn#actionToMove', learn, () => learn.actionToMove(game, actions[0])],
		['Learn#moveToAction', learn, () => learn.moveToAction(game,
			learn.actionToMove(game, actions[1]))],
		['Learn#mask', learn, () => learn.mask(game)],
		['Learn#legalActions', learn, () => learn.legalActions(game)],
		['Learn#observe', learn, () => learn.observe(game)],
		['Learn#observe', learn, () => learn.observe(game, 2)],
		['Learn#observeBatch', learn, () => learn.observeBatch(batch)],
		['Learn#observeBatch', learn, () => learn.observeBatch(batch, { observations: false })],
		['Learn#stepBatch', learn, () => learn.stepBatch(batch, actions, { resetSeeds: [1n, 2n] })],
		['Learn#free', learn, () => learn.free()],
		['Learn#[Symbol.dispose]', learn, () => learn[Symbol.dispose]()],
	);
	// the freeing calls, last, on objects of their own
	const builder = new carc.RulesBuilder();
	const built = builder.set('phantom', true).setTileCount('*', 2).build();
	calls.push(
		['RulesBuilder#set', builder, () => builder.set('farmers', false)],
		['RulesBuilder#setTileCount', builder, () => builder.setTileCount('A', 3)],
		['RulesBuilder#build', builder, () => builder.build()],
		['RulesBuilder#free', builder, () => builder.free()],
		['RulesBuilder#[Symbol.dispose]', builder, () => builder[Symbol.dispose]()],
		['Rules#free', built, () => built.free()],
		['Rules#[Symbol.dispose]', built, () => built[Symbol.dispose]()],
		['Game#free', other, () => other.free()],
		['Game#[Symbol.dispose]', other, () => other[Symbol.dispose]()],
	);

	// what each call must return: the declared return types (any
	// overload's), and the instance type of a constructor
	const symbolOf = (cls) => exports.get(cls);
	const staticType = (s) => checker.getTypeOfSymbolAtLocation(s, s.valueDeclaration);
	const memberSymbol = (type, member) => checker.getPropertiesOfType(type).find((p) => {
		const d = p.declarations?.[0];
		const n = d?.name && ts.isComputedPropertyName(d.name)
			? `[${d.name.expression.getText()}]` : p.name;
		return n === member;
	});
	const returnTypes = (what) => {
		let m;
		if ((m = what.match(/^new (\w+)$/)))
			return staticType(symbolOf(m[1])).getConstructSignatures()
				.map((s) => s.getReturnType());
		let type;
		let member;
		if ((m = what.match(/^(\w+)\.(\w+)$/))) {
			type = staticType(symbolOf(m[1]));
			member = m[2];
		} else if ((m = what.match(/^(\w+)#(.+)$/))) {
			type = checker.getDeclaredTypeOfSymbol(symbolOf(m[1]));
			member = m[2];
		} else {
			return staticType(symbolOf(what)).getCallSignatures()
				.map((s) => s.getReturnType());
		}
		const p = memberSymbol(type, member);
		assert.ok(p, `${what} is not declared`);
		return checker.getTypeOfSymbolAtLocation(p, p.valueDeclaration)
			.getCallSignatures().map((s) => s.getReturnType());
	};

	const problems = [];
	for (const [what, self, call] of calls) {
		const types = returnTypes(what);
		assert.ok(types.length, `${what}: no signature`);
		let value = call();
		if (value instanceof Promise) {
			// the declared Promise<T>: check the T it resolves to
			value = await value;
			for (let i = 0; i < types.length; i++)
				if (types[i].getSymbol()?.name === 'Promise')
					types[i] = checker.getTypeArguments(types[i])[0];
		}
		const found = types.map((t) => mismatches(checker, value, t, what, self));
		if (found.every((f) => f.length))
			problems.push(...found.flat());
		// an object a call made: free it
		if (value instanceof carc.Game || value instanceof carc.Rules ||
		    value instanceof carc.RulesBuilder || value instanceof carc.Learn)
			if (value !== self && value !== game && value !== rules)
				value.free();
	}

	// every function, method and constructor of index.d.ts was called
	const called = new Set(calls.map((c) => c[0]));
	const declared = [];
	for (const [name, sym] of exports) {
		if (sym.flags & ts.SymbolFlags.Function)
			declared.push(name);
		if (!(sym.flags & ts.SymbolFlags.Class))
			continue;
		const statics = staticType(sym);
		if (statics.getConstructSignatures().length)
			declared.push(`new ${name}`);
		for (const [type, sep] of [[statics, '.'], [checker.getDeclaredTypeOfSymbol(sym), '#']])
			for (const p of checker.getPropertiesOfType(type)) {
				const d = p.declarations?.[0];
				if (!d || d.getSourceFile().fileName !== symbolOf(name).valueDeclaration
					.getSourceFile().fileName || !ts.isMethodDeclaration(d))
					continue;
				const n = ts.isComputedPropertyName(d.name)
					? `[${d.name.expression.getText()}]` : p.name;
				declared.push(`${name}${sep}${n}`);
			}
	}
	const missing = declared.filter((d) => !called.has(d));
	assert.deepEqual(missing, [], 'declared but not called by this test');
	assert.deepEqual(problems, []);
	for (const g of [game, ...batch])
		g.free();
	rules.free();
});
