// SPDX-License-Identifier: MIT
// A TypeScript program that uses every declaration of index.d.ts the way
// a user would, with the types a user would pass and assigning every
// result to a variable of the type the package documents, so that a
// missing, misspelt or wrongly typed declaration fails to type-check.
// tools/wasm/test-js-types.sh (meson test js-types) checks it with
// `tsc --strict` and checks that it leaves no declaration unused; the
// lines after each `@ts-expect-error TSnnnn` must fail with that error.
// It is never run.

import * as carc from 'carcassonne';
import {
	Game, Move, Rules, RulesBuilder, CarcassonneError, InvalidArgumentError,
	IllegalMoveError, RecordError, JczError, type PhaseName,
	type Api, type BoardFeature, type BotOptions, type BotStats, type Bounds,
	type Building, type Disposable, type FeatureLike, type FigureLike,
	type FigureOnBoard, type GameOptions, type LoadOptions, type MoveLike,
	type OptionInfo, type OptionValue, type Piece, type PlacedTile,
	type RenderOptions, type RulesOptions, type ScoringEvent, type Supply,
	type GoodsCounts, type GoodsKind,
	type TileLike, type U64,
	Learn, type LearnOptions, type LearnShape, type LearnLayout,
	type LearnDtype,
	type Observation, type BatchOptions, type StepBatchOptions,
	type ObserveBatchResult, type StepBatchResult,
} from 'carcassonne';

// -- loading --

const wasmBytes: Uint8Array = new Uint8Array(8);
const loadOptions: LoadOptions = {
	wasmBinary: wasmBytes,
	wasmUrl: new URL('https://example.org/carcassonne-wasm.wasm'),
	locateFile: (path: string, prefix: string): string => prefix + path,
};
const api: Api = await carc.load(loadOptions);
const api2: Api = await carc.init();
const loaded: boolean = carc.isLoaded();
const heap: number = carc.heapSize() + carc.heapTop();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const emscripten: any = carc._module();
const ver: string = carc.version();
const verNumber: number = carc.versionNumber();
const errorText: string = carc.strerror(carc.ErrorCode.WRONG_PHASE);
const searching: boolean = carc.hasSearch();
const apiGame: Game = new api.Game();
apiGame.free();
console.log(api2.version(), loaded, heap, emscripten, ver, verNumber,
	errorText, searching);

// -- constants: each has the literal type of its value --

const E = carc.ErrorCode;
const errorCodes: [0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12,
	-13, -14, -15, -16] = [E.OK, E.INVALID, E.NOMEM, E.WRONG_PHASE,
	E.NOT_ADJACENT, E.EDGE_MISMATCH, E.POSITION_TAKEN, E.FEATURE_OCCUPIED,
	E.NO_MEEPLE, E.UNKNOWN_TILE, E.GAME_OVER, E.NO_FEATURE, E.WRONG_TILE,
	E.NOT_ALLOWED, E.UNKNOWN_OPTION, E.NOT_FOUND, E.PARSE];
const P = carc.Phase;
const phases: [1, 2, 3, 4, 5, 6] = [P.PLACE_TILE, P.DEPLOY, P.PHANTOM,
	P.CROP_CHOICE, P.CROP_RESPONSE, P.GAME_OVER];
const K = carc.MoveKind;
const moveKinds: [1, 2, 3, 4, 5] = [K.PLACE, K.DEPLOY, K.PASS,
	K.CROP_CHOICE, K.REMOVE];
const F = carc.Figure;
const figureKinds: [1, 2, 3, 4, 5] = [F.FOLLOWER, F.PHANTOM, F.TOWER,
	F.HOUSE, F.SHED];
const FK = carc.FeatureKind;
const featureKinds: [1, 2, 3, 4] = [FK.CITY, FK.ROAD, FK.FIELD,
	FK.MONASTERY];
const cropChoices: [1, 2] = [carc.CropChoice.DEPLOY, carc.CropChoice.REMOVE];
const botKinds: [1, 2, 3] = [carc.BotKind.RANDOM, carc.BotKind.GREEDY,
	carc.BotKind.MCTS];
const S = carc.CropSymbol;
const symbols: [0, 1, 2, 3] = [S.NONE, S.PITCHFORK, S.CLUB, S.SHIELD];
const edges: [1, 2, 3] = [carc.Edge.CITY, carc.Edge.ROAD, carc.Edge.FIELD];
const eventTypes: [1, 2, 3] = [carc.EventType.COMPLETED,
	carc.EventType.FINAL, carc.EventType.FARM];
const optionTypes: [0, 1, 2] = [carc.OptionType.NUMBER,
	carc.OptionType.SWITCH, carc.OptionType.CHOICE];
const R = carc.RenderFlag;
const renderFlags: [1, 2, 4, 8, 16, 32] = [R.NO_LEGEND, R.NO_SCORES,
	R.NO_LABELS, R.LAST_MOVE, R.PLACEMENTS, R.FEATURE];
const sizes: [87, 1000, 64] = [carc.TILE_TYPES, carc.TILE_UNITS,
	carc.SHAPE_MAX_POINTS];
const farmScoring: number | undefined = carc.OPTIONS['farm-scoring'];
const perCity: number | undefined =
	carc.OPTION_VALUES['farm-scoring']?.['per-city'];
const info: OptionInfo | undefined = carc.OPTION_INFO[0];
if (info !== undefined) {
	const kind: 'number' | 'switch' | 'choice' = info.type;
	const values: Readonly<Record<string, number>> | null = info.values;
	const range: number[] = [info.number, info.min, info.max, info.default];
	const name: string = info.name;
	console.log(kind, values, range, name);
}
const tileNames: readonly string[] = carc.TILE_NAMES;
console.log(errorCodes, phases, moveKinds, figureKinds, featureKinds,
	cropChoices, botKinds, symbols, edges, eventTypes, optionTypes,
	renderFlags, sizes, farmScoring, perCity, tileNames);

// -- names and tiles --

const tileLike: TileLike = 'D';
const featureLike: FeatureLike = 'r1';
const figureLike: FigureLike = 'follower';
const names: string[] = [
	carc.tileName(3), carc.featureName(1), carc.featureKindName(FK.ROAD),
	carc.figureName(F.PHANTOM), carc.phaseName(P.DEPLOY),
	carc.optionName(1), carc.describe('pass'),
];
const numbers: number[] = [
	carc.tileFromName('D'), carc.featureFromName('c1'),
	carc.featureKindFromName('city'), carc.figureFromName('tower'),
	carc.phaseFromName('deploy'), carc.optionFromName('farm-scoring'),
	carc.optionValueFromName('farm-scoring', 'per-city'),
	carc.optionValueFromName(1, 'off'),
];
const valueName: string | null = carc.optionValueName('farm-scoring', 1);
const edge: number = carc.tileEdge(tileLike, 1, 2);
const features: number[] = carc.tileFeatures(3);
const sides: number = carc.tileFeatureSides('D', 0, featureLike);
const pennants: number = carc.tileFeaturePennants('C', 'c1');
const fieldCities: number = carc.tileFieldCities('E', 2);
// an inn on a road of Inns & Cathedrals: FeatureFlag bits
const innFlags: number = carc.tileFeatureFlags('IC-15', 'r1') & carc.FeatureFlag.INN;
// the goods symbol of a city of Traders & Builders: a Goods value
const goodsSymbol: number = carc.tileFeatureGoods('TB-3', 'c1') + carc.Goods.CLOTH;
const symbol: number = carc.tileSymbol('CCI-1');
const point = carc.tileFeaturePoint('D', 1, 'r1');
const pointXY: number[] = [point.x, point.y];
const shape: Array<[number, number]> = carc.tileFeatureShape('D', 0, 'c1');
const area = carc.tileSymbolArea('CCI-1', 0);
if (area !== null) {
	const circle: number[] = [area.x, area.y, area.radius];
	console.log(circle);
}
console.log(names, numbers, valueName, edge, features, sides, pennants,
	fieldCities, innFlags, symbol, pointXY, shape, figureLike);

// -- moves --

const u64: U64 = 0x100000003n;
const fromValue: Move = new Move(u64);
const placed: Move = Move.place(1, -2, 3);
const deployed: Move = Move.deploy(figureLike, 1, -2, featureLike);
const built: Move = Move.build('tower', 0, 0);
const passed: Move = Move.pass();
const secondTile: Move = Move.secondTile();
const choice: Move = Move.cropChoice('deploy');
const choice2: Move = Move.crop(carc.CropChoice.REMOVE);
const removed: Move = Move.remove(F.FOLLOWER, 0, 1, 'c1');
const parsed: Move = Move.parse('place 1,-2 r3');
const value: bigint = parsed.value;
const fields: number[] = [parsed.kind, parsed.figure, parsed.rotation,
	parsed.feature, parsed.x, parsed.y, choice.choice];
const same: boolean = placed.equals(parsed);
const words: string = deployed.toString();
const json: string = built.toJSON();
const moveLikes: MoveLike[] = [placed, 3n, 3, 'pass'];
console.log(fromValue, passed, choice2, removed, value, fields, same, words,
	json, moveLikes);

// -- rules --

const optionValue: OptionValue = 'per-city';
const rulesOptions: RulesOptions = {
	phantom: true, 'farm-scoring': optionValue, crop_circles: 1,
	tiles: { '*': 0, D: 5 },
};
const rules: Rules = new Rules(rulesOptions);
const builder: RulesBuilder = Rules.builder();
const builder2: RulesBuilder = new RulesBuilder()
	.set('phantom', true).set(carc.optionFromName('farm-scoring'), 1)
	.setTileCount('*', 1).setTileCount('D', 4);
const builtRules: Rules = builder2.build();
const option: number = rules.get('farm-scoring') + rules.get(1);
const options: Record<string, number> = rules.options();
const count: number = rules.tileCount('D') + rules.defaultTileCount(3);
const counts: Record<string, number> = rules.tileCounts();
const rulesFreed: boolean = rules.freed || builder2.freed;
rules[Symbol.dispose]();
builder.free();
builder2[Symbol.dispose]();
builtRules.free();
console.log(option, options, count, counts, rulesFreed);

// -- games --

const gameOptions: GameOptions = { rules, players: 3, seed: 7n };
const game: Game = new Game(gameOptions);
const game2: Game = new Game(rules);
const loadedGame: Game = Game.load(new Uint8Array(0));
const recorded: Game = Game.load(game.save());
const fromJcz: Game = Game.fromJcz(game.toJcz());
const fromJczBytes: Game = Game.fromJcz(new Uint8Array(0));
const clone: Game = game.clone().copyFrom(game2);
const copy: Game = game.copy().reset(5).reset();
const rulesOfGame: Rules = game.rules();
const memory: number = game.memorySize();
const legalCount: number = game.legalMoveCount();
const legalValues: BigUint64Array = game.legalMoveValues();
const legalInto: number = game.legalMovesInto(new BigUint64Array(64));
const legal: Move[] = game.legalMoves();
const isLegal: boolean = game.isLegal('pass');
const applied: Game = game.apply(legal[0] ?? Move.pass());
const undone: boolean = game.undo();
const history: Move[] = game.history();
game.setNextTile('D');
game.shuffleStack(11);
game.sortStack();
const drawCounts: Record<string, number> = game.drawCounts();
game.setDrawOrder(['D', 3]);
game.setStackOrder([3, 'E']);
const order: string[] = game.drawOrder();
const drawn: number = game.drawnCount();
const discards: string[] = game.discards();
const players: number = game.playerCount();
const phase: number = game.phase();
const phaseWord: PhaseName = game.phaseName();
const phaseWords: PhaseName[] = [carc.phaseName(P.GAME_OVER), 'crop-choice'];
const over: boolean = game.isOver();
const current: number = game.currentPlayer();
const tileInHand: string | null = game.currentTile();
const cropAction: number = game.cropAction();
const turnPart: number | null = game.turnPart();
const turnParts: [0, 1, 2] = [carc.TurnPart.FIRST, carc.TurnPart.FIRST_BUILDER,
	carc.TurnPart.SECOND];
const score: number = game.score(0);
const scores: number[] = game.scores();
const supply: number = game.supply(0) + game.supply(1, 'phantom');
const supplies: Supply[] = game.supplies();
const cloth: GoodsKind = 'cloth';
const goods: number = game.goods(0, 'wine') + game.goods(1, carc.Goods.GRAIN) +
	game.goods(0, cloth);
const allGoods: GoodsCounts[] = game.allGoods();
for (const g of allGoods)
	console.log(g.wine + g.grain + g.cloth, goods, goodsSymbol, secondTile);
const hash: bigint = game.hash();
const remaining: number = game.remaining() + game.remaining('D');
const byTile: Record<string, number> = game.remainingByTile();
const tiles: PlacedTile[] = game.tiles();
const at = game.tileAt(0, 0);
const figures: FigureOnBoard[] = game.figures();
const buildings: Building[] = game.buildings();
const bounds: Bounds = game.bounds();
const events: ScoringEvent[] = game.events();
console.log(clone, copy, rulesOfGame, memory, legalCount, legalValues,
	legalInto, isLegal, applied, undone, history, order, drawn, discards,
	players, phase, phaseWord, over, current, tileInHand, cropAction,
	turnPart, turnParts, score,
	scores, supply, hash, remaining, byTile, recorded, loadedGame,
	fromJcz, fromJczBytes, phaseWords);

for (const s of supplies)
	console.log(s.follower + s.phantom + s.tower + s.house + s.shed);
for (const t of tiles) {
	const tileWord: string = t.tile;
	console.log(t.x + t.y + t.rotation, tileWord);
}
if (at !== null) {
	const placedAt: PlacedTile = at;
	const index: number = at.index;
	console.log(placedAt, index);
}
for (const f of figures) {
	const where: string = f.feature;
	console.log(f.player, f.figure, f.x + f.y, where);
}
for (const b of buildings)
	console.log(b.x + b.y, b.figure);
console.log(bounds.minX + bounds.minY + bounds.maxX + bounds.maxY);
for (const e of events) {
	const type: 'completed' | 'final' | 'farm' | 'goods' = e.type;
	const kind: 'city' | 'road' | 'field' | 'monastery' | null = e.featureKind;
	const perPlayer: number[][] = [e.points, e.figures, e.buildingPoints,
		e.tokens];
	const phantom: boolean[] = e.phantom;
	const sums: number = e.x + e.y + e.tiles + e.pennants + e.cities +
		e.scorers + e.wine + e.grain + e.cloth + e.goodsKind;
	const feature: string | null = e.feature;
	console.log(type, kind, perPlayer, phantom, sums, feature);
}

// -- board features --

const attr: number = game.featureGet(0, 0, 'c1', 1);
const boardFeature: BoardFeature = game.feature(0, 0, 'r1');
const featureKind: 'city' | 'road' | 'field' | 'monastery' = boardFeature.kind;
const featureNumbers: number[] = [boardFeature.id, boardFeature.pieces,
	boardFeature.tiles, boardFeature.open, boardFeature.pennants,
	boardFeature.cities, boardFeature.scorers, boardFeature.value,
	boardFeature.buildingValue, boardFeature.farmScorers,
	boardFeature.flags, boardFeature.wine, boardFeature.grain,
	boardFeature.cloth];
const expansionFigures: number[][] = [boardFeature.largeFollowers,
	boardFeature.builders, boardFeature.pigs];
const complete: boolean = boardFeature.complete;
const featurePlayers: number[][] = [boardFeature.points,
	boardFeature.followers, boardFeature.buildingPoints];
const phantoms: boolean[] = boardFeature.phantoms;
const pieces: Piece[] = game.featurePieces(0, 0, 'r1');
const cities: Piece[] = game.featureCities(0, 0, 2);
const isComplete: boolean = game.featureIsComplete(0, 0, 'c1');
const onFeature: number = game.featureFigures(0, 0, 'c1', 0);
for (const p of pieces) {
	const pieceFeature: string = p.feature;
	console.log(p.x + p.y, pieceFeature);
}
console.log(attr, featureKind, featureNumbers, complete, featurePlayers,
	phantoms, cities, isComplete, onFeature, expansionFigures);

// -- words --

const sentences: string[] = [game.describeFeature(0, 0, 'c1'),
	game.explainMove(carc.Move.pass()), game.explainMove(0x103n),
	game.explainRefusal(carc.Move.pass()), game.explainRefusal('pass'),
	carc.tileDescribeFeature('D', 0, 'r1')];
if (game.events().length > 0)
	sentences.push(game.describeEvent(0));
console.log(sentences);

// -- what options take --

const explained: string[] = [carc.optionExplain('crop_circles_1'),
	carc.optionExplain('followers', 99), carc.optionExplain('phantom', null)];
const isExpansion: boolean = carc.optionIsExpansion('phantom');
const colour = carc.renderDefaultColour(4);
const colourText: string = `${colour.name} ${colour.rgb}`;
const playerRange: [2, 6] = [carc.MIN_PLAYERS, carc.MAX_PLAYERS];
const everything: Rules = Rules.allExpansions({ followers: 8 });
console.log(explained, isExpansion, playerRange, everything.get('phantom'), colourText);
everything.free();

// -- the picture --

const renderOptions: RenderOptions = {
	tileSize: 64, noLegend: true, noScores: false, noLabels: true,
	lastMove: true, placements: true,
	feature: { x: 0, y: 0, feature: 'c1' },
	colours: ['#ff0000', 0x00ff00, null, 0], flags: R.NO_LEGEND,
};
const svg: string = game.renderSvg(renderOptions) + game.renderSvg();

// -- the bots --

const botOptions: BotOptions = {
	kind: 'mcts', playouts: 100, timeMs: 0, threads: 1, exploration: 600,
	seed: 1, raveBias: 100, reward: 1, probing: 5,
	depth: 8,
};
const botMove: Move = game.botMove(botOptions);
const quietBotMove: Move = game.botMove({ ...botOptions, stats: false });
const withStats = game.botMove({ kind: carc.BotKind.GREEDY, stats: true });
const statsMove: Move = withStats.move;
const stats: BotStats = withStats.stats;
const statNumbers: number[] = [stats.threads, stats.playouts,
	stats.elapsedUs, stats.moves, stats.nodes, stats.visits, stats.value,
	stats.reward];
const playout: number[] = game.playout(3n, { keepOrder: true });
console.log(svg, botMove, quietBotMove, statsMove, statNumbers,
	playout, game.playout());

// -- the learning interface --

const windows: [25, 3, 101] = [carc.LEARN_WINDOW_DEFAULT,
	carc.LEARN_WINDOW_MIN, carc.LEARN_WINDOW_MAX];
const LP = carc.LearnPlane;
const learnPlanes: [0, 1, 2, 3, 15, 16, 17, 20, 21, 22, 23, 24, 28, 31, 32,
	33] = [LP.TILE, LP.LAST, LP.START, LP.EDGES, LP.MONASTERY, LP.PENNANTS,
	LP.SYMBOL, LP.CITY_DONE, LP.ROAD_DONE, LP.MONASTERY_DONE, LP.OPEN,
	LP.FITS, LP.BUILDINGS, LP.TILE_TYPE, LP.ROTATION, LP.PLAYERS];
const PPL = carc.LearnPlayerPlane;
const playerPlanes: [0, 1, 2, 3, 4, 5, 6] = [PPL.FOLLOWERS, PPL.PHANTOM,
	PPL.CITY, PPL.ROAD, PPL.FIELD, PPL.MONASTERY, PPL.PLANES_PER_PLAYER];
const V = carc.LearnVec;
const vecEntries: [6, 0, 6, 12, 18, 24, 30, 36, 42, 48, 54, 90, 94, 130,
	131, 133, 136, 137, 138, 139, 140, 141, 142, 143, 144, 160] = [V.SEATS,
	V.SCORES, V.FOLLOWERS, V.PHANTOMS, V.TOWERS, V.HOUSES, V.SHEDS,
	V.PRESENT, V.TO_MOVE, V.PHASE, V.TILE, V.ROTATION, V.REMAINING,
	V.REMAINING_TOTAL, V.CROP_ACTION, V.CROP_SYMBOL, V.TILES_PLACED,
	V.DISCARDS, V.WINDOW_X, V.WINDOW_Y, V.BOARD_WIDTH, V.BOARD_HEIGHT,
	V.LAST_COL, V.LAST_ROW, V.RULES, V.LENGTH];
// observation layout 2 (The River, Inns & Cathedrals, Traders & Builders)
const vecExt: [160, 160, 166, 172, 178, 196, 198, 249, 300, 316, 318] = [
	V.EXT, V.LARGE_FOLLOWERS, V.BUILDERS, V.PIGS, V.GOODS, V.PHASE_EXT,
	V.TILE_EXT, V.REMAINING_EXT, V.RULES_EXT, V.TURN_PART, V.LENGTH_MAX];
const XP = carc.LearnExtPlane;
const extPlanes: [0, 1, 2, 5, 9] = [XP.INN, XP.CATHEDRAL, XP.GOODS,
	XP.RIVER, XP.PLAYERS];
const XPP = carc.LearnExtPlayerPlane;
const extPlayerPlanes: [0, 1, 2, 3] = [XPP.LARGE_FOLLOWER, XPP.BUILDER,
	XPP.PIG, XPP.PER_PLAYER];
const layoutVersion: 2 = carc.LEARN_LAYOUT_VERSION;
const learnOptions: LearnOptions = { rules, players: 3, window: 9 };
const learn: Learn = new Learn(learnOptions);
const learn2: Learn = new Learn(rules);
const learnShape: LearnShape = learn.shape();
const dtypes: LearnDtype[] = [learnShape.maskDtype, learnShape.planeDtype,
	learnShape.vectorDtype, learnShape.rewardDtype];
const shapeNumbers: number[] = [learnShape.players, learnShape.window,
	learnShape.nActions, learnShape.nPlanes, learnShape.vectorLength,
	learnShape.featuresPerTile, learnShape.placeFirst, learnShape.placeCount,
	learnShape.followerFirst, learnShape.followerCount,
	learnShape.phantomFirst, learnShape.phantomCount, learnShape.buildFirst,
	learnShape.buildCount, learnShape.passFirst, learnShape.passCount,
	learnShape.cropChoiceFirst, learnShape.cropChoiceCount,
	learnShape.cropResponseFirst, learnShape.cropResponseCount,
	learnShape.fallbackFirst, learnShape.fallbackCount];
const learnLayout: LearnLayout = learn.shape();
const layoutNumbers: number[] = [learnLayout.layoutVersion,
	learnLayout.extPlaneFirst, learnLayout.extPlaneCount,
	learnLayout.largeFollowerFirst, learnLayout.largeFollowerCount,
	learnLayout.builderFirst, learnLayout.builderCount,
	learnLayout.pigFirst, learnLayout.pigCount,
	learnLayout.secondTileFirst, learnLayout.secondTileCount];
const corner = learn.window(game);
const cornerXY: [number, number] = [corner.x, corner.y];
const mask: Uint8Array = learn.mask(game, new Uint8Array(learnShape.nActions));
const actions: number[] = learn.legalActions(game);
const actionMove: Move = learn.actionToMove(game, actions[0] ?? 0);
const action: number = learn.moveToAction(game, actionMove) +
	learn.moveToAction(game, 'pass');
const observation: Observation = learn.observe(game);
const planes: Uint8Array = learn.observe(game, null).planes;
const vector: Int32Array = learn.observe(game, 1,
	{ vector: new Int32Array(V.LENGTH) }).vector;
const stepOptions: StepBatchOptions = { resetSeeds: [1n, 2], observations: false };
const stepped: StepBatchResult = learn.stepBatch([game, game2], [0, 1],
	stepOptions);
const steppedAgain: StepBatchResult = learn.stepBatch([game],
	new Uint32Array(1), { resetSeeds: new BigUint64Array(1) });
const stepArrays: [number, Int32Array, Uint8Array, Int32Array] = [
	stepped.ended, stepped.rewards, stepped.done, stepped.finalScores];
const batchOptions: BatchOptions = { observations: true };
const observed: ObserveBatchResult = learn.observeBatch([game], batchOptions);
const batchArrays: [Uint32Array, Uint8Array, Uint8Array | null,
	Int32Array | null] = [observed.toMove, observed.masks, observed.planes,
	observed.vectors];
console.log(windows, learnPlanes, playerPlanes, vecEntries, vecExt,
	extPlanes, extPlayerPlanes, layoutVersion, dtypes, shapeNumbers,
	layoutNumbers, cornerXY, mask, action, observation.planes,
	observation.vector, planes, vector, steppedAgain, stepArrays,
	batchArrays, learn.observeBatch([game2]), learn2.freed);
learn2.free();
learn2[Symbol.dispose]();

// -- errors --

try {
	game.apply('pass');
} catch (e: unknown) {
	if (e instanceof IllegalMoveError) {
		const bad: Move = e.move;
		const refusal: string = e.reason;
		console.log(bad, refusal);
	} else if (e instanceof JczError) {
		const jczReason: string = e.reason;
		console.log(jczReason, e.line, e.column);
	} else if (e instanceof RecordError) {
		const where: number[] = [e.line, e.column];
		const reason: string = e.reason;
		console.log(where, reason);
	} else if (e instanceof InvalidArgumentError) {
		const code: number = e.code;
		console.log(code);
	} else if (e instanceof CarcassonneError) {
		const message: string = e.message;
		console.log(message);
	}
}
const errors: CarcassonneError[] = [
	new CarcassonneError(E.GAME_OVER), new CarcassonneError(E.NOMEM, 'apply'),
	new InvalidArgumentError(), new InvalidArgumentError('seed'),
	new IllegalMoveError(E.WRONG_PHASE, Move.pass()),
	new IllegalMoveError(E.NOT_ALLOWED, Move.pass(), 'not allowed'),
	new RecordError(E.PARSE, 3, 1, 'not a move'),
	new JczError(E.PARSE, 1, 9, 'expected a value'),
];
console.log(errors);

// -- freeing --

const gameFreed: boolean = game.freed;
game[Symbol.dispose]();
console.log(gameFreed);
const disposables: Disposable[] = [rules, game, game2, builder, learn];
for (const d of disposables) {
	const wasFreed: boolean = d.freed;
	d.free();
	d[Symbol.dispose]();
	console.log(wasFreed);
}

// -- what must not type-check --

// @ts-expect-error TS2345 a player is a number
game.score('0');
// @ts-expect-error TS2554 score() needs its player
game.score();
// @ts-expect-error TS2322 score() returns a number
const notAString: string = game.score(0);
// @ts-expect-error TS2540 a move's value is read only
parsed.value = 3n;
// @ts-expect-error TS2339 there is no such method
game.redo();
// @ts-expect-error TS2739 without `stats: true` botMove() returns a Move
const notStats: { move: Move; stats: BotStats } = game.botMove({});
// @ts-expect-error TS2322 the literal types of the constants
const notOk: 1 = carc.ErrorCode.OK;
// @ts-expect-error TS2322 tileSize is a number
const badRender: RenderOptions = { tileSize: '64' };
// @ts-expect-error TS2345 an IllegalMoveError holds a Move, not words
const badError = new IllegalMoveError(E.WRONG_PHASE, 'pass');
// @ts-expect-error TS2322 a batch's planes may be null (observations: false)
const notNull: Uint8Array = learn.observeBatch([game]).planes;
// @ts-expect-error TS2345 an action is a number
learn.actionToMove(game, 'pass');
// @ts-expect-error TS2322 a phase's name is one of the six
const notPhase: PhaseName = 'place';
console.log(notAString, notStats, notPhase, notOk, badRender, badError, notNull);
