// SPDX-License-Identifier: MIT
// TypeScript types of carcassonne.mjs, the JavaScript package of
// libcarcassonne (doc/bindings/wasm.md).  They type-check with TypeScript 4.8
// and later (strict, module nodenext): tools/wasm/test-js-types.sh checks them
// against the module and bindings/js/test/types.ts.
//
// The types of the header's tables are not written here: the constants
// with their values, the names of enum members (PhaseName ...) and the
// objects made of structs (LearnShape, BotStats) are declared in
// carcassonne-abi.d.mts, which the build generates from the public
// headers beside carcassonne-abi.mjs (tools/gen-bindings.py); this file
// re-exports what the package exports.  The rest is written by hand.

import type {
	BotKindName, BotStats, EventTypeName, FeatureKindName, FigureName,
	LearnDtypeName, LearnLayout, LearnShape, PhaseName,
} from './carcassonne-abi.mjs';

export {
	ErrorCode, Phase, MoveKind, Figure, FeatureKind, BotKind, CropChoice,
	CropSymbol, Edge, EventType, FeatureFlag, Goods, OptionType, RenderFlag,
	TurnPart, TILE_TYPES, TILE_UNITS, SHAPE_MAX_POINTS, LEARN_WINDOW_DEFAULT,
	LEARN_WINDOW_MIN, LEARN_WINDOW_MAX, LearnPlane, LearnPlayerPlane,
	LearnVec, LearnExtPlane, LearnExtPlayerPlane, LEARN_LAYOUT_VERSION,
} from './carcassonne-abi.mjs';
export type {
	PhaseName, BotStats, LearnShape, LearnLayout,
} from './carcassonne-abi.mjs';

declare global {
	interface SymbolConstructor {
		/** The well-known symbol of explicit resource management
		 *  (`using`), which the package's classes implement.  TypeScript
		 *  5.2's lib (esnext.disposable) declares the same property; the
		 *  two declarations merge, so this one only matters for older
		 *  TypeScript. */
		readonly dispose: unique symbol;
	}
}

/** Options of load(). */
export interface LoadOptions {
	/** The bytes of carcassonne-wasm.wasm. */
	wasmBinary?: ArrayBuffer | Uint8Array;
	/** Where to fetch carcassonne-wasm.wasm (default: beside the module). */
	wasmUrl?: string | URL;
	/** emscripten's hook: the URL of a file the module needs. */
	locateFile?: (path: string, prefix: string) => string;
}

/** The package's exports, which load() resolves to. */
export type Api = typeof import('./index.js');

/** Instantiate the WebAssembly module (once; later calls return the same
 *  promise).  Every other call needs it to have finished. */
export function load(options?: LoadOptions): Promise<Api>;
/** The same as load(). */
export function init(options?: LoadOptions): Promise<Api>;
/** Whether load() has finished. */
export function isLoaded(): boolean;
/** Bytes of the WebAssembly memory (it only grows). */
export function heapSize(): number;
/** The top of the malloc heap, sbrk(0): for leak checks. */
export function heapTop(): number;
/** The emscripten module itself (unchecked C functions, HEAPU8 …). */
export function _module(): any;

export function version(): string;
export function versionNumber(): number;
export function strerror(code: number): string;

/** Whether this build has the bots of search.h (botMove(), playout()). */
export function hasSearch(): boolean;

/** Record names of the rule options -> numbers (filled by load()). */
export declare const OPTIONS: Readonly<Record<string, number>>;
/** Named values of each choice option (filled by load()). */
export declare const OPTION_VALUES: Readonly<Record<string, Readonly<Record<string, number>>>>;
export interface OptionInfo {
	readonly number: number;
	readonly name: string;
	readonly type: 'number' | 'switch' | 'choice';
	readonly min: number;
	readonly max: number;
	readonly default: number;
	/** Value names of a switch or choice; null for a number. */
	readonly values: Readonly<Record<string, number>> | null;
}
export declare const OPTION_INFO: readonly OptionInfo[];
/** Tile names by tile type number (filled by load()). */
export declare const TILE_NAMES: readonly string[];

/** A tile type: its name ('A' … 'X', 'CCI-1' …) or number. */
export type TileLike = string | number;
/** A feature id of a tile: its name ('c1', 'r2', 'f3', 'monastery') or id. */
export type FeatureLike = string | number;
/** A figure kind: its name ('follower', 'phantom', 'tower', 'house',
 *  'shed') or Figure value. */
export type FigureLike = string | number;
/** A move: a Move, its 64-bit value, or its words ('place 1,-2 r3'). */
export type MoveLike = Move | bigint | number | string;
/** A 64-bit unsigned value: a BigInt or a safe non-negative integer. */
export type U64 = bigint | number;

export class CarcassonneError extends Error {
	/** The negative CARC_E_* status (ErrorCode). */
	readonly code: number;
	constructor(code: number, detail?: string);
}
/** An argument the library refused (code INVALID, UNKNOWN_TILE,
 *  NO_FEATURE, UNKNOWN_OPTION or NOT_FOUND, as in Python), or a freed
 *  object (INVALID). */
export class InvalidArgumentError extends CarcassonneError {
	/** code: the status, INVALID by default. */
	constructor(detail?: string, code?: number);
}
/** apply() of a move that is not legal now. */
export class IllegalMoveError extends CarcassonneError {
	/** code: the library's status for the move; reason: the refusal in
	 *  words (Game#explainRefusal()), '' when not known. */
	constructor(code: number, move: Move, reason?: string);
	readonly move: Move;
	/** The refusal in words: the error, then the rule or option that
	 *  forbids the move; '' when not known. */
	readonly reason: string;
}
/** Game.load() of a record that does not load. */
export class RecordError extends CarcassonneError {
	constructor(code: number, line: number, column: number, reason: string);
	/** 1-based line of the problem. */
	readonly line: number;
	/** 1-based byte column of the offending word, 0 for none. */
	readonly column: number;
	/** The loader's message. */
	readonly reason: string;
}
/** Game.fromJcz() of a JCloisterZone saved game that does not load: the
 *  line of the JSON text, the column of a JSON syntax error (else 0), and
 *  a reason that names a replay entry at fault ("replay[12] …"). */
export class JczError extends RecordError {
	constructor(code: number, line: number, column: number, reason: string);
}

export function tileName(tile: number): string;
export function tileFromName(name: string): number;
export function featureName(feature: number): string;
export function featureFromName(name: string): number;
export function featureKindName(kind: number): string;
export function featureKindFromName(name: string): number;
export function figureName(figure: number): string;
export function figureFromName(name: string): number;
export function phaseName(phase: number): PhaseName;
export function phaseFromName(name: string): number;
export function optionName(option: number): string;
export function optionFromName(name: string): number;
export function optionValueName(option: string | number, value: number): string | null;
export function optionValueFromName(option: string | number, name: string): number;
/** What an option takes, in the library's words: close names of an
 *  unknown one, the range or words of a refused value. */
export function optionExplain(name: string, value?: string | number | null): string;
/** Whether an option switches an expansion on. */
export function optionIsExpansion(option: string | number): boolean;
/** The colour the picture gives a seat (0 to 5) by default, and its
 *  name: { rgb: '#56b4e9', name: 'sky blue' } for seat 4. */
export function renderDefaultColour(seat: number): { rgb: string; name: string };
/** The player counts a game takes: 2 to 6. */
export declare const MIN_PLAYERS: 2;
export declare const MAX_PLAYERS: 6;
export function describe(move: MoveLike): string;

export function tileEdge(tile: TileLike, rotation: number, side: number): number;
export function tileFeatures(tile: TileLike): number[];
export function tileFeatureSides(tile: TileLike, rotation: number, feature: FeatureLike): number;
export function tileFeaturePennants(tile: TileLike, feature: FeatureLike): number;
/** A feature of a tile type turned by `rotation`, in English
 *  (carc_tile_describe_feature()). */
export function tileDescribeFeature(tile: TileLike, rotation: number, feature: FeatureLike): string;
export function tileFieldCities(tile: TileLike, feature: FeatureLike): number;
/** What a feature of a tile type carries (FeatureFlag bits: an inn, a
 *  cathedral; carc_tile_feature_flags()). */
export function tileFeatureFlags(tile: TileLike, feature: FeatureLike): number;
/** The goods symbol (Traders & Builders) on a city of a tile type: a
 *  Goods value, Goods.NONE for other cities and features
 *  (carc_tile_feature_goods()). */
export function tileFeatureGoods(tile: TileLike, feature: FeatureLike): number;
export function tileSymbol(tile: TileLike): number;
export function tileFeaturePoint(tile: TileLike, rotation: number, feature: FeatureLike): { x: number; y: number };
export function tileFeatureShape(tile: TileLike, rotation: number, feature: FeatureLike): Array<[number, number]>;
export function tileSymbolArea(tile: TileLike, rotation: number): { x: number; y: number; radius: number } | null;

/** A move: an immutable 64-bit value (doc/api/moves.md). */
export class Move {
	constructor(value: U64);
	/** The 64-bit value. */
	readonly value: bigint;
	readonly kind: number;
	readonly figure: number;
	readonly rotation: number;
	readonly feature: number;
	readonly x: number;
	readonly y: number;
	static place(x: number, y: number, rotation: number): Move;
	static deploy(figure: FigureLike, x: number, y: number, feature: FeatureLike): Move;
	static build(figure: FigureLike, x: number, y: number): Move;
	static pass(): Move;
	/** Traders & Builders: take the builder's second tile
	 *  (Phase.SECOND_TILE). */
	static secondTile(): Move;
	static cropChoice(choice: 'deploy' | 'remove' | number): Move;
	/** The same as cropChoice(). */
	static crop(choice: 'deploy' | 'remove' | number): Move;
	/** The CropChoice of a crop-circle choice, else 0. */
	readonly choice: number;
	static remove(figure: FigureLike, x: number, y: number, feature: FeatureLike): Move;
	/** The move the words name (strict: lower case, single spaces). */
	static parse(text: string): Move;
	equals(other: unknown): boolean;
	/** The record's words, e.g. 'deploy follower c1 at 1,-2'. */
	toString(): string;
	toJSON(): string;
}

/** An option value: a number, a boolean (switches) or a record word. */
export type OptionValue = number | boolean | string;
/** Options of new Rules(): record names ('farm-scoring'), with '_' or
 *  camelCase also accepted, and `tiles`: tile name -> stack count ('*'
 *  sets every type first). */
export type RulesOptions = { [option: string]: OptionValue | Record<string, number> | undefined } & {
	tiles?: Record<string, number>;
};

/** What RulesBuilder, Rules, Game and Learn have in common: they hold memory
 *  in the WebAssembly heap until free() (or `using`, Symbol.dispose). */
export interface Disposable {
	/** Whether free() has run. */
	readonly freed: boolean;
	/** Release the library object now; again does nothing. */
	free(): void;
	[Symbol.dispose](): void;
}

export class RulesBuilder implements Disposable {
	constructor();
	readonly freed: boolean;
	set(option: string | number, value: OptionValue): this;
	setTileCount(tile: TileLike | '*', count: number): this;
	build(): Rules;
	free(): void;
	[Symbol.dispose](): void;
}

export class Rules implements Disposable {
	constructor(options?: RulesOptions);
	static builder(): RulesBuilder;
	/** Every expansion of the library switched on, then `options`. */
	static allExpansions(options?: RulesOptions): Rules;
	readonly freed: boolean;
	get(option: string | number): number;
	options(): Record<string, number>;
	tileCount(tile: TileLike): number;
	defaultTileCount(tile: TileLike): number;
	tileCounts(): Record<string, number>;
	free(): void;
	[Symbol.dispose](): void;
}

export interface GameOptions {
	/** Default: new Rules(). */
	rules?: Rules;
	/** 2 to 6, default 2. */
	players?: number;
	/** The shuffle seed, default 0. */
	seed?: U64;
}

export interface PlacedTile { x: number; y: number; tile: string; rotation: number }
export interface FigureOnBoard { player: number; figure: string; x: number; y: number; feature: string }
export interface Building { x: number; y: number; figure: string }
export interface Piece { x: number; y: number; feature: string }
/** Figures in a player's supply, by figure name. */
export type Supply = Record<FigureName, number>;
/** A goods kind: its name or a Goods value other than NONE. */
export type GoodsKind = 'wine' | 'grain' | 'cloth' | number;
/** A player's goods tokens (Traders & Builders). */
export interface GoodsCounts { wine: number; grain: number; cloth: number }
export interface Bounds { minX: number; minY: number; maxX: number; maxY: number }

/** A scoring event of the last apply(). */
export interface ScoringEvent {
	type: EventTypeName;
	/** null for a 'goods' event, which names no feature. */
	featureKind: FeatureKindName | null;
	x: number;
	y: number;
	/** null for a 'goods' event. */
	feature: string | null;
	tiles: number;
	pennants: number;
	cities: number;
	/** Bit p set for each player p who scored. */
	scorers: number;
	/** Per player: points scored (Little Buildings apart). */
	points: number[];
	/** Per player: figures on the feature, phantom included. */
	figures: number[];
	/** Per player: Little Buildings points (in no other field). */
	buildingPoints: number[];
	/** Per player: whether his phantom is among his figures there. */
	phantom: boolean[];
	/** A city completed with Traders & Builders: the wine, grain and
	 *  cloth tokens its completer took. */
	wine: number;
	grain: number;
	cloth: number;
	/** A 'goods' event (the end): its Goods kind. */
	goodsKind: number;
	/** Per player: a 'goods' event's tokens of the kind. */
	tokens: number[];
}

/** A board-level feature now (carc_game_feature_get()). */
export interface BoardFeature {
	kind: FeatureKindName;
	id: number;
	pieces: number;
	tiles: number;
	open: number;
	complete: boolean;
	pennants: number;
	cities: number;
	scorers: number;
	value: number;
	buildingValue: number;
	farmScorers: number;
	points: number[];
	followers: number[];
	buildingPoints: number[];
	phantoms: boolean[];
	/** FeatureFlag bits: an inn on the road, a cathedral in the city. */
	flags: number;
	/** Traders & Builders: goods symbols on a city's pieces. */
	wine: number;
	grain: number;
	cloth: number;
	/** Per player: large followers (Inns & Cathedrals), builders and
	 *  pigs (Traders & Builders) on the feature. */
	largeFollowers: number[];
	builders: number[];
	pigs: number[];
}

export interface RenderOptions {
	/** Pixels per tile side, 16 to 512 (default 100). */
	tileSize?: number;
	noLegend?: boolean;
	noScores?: boolean;
	noLabels?: boolean;
	/** Outline the tile placed last. */
	lastMove?: boolean;
	/** Mark where the tile in hand may go, and show it. */
	placements?: boolean;
	/** Highlight the board feature containing this one. */
	feature?: { x: number; y: number; feature: FeatureLike };
	/** Player colours: '#rrggbb', 0xRRGGBB, or 0/null for the default. */
	colours?: Array<string | number | null>;
	/** RenderFlag bits, added to the booleans. */
	flags?: number;
}

export interface BotOptions {
	/** 'random', 'greedy', 'mcts' (default), 'star2.5', 'mcts-rave' or a
	 *  BotKind. */
	kind?: BotKindName | number;
	/** MCTS playouts per decision (default 1000 when timeMs is 0). */
	playouts?: number;
	/** MCTS time limit per decision in milliseconds (0: none). */
	timeMs?: number;
	/** Root-parallel searches (one after the other in WebAssembly). */
	threads?: number;
	/** UCT exploration constant in thousandths of the reward's unit
	 *  (default 8485, 8.485 points, with the margin reward; 600 with
	 *  reward 1). */
	exploration?: number;
	/** Seed of every random choice. */
	seed?: U64;
	/** MCTS with RAVE: the bias b of the schedule in thousandths
	 *  (default 10000, b = 10).  @since 0.5 */
	raveBias?: number;
	/** The tree searches' playout reward: 2 (CARC_BOT_REWARD_MARGIN,
	 *  the margin in points, the default) or 1 (CARC_BOT_REWARD_WIN,
	 *  mostly the result, in [0, 1]: 0.4's search).  @since 0.5 */
	reward?: number;
	/** Star2.5: the probing factor (default 5).  @since 0.5 */
	probing?: number;
	/** Star2.5: the deepest search in turns, 1 to 8 (default 8).
	 *  @since 0.5 */
	depth?: number;
}

export class Game implements Disposable {
	constructor(options?: GameOptions | Rules);
	/** Replay a game record; RecordError for a bad one. */
	static load(text: string | Uint8Array): Game;
	/** Replay a JCloisterZone saved game (.jcz JSON text); JczError for a
	 *  bad one (doc/users/jcz.md). */
	static fromJcz(text: string | Uint8Array): Game;
	readonly freed: boolean;
	free(): void;
	[Symbol.dispose](): void;

	clone(): Game;
	copy(): Game;
	copyFrom(other: Game): this;
	save(): string;
	/** The game as a JCloisterZone saved game (JSON text, JCZ 5 layout);
	 *  CarcassonneError NOT_ALLOWED for rules JCZ does not play. */
	toJcz(): string;
	rules(): Rules;
	/** Start again in place with a seed (same rules and players). */
	reset(seed?: U64): this;
	memorySize(): number;

	legalMoveCount(): number;
	legalMoveValues(): BigUint64Array;
	legalMovesInto(out: BigUint64Array): number;
	legalMoves(): Move[];
	isLegal(move: MoveLike): boolean;
	apply(move: MoveLike): this;
	undo(): boolean;
	history(): Move[];
	setNextTile(tile: TileLike): void;
	shuffleStack(seed: U64): void;
	sortStack(): void;
	drawCounts(): Record<string, number>;
	setDrawOrder(tiles: TileLike[]): void;
	setStackOrder(tiles: TileLike[]): void;
	drawOrder(): string[];
	drawnCount(): number;
	discards(): string[];

	playerCount(): number;
	phase(): number;
	phaseName(): PhaseName;
	isOver(): boolean;
	currentPlayer(): number;
	currentTile(): string | null;
	cropAction(): number;
	/** Which part of his turn the active player is in, a TurnPart
	 *  value: FIRST, FIRST_BUILDER (the tile extended his builder's road
	 *  or city: a second tile follows) or SECOND (the builder's second
	 *  tile, which gives no third); null after the end. */
	turnPart(): number | null;
	score(player: number): number;
	scores(): number[];
	supply(player: number, figure?: FigureLike): number;
	supplies(): Supply[];
	/** Goods tokens of a kind a player holds (Traders & Builders; 0
	 *  without it). */
	goods(player: number, kind: GoodsKind): number;
	/** Every player's goods tokens, in player order. */
	allGoods(): GoodsCounts[];
	hash(): bigint;
	remaining(tile?: TileLike): number;
	remainingByTile(): Record<string, number>;
	tiles(): PlacedTile[];
	tileAt(x: number, y: number): (PlacedTile & { index: number }) | null;
	figures(): FigureOnBoard[];
	buildings(): Building[];
	bounds(): Bounds;
	events(): ScoringEvent[];

	featureGet(x: number, y: number, feature: FeatureLike, attr: number): number;
	feature(x: number, y: number, feature: FeatureLike): BoardFeature;
	featurePieces(x: number, y: number, feature: FeatureLike): Piece[];
	featureCities(x: number, y: number, feature: FeatureLike): Piece[];
	featureIsComplete(x: number, y: number, feature: FeatureLike): boolean;
	featureFigures(x: number, y: number, feature: FeatureLike, player: number): number;

	/** The board feature in English: where, how big, worth now, whose
	 *  (carc_game_describe_feature()). */
	describeFeature(x: number, y: number, feature: FeatureLike): string;
	/** What a move does in this position, in English; call it before
	 *  apply() (carc_game_explain_move()). */
	explainMove(move: MoveLike): string;
	/** Why apply() would refuse the move now, in English: '' for a legal
	 *  move, else the error and the rule or option that forbids it
	 *  (carc_game_explain_refusal()); the game is not changed. */
	explainRefusal(move: MoveLike): string;
	/** Scoring event `index` of the last move in English
	 *  (carc_game_describe_event()). */
	describeEvent(index: number): string;

	renderSvg(options?: RenderOptions): string;

	/** A move chosen by a built-in bot (search.h); the game is unchanged. */
	botMove(options?: BotOptions & { stats?: false }): Move;
	botMove(options: BotOptions & { stats: true }): { move: Move; stats: BotStats };
	/** Final scores of a random playout of a copy of the game. */
	playout(seed?: U64, options?: { keepOrder?: boolean }): number[];
}

// -- the learning interface (include/carcassonne/learn.h,
//    doc/api/observation.md) --

export interface LearnOptions {
	/** Default: new Rules(). */
	rules?: Rules;
	/** 2 to 6, default 2. */
	players?: number;
	/** The window side W: odd, 3 to 101; default (or 0) 25, and 2 more
	 *  for each of The River, Inns & Cathedrals and Traders & Builders. */
	window?: number;
}

/** An element type of the learning arrays. */
export type LearnDtype = LearnDtypeName;


/** One observation: planes [nPlanes][W][W] (plane, row north to south,
 *  column west to east) and the vector of vectorLength entries
 *  (LearnVec.LENGTH, or LearnVec.LENGTH_MAX with the expansions of
 *  observation layout 2). */
export interface Observation {
	planes: Uint8Array;
	vector: Int32Array;
}

export interface BatchOptions {
	/** Write planes and vectors (default true); false leaves them null. */
	observations?: boolean;
}
export interface StepBatchOptions extends BatchOptions {
	/** One seed per game: a game that ends starts again in place. */
	resetSeeds?: U64[] | BigUint64Array | null;
}
/** The outputs of observeBatch(), one row per game. */
export interface ObserveBatchResult {
	/** The player to move now. */
	toMove: Uint32Array;
	/** n x nActions. */
	masks: Uint8Array;
	/** n x nPlanes x W x W, for the player to move; null without
	 *  observations. */
	planes: Uint8Array | null;
	/** n x vectorLength; null without observations. */
	vectors: Int32Array | null;
}
/** The outputs of stepBatch(), one row per game. */
export interface StepBatchResult extends ObserveBatchResult {
	/** The number of games that ended in this step. */
	ended: number;
	/** n x players: each player's score change, by seat. */
	rewards: Int32Array;
	/** 1 where the game ended in this step. */
	done: Uint8Array;
	/** n x players: the final scores of a game that ended, else 0. */
	finalScores: Int32Array;
}

/** The learning interface of one rule set, player count and window:
 *  action masks, observations and batched steps (doc/api/observation.md). */
export class Learn implements Disposable {
	constructor(options?: LearnOptions | Rules);
	readonly freed: boolean;
	free(): void;
	[Symbol.dispose](): void;
	/** struct carc_learn_shape and struct carc_learn_layout in one
	 *  object. */
	shape(): LearnShape & LearnLayout;
	/** The board position of window cell (0, 0) for the game now. */
	window(game: Game): { x: number; y: number };
	/** The move an action names now, legal or not. */
	actionToMove(game: Game, action: number): Move;
	/** The action of a move of the current decision point. */
	moveToAction(game: Game, move: MoveLike): number;
	/** nActions bytes, 1 for each legal action; into `out` if given. */
	mask(game: Game, out?: Uint8Array): Uint8Array;
	/** The actions the mask sets, ascending. */
	legalActions(game: Game): number[];
	/** The observation for `player` (default: the player to move). */
	observe(game: Game, player?: number | null, out?: Partial<Observation>): Observation;
	stepBatch(games: Game[], actions: number[] | Uint32Array, options?: StepBatchOptions): StepBatchResult;
	observeBatch(games: Game[], options?: BatchOptions): ObserveBatchResult;
}
