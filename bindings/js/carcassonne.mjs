// SPDX-License-Identifier: MIT
/**
 * libcarcassonne for JavaScript: the library compiled to WebAssembly
 * (carcassonne-wasm.mjs / .wasm, built by tools/build-wasm.sh) behind
 * classes shaped like the Python binding's.  doc/bindings/wasm.md is the
 * manual.
 *
 *     import * as carc from './carcassonne.mjs';
 *     await carc.load();
 *     const rules = new carc.Rules({ phantom: true, 'farm-scoring': 'per-city' });
 *     const game = new carc.Game({ rules, players: 2, seed: 1 });
 *     while (!game.isOver()) game.apply(game.legalMoves()[0]);
 *     console.log(game.scores(), game.save());
 *     game.free(); rules.free();
 *
 * Memory: every Rules and Game holds memory inside the WebAssembly heap.
 * free() (or `using` with Symbol.dispose) returns it at once; a
 * FinalizationRegistry frees what the garbage collector finds unreachable,
 * but only at the collector's pace, so a loop that makes many games should
 * free them itself.
 *
 * Errors: a failed library call throws CarcassonneError (.code is the
 * negative CARC_E_* value, the message the library's carc_strerror());
 * apply() throws IllegalMoveError, Game.load() RecordError (.line,
 * .column, .reason).  Bad arguments throw TypeError (wrong type) or
 * RangeError (not an integer, out of range) before reaching the library,
 * and a freed object throws InvalidArgumentError (a CarcassonneError with
 * code INVALID, like every CARC_E_INVALID of the library): in every case the
 * object is left exactly as it was.
 */

import createCarcassonneModule from './carcassonne-wasm.mjs';

// ---------------------------------------------------------------------
// Constants and struct layouts of the public headers: carcassonne-abi.mjs
// is generated from them at build time (tools/gen-bindings.py, beside
// carcassonne-wasm.mjs); every number of the header reaches this file
// through it.
// ---------------------------------------------------------------------

import {
	ErrorCode, Phase, MoveKind, Figure, FeatureKind, BotKind, CropChoice,
	CropSymbol, Edge, EventType, FeatureFlag, Goods, OptionType, RenderFlag,
	TurnPart, TILE_TYPES,
	TILE_UNITS, SHAPE_MAX_POINTS, LEARN_WINDOW_DEFAULT, LEARN_WINDOW_MIN,
	LEARN_WINDOW_MAX, LearnPlane, LearnPlayerPlane, LearnVec,
	LearnExtPlane, LearnExtPlayerPlane, LEARN_LAYOUT_VERSION,
	// used here only
	ARGUMENT_ERRORS, EventAttr, FeatureAttr, Layout, LearnBatchFlag,
	LearnDtype, LEARN_TO_MOVE, RENDER_COLOUR,
} from './carcassonne-abi.mjs';

export {
	ErrorCode, Phase, MoveKind, Figure, FeatureKind, BotKind, CropChoice,
	CropSymbol, Edge, EventType, FeatureFlag, Goods, OptionType, RenderFlag,
	TurnPart, TILE_TYPES,
	TILE_UNITS, SHAPE_MAX_POINTS, LEARN_WINDOW_DEFAULT, LEARN_WINDOW_MIN,
	LEARN_WINDOW_MAX, LearnPlane, LearnPlayerPlane, LearnVec,
	LearnExtPlane, LearnExtPlayerPlane, LEARN_LAYOUT_VERSION,
};

// FEATURE_KIND -> featureKind
const camel = (name) => name.toLowerCase()
	.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
// [value, key] of an attribute enum: the attributes of one value, and
// the per-player ones (0x100 and up, a base plus the player).
const attrs = (e, perPlayer) => Object.entries(e)
	.filter(([, v]) => (v >= 0x100) === perPlayer)
	.map(([k, v]) => [v, camel(k)]);
const EVENT_ATTRS = attrs(EventAttr, false);
const EVENT_PLAYER_ATTRS = attrs(EventAttr, true);
const FEATURE_ATTRS = attrs(FeatureAttr, false);
const FEATURE_PLAYER_ATTRS = attrs(FeatureAttr, true);
const EVENT_TYPE_NAMES = Object.fromEntries(Object.entries(EventType)
	.map(([k, v]) => [v, k.toLowerCase()]));
// supply() keys, by figure number
const FIGURES = Object.entries(Figure).map(([k, v]) => [v, k.toLowerCase()]);

// Zero the struct of `layout` at byte address p and set its size member.
function structAt(layout, p) {
	M.HEAPU8.fill(0, p, p + layout.sizeof);
	M.HEAPU32[(p + layout.size) >> 2] = layout.sizeof;
	return p;
}

// ---------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------

/** A failed library call: .code is the negative CARC_E_* status. */
export class CarcassonneError extends Error {
	constructor(code, detail) {
		const text = strerror(code);
		super(detail ? `${detail}: ${text}` : text);
		this.name = 'CarcassonneError';
		this.code = code;
	}
}

/** A value the library refused as an argument (code INVALID: an index
 *  or value out of range, a malformed move or text, a freed object;
 *  UNKNOWN_TILE, NO_FEATURE, UNKNOWN_OPTION, NOT_FOUND: a tile, feature,
 *  option or position that names nothing).  Python raises its
 *  InvalidArgumentError for the same codes. */
export class InvalidArgumentError extends CarcassonneError {
	constructor(detail, code = ErrorCode.INVALID) {
		super(code, detail);
		this.name = 'InvalidArgumentError';
	}
}

// The error for a negative status: InvalidArgumentError for the argument
// errors (ARGUMENT_ERRORS, generated from the binding description of
// tools/gen-bindings.py), else CarcassonneError.
function libraryError(code, detail) {
	return ARGUMENT_ERRORS.has(code) ? new InvalidArgumentError(detail, code)
		: new CarcassonneError(code, detail);
}

/** apply() of a move that is not legal now; .move is the move, .reason
 *  the refusal in words when known (Game#explainRefusal(): the error,
 *  then the rule or option that forbids it; the message ends with it),
 *  else ''. */
export class IllegalMoveError extends CarcassonneError {
	constructor(code, move, reason = '') {
		super(code, move.toString());
		this.name = 'IllegalMoveError';
		this.move = move;
		this.reason = reason;
		if (reason)
			this.message = `${move.toString()}: ${reason}`;
	}
}

/** A game record that does not load: .line and .column (1-based; column
 *  0 when no single word is at fault) and the loader's .reason. */
export class RecordError extends CarcassonneError {
	constructor(code, line, column, reason) {
		super(code);
		this.name = 'RecordError';
		this.message = `${line}:${column}: ${reason || this.message}`;
		this.line = line;
		this.column = column;
		this.reason = reason;
	}
}

/** A JCloisterZone saved game that does not load (Game.fromJcz()):
 *  .line of the JSON text, .column (of a JSON syntax error, else 0) and
 *  the importer's .reason, which names a replay entry at fault
 *  ("replay[12] DEPLOY_MEEPLE: …"). */
export class JczError extends RecordError {
	constructor(code, line, column, reason) {
		super(code, line, column, reason);
		this.name = 'JczError';
	}
}

// ---------------------------------------------------------------------
// The module and its memory
// ---------------------------------------------------------------------

let M = null;		// the emscripten module once loaded
let loading = null;
let scratch = 0;	// SCRATCH bytes for out-parameters and short strings
const SCRATCH = 1024;
let movesPtr = 0;	// buffer of legal moves, movesCap entries
let movesCap = 0;
let outView = new Uint32Array(0);	// legalMovesInto()'s last array
let outOffset = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const isNode = typeof process === 'object' && process !== null &&
	typeof process.versions === 'object' && process.versions !== null &&
	typeof process.versions.node === 'string';

/**
 * Instantiate the WebAssembly module (once; later calls return the same
 * promise).  Options: wasmBinary (the bytes of carcassonne-wasm.wasm),
 * wasmUrl (where to fetch it from; default next to this file),
 * locateFile (emscripten's hook).  Under Node the file is read from
 * disk.
 */
export function load(options = {}) {
	if (loading)
		return loading;
	loading = (async () => {
		const moduleArgs = {};
		if (options.wasmBinary) {
			moduleArgs.wasmBinary = options.wasmBinary;
		} else if (options.wasmUrl || options.locateFile) {
			moduleArgs.locateFile = options.locateFile ||
				(() => String(options.wasmUrl));
		} else if (isNode) {
			const fs = await import('node:fs/promises');
			moduleArgs.wasmBinary = await fs.readFile(
				new URL('./carcassonne-wasm.wasm', import.meta.url));
		}
		const mod = await createCarcassonneModule(moduleArgs);
		const p = mod._malloc(SCRATCH);
		const q = mod._malloc(1024 * 8);
		if (!p || !q)
			throw new Error('libcarcassonne: out of memory at load');
		M = mod;
		scratch = p;
		movesPtr = q;
		movesCap = 1024;
		buildNameTables();
		return api;
	})();
	loading.catch(() => { loading = null; });
	return loading;
}

/** The same as load(). */
export const init = load;

/** Whether load() has finished. */
export function isLoaded() {
	return M !== null;
}

function lib() {
	if (M === null)
		throw new Error('libcarcassonne is not loaded: await load() first');
	return M;
}

/** The emscripten module itself (its _carc_* exports, HEAPU8 …), for
 *  code that calls the C functions directly, unchecked. */
export function _module() {
	return lib();
}

/** Bytes of the WebAssembly memory (it only grows). */
export function heapSize() {
	return lib().HEAPU8.length;
}

/** The top of the malloc heap, sbrk(0): it rises when the heap needs
 *  more memory than it has free, so a leak shows in it long before
 *  heapSize() grows.  For leak checks. */
export function heapTop() {
	return lib()._sbrk(0) >>> 0;
}

function i32(off) { return M.HEAP32[(scratch + off) >> 2]; }
function u32(off) { return M.HEAPU32[(scratch + off) >> 2]; }

function cstr(ptr) {
	if (!ptr)
		return null;
	const h = M.HEAPU8;
	let end = ptr;
	while (h[end] !== 0)
		end++;
	return decoder.decode(h.subarray(ptr, end));
}

// Calls fn(ptr) with `text` as a NUL-terminated string in wasm memory
// (in the scratch area when it fits, else in a block freed afterwards).
function withString(text, fn, offset = 64) {
	const bytes = encoder.encode(text);
	if (bytes.includes(0))
		throw new RangeError('text contains a NUL character');
	if (bytes.length + 1 <= SCRATCH - offset) {
		const p = scratch + offset;
		M.HEAPU8.set(bytes, p);
		M.HEAPU8[p + bytes.length] = 0;
		return fn(p, bytes.length);
	}
	const p = M._malloc(bytes.length + 1);
	if (!p)
		throw new CarcassonneError(ErrorCode.NOMEM);
	try {
		M.HEAPU8.set(bytes, p);
		M.HEAPU8[p + bytes.length] = 0;
		return fn(p, bytes.length);
	} finally {
		M._free(p);
	}
}

// An snprintf-style text: size(0, 0) gives the length, then the text.
function readText(call, what) {
	const n = check(call(0, 0), what);
	if (n + 1 <= SCRATCH) {
		check(call(scratch, n + 1), what);
		return decoder.decode(M.HEAPU8.subarray(scratch, scratch + n));
	}
	const p = M._malloc(n + 1);
	if (!p)
		throw new CarcassonneError(ErrorCode.NOMEM, what);
	try {
		check(call(p, n + 1), what);
		return decoder.decode(M.HEAPU8.subarray(p, p + n));
	} finally {
		M._free(p);
	}
}

// A function of include/carcassonne/search.h, which a library built
// before it does not have.
function searchCall(name) {
	const fn = lib()[name];
	if (typeof fn !== 'function')
		throw new Error(`this build of libcarcassonne has no ${name.slice(1)}()`);
	return fn;
}

/** Whether this build has the bots of include/carcassonne/search.h. */
export function hasSearch() {
	return typeof lib()._carc_bot_choose === 'function';
}

function check(rc, detail) {
	if (rc < 0)
		throw libraryError(rc, detail);
	return rc;
}

// ---------------------------------------------------------------------
// Checking arguments before they reach the library
// ---------------------------------------------------------------------

function typeName(v) {
	if (v === null)
		return 'null';
	if (typeof v === 'object')
		return v.constructor ? v.constructor.name : 'object';
	return typeof v;
}

function int(v, name, lo, hi) {
	if (typeof v === 'bigint') {
		if (v < BigInt(lo) || v > BigInt(hi))
			throw new RangeError(`${name} ${v} is out of range ${lo}..${hi}`);
		return Number(v);
	}
	if (typeof v !== 'number')
		throw new TypeError(`${name} must be an integer, not ${typeName(v)}`);
	if (!Number.isInteger(v))
		throw new RangeError(`${name} must be an integer, not ${v}`);
	if (v < lo || v > hi)
		throw new RangeError(`${name} ${v} is out of range ${lo}..${hi}`);
	return v;
}
const argU32 = (v, name) => int(v, name, 0, 0xffffffff);
const argI32 = (v, name) => int(v, name, -0x80000000, 0x7fffffff);

function argU64(v, name) {
	if (typeof v === 'number') {
		if (!Number.isSafeInteger(v))
			throw new RangeError(`${name} must be a safe integer or a BigInt, not ${v}`);
		v = BigInt(v);
	} else if (typeof v !== 'bigint') {
		throw new TypeError(`${name} must be a BigInt or an integer, not ${typeName(v)}`);
	}
	if (BigInt.asUintN(64, v) !== v)
		throw new RangeError(`${name} ${v} is out of range 0..2**64-1`);
	return v;
}

function argString(v, name) {
	if (typeof v !== 'string')
		throw new TypeError(`${name} must be a string, not ${typeName(v)}`);
	return v;
}

function argBool(v, name) {
	if (typeof v !== 'boolean')
		throw new TypeError(`${name} must be a boolean, not ${typeName(v)}`);
	return v;
}

// ---------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------

/** Rule options: name (as in game records) -> number, filled by load(). */
export const OPTIONS = {};
/** The named values of each choice option, e.g.
 *  OPTION_VALUES['farm-scoring'] = {'per-field': 0, 'per-city': 1, ...}. */
export const OPTION_VALUES = {};
/** Every option: [{number, name, type ('number'|'switch'|'choice'),
 *  min, max, default, values: {name: value} | null}], filled by load(). */
export const OPTION_INFO = [];
/** Tile names by tile type number ('A' … 'X', 'CCI-1' …). */
export const TILE_NAMES = [];

function buildNameTables() {
	const kinds = ['number', 'switch', 'choice'];
	for (let o = 1; ; o++) {
		const type = M._carc_option_info(o, scratch, scratch + 4, scratch + 8);
		if (type === ErrorCode.UNKNOWN_OPTION || o > 1000)
			break;
		check(type);
		const name = cstr(M._carc_option_name(o));
		const min = i32(0), max = i32(4), def = i32(8);
		let values = null;
		if (type !== OptionType.NUMBER) {
			values = {};
			for (let v = min; v <= max; v++)
				values[cstr(M._carc_option_value_name(o, v))] = v;
			if (type === OptionType.CHOICE)
				OPTION_VALUES[name] = values;
		}
		OPTIONS[name] = o;
		OPTION_INFO.push(Object.freeze({
			number: o, name, type: kinds[type], min, max,
			default: def, values,
		}));
	}
	Object.freeze(OPTIONS);
	Object.freeze(OPTION_VALUES);
	Object.freeze(OPTION_INFO);
	for (let t = 0; t < TILE_TYPES; t++)
		TILE_NAMES.push(cstr(M._carc_tile_name(t)));
	Object.freeze(TILE_NAMES);
}

/** The library's version string, e.g. '0.3.0'. */
export function version() {
	return cstr(lib()._carc_version_string());
}

/** The library's version number, major * 10000 + minor * 100 + micro. */
export function versionNumber() {
	return lib()._carc_version_number() >>> 0;
}

/** The library's English text for a status code. */
export function strerror(code) {
	return cstr(lib()._carc_strerror(argI32(code, 'code')));
}

function nameOf(fn, value, what, code = ErrorCode.INVALID) {
	const s = cstr(fn(argU32(value, what)));
	if (s === null)
		throw libraryError(code, `${what} ${value}`);
	return s;
}

function numberOf(fn, name, what) {
	argString(name, `${what} name`);
	return check(withString(name, (p) => fn(p)), `${what} '${name}'`);
}

/** The name of a tile type ('A' … 'X', 'CCI-1' …). */
export function tileName(tile) {
	return nameOf(lib()._carc_tile_name, tile, 'tile', ErrorCode.UNKNOWN_TILE);
}
/** The tile type of a tile name. */
export function tileFromName(name) {
	return numberOf(lib()._carc_tile_from_name, name, 'tile');
}
/** The name of a feature id ('c1', 'r2', 'f3', 'monastery'). */
export function featureName(feature) {
	return nameOf(lib()._carc_feature_name, feature, 'feature');
}
/** The feature id of a feature name ('c1' -> 0x11). */
export function featureFromName(name) {
	return numberOf(lib()._carc_feature_from_name, name, 'feature');
}
/** The name of a feature kind ('city', 'road', 'field', 'monastery'). */
export function featureKindName(kind) {
	return nameOf(lib()._carc_feature_kind_name, kind, 'feature kind');
}
/** The feature kind of its name. */
export function featureKindFromName(name) {
	return numberOf(lib()._carc_feature_kind_from_name, name, 'feature kind');
}
/** The name of a figure kind ('follower', 'phantom', 'tower', …). */
export function figureName(figure) {
	return nameOf(lib()._carc_figure_name, figure, 'figure');
}
/** The figure kind of its name. */
export function figureFromName(name) {
	return numberOf(lib()._carc_figure_from_name, name, 'figure');
}
/** The name of a decision point ('place-tile', 'deploy', …). */
export function phaseName(phase) {
	return nameOf(lib()._carc_phase_name, phase, 'phase');
}
/** The decision point of its name. */
export function phaseFromName(name) {
	return numberOf(lib()._carc_phase_from_name, name, 'phase');
}
/** The record name of an option number ('farm-scoring' for 1). */
export function optionName(option) {
	return nameOf(lib()._carc_option_name, option, 'option',
		ErrorCode.UNKNOWN_OPTION);
}
/** What an option takes, worded by the library (carc_option_explain):
 *  the close names of an unknown one ("unknown rule option
 *  'crop_circles_1'; did you mean 'crop-circles-i'?"), the range or
 *  words of a refused value ("followers must be 1 to 15, not 99").  The
 *  tool and the Python package say the same. */
export function optionExplain(name, value) {
	argString(name, 'option name');
	const m = lib();
	const nb = encoder.encode(name);
	const vb = value === undefined || value === null ? null
		: encoder.encode(String(value));
	if (nb.includes(0) || (vb && vb.includes(0)))
		throw new RangeError('text contains a NUL character');
	const cap = 512 + 2 * nb.length;
	const size = nb.length + 1 + (vb ? vb.length + 1 : 0) + cap;
	const p = m._malloc(size);
	if (!p)
		throw new CarcassonneError(ErrorCode.NOMEM);
	try {
		m.HEAPU8.set(nb, p);
		m.HEAPU8[p + nb.length] = 0;
		let q = 0;
		if (vb) {
			q = p + nb.length + 1;
			m.HEAPU8.set(vb, q);
			m.HEAPU8[q + vb.length] = 0;
		}
		const out = p + nb.length + 1 + (vb ? vb.length + 1 : 0);
		const n = check(m._carc_option_explain(p, q, out, cap));
		return decoder.decode(m.HEAPU8.subarray(out,
			out + Math.min(n, cap - 1)));
	} finally {
		m._free(p);
	}
}
/** Whether an option (name or number) switches an expansion on
 *  (carc_option_is_expansion); Rules.allExpansions() sets them all. */
export function optionIsExpansion(option) {
	const o = typeof option === 'string' ? optionFromName(option)
		: argU32(option, 'option');
	return check(lib()._carc_option_is_expansion(o), `option ${option}`) === 1;
}
/** The colour the picture gives a seat (0 to 5) when the render options
 *  leave it to the library, and its English name
 *  (carc_render_default_colour): { rgb: '#56b4e9', name: 'sky blue' }
 *  for seat 4.  A front end shows these beside the picture. */
export function renderDefaultColour(seat) {
	const s = argU32(seat, 'seat');
	const m = lib();
	const p = m._malloc(4 + 32);
	if (!p)
		throw new CarcassonneError(ErrorCode.NOMEM);
	try {
		const n = check(m._carc_render_default_colour(s, p, p + 4, 32),
			`seat ${seat}`);
		const rgb = m.HEAPU32[p >> 2];
		return {
			rgb: '#' + rgb.toString(16).padStart(6, '0'),
			name: decoder.decode(m.HEAPU8.subarray(p + 4, p + 4 + n)),
		};
	} finally {
		m._free(p);
	}
}
/** The option number of a name; '_' and camelCase are read as '-'
 *  ('farm_scoring', 'farmScoring').  An unknown name is an
 *  InvalidArgumentError naming the close matches. */
export function optionFromName(name) {
	argString(name, 'option name');
	const word = name.replace(/_/g, '-')
		.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
	const rc = withString(word, (p) => lib()._carc_option_from_name(p));
	if (rc < 0)
		throw libraryError(rc, optionExplain(word));
	return rc;
}
/** The record word of an option's value ('per-city', 'on'); null for
 *  an option whose values are plain numbers. */
export function optionValueName(option, value) {
	const o = typeof option === 'string' ? optionFromName(option)
		: argU32(option, 'option');
	return cstr(lib()._carc_option_value_name(o, argI32(value, 'value')));
}
/** An option's value given by its record word or a decimal text. */
export function optionValueFromName(option, name) {
	const o = typeof option === 'string' ? optionFromName(option)
		: argU32(option, 'option');
	argString(name, 'option value');
	const rc = withString(name,
		(p) => lib()._carc_option_value_from_name(o, p, scratch));
	if (rc < 0)
		throw libraryError(rc, optionExplain(optionName(o), name));
	return i32(0);
}

function tileArg(tile) {
	return typeof tile === 'string' ? tileFromName(tile) : argU32(tile, 'tile');
}
// The rules a constructor was given: new default Rules when there are
// none (own: the constructor frees them), else the Rules themselves.
function rulesArg(rules) {
	if (rules === undefined || rules === null)
		return { rules: new Rules(), own: true };
	if (!(rules instanceof Rules))
		throw new TypeError(`rules must be Rules, not ${typeName(rules)}`);
	return { rules, own: false };
}

// Call fn(pointer, count) with an array of tiles (names or numbers)
// copied to the wasm heap, freed afterwards.
function withTiles(tiles, fn) {
	if (!Array.isArray(tiles))
		throw new TypeError(`tiles must be an array, not ${typeName(tiles)}`);
	const ts = tiles.map(tileArg);
	const p = M._malloc(4 * ts.length + 4);
	if (!p)
		throw new CarcassonneError(ErrorCode.NOMEM);
	try {
		M.HEAPU32.set(ts, p >> 2);
		return fn(p, ts.length);
	} finally {
		M._free(p);
	}
}
function featureArg(f) {
	return typeof f === 'string' ? featureFromName(f) : argU32(f, 'feature');
}
function figureArg(f) {
	return typeof f === 'string' ? figureFromName(f) : argU32(f, 'figure');
}
function phaseArg(p) {
	return typeof p === 'string' ? phaseFromName(p) : argU32(p, 'phase');
}
// A goods kind by name ('wine', 'grain', 'cloth') or Goods value.
function goodsArg(k) {
	if (typeof k === 'string') {
		const v = Goods[k.toUpperCase()];
		if (v === undefined || v === Goods.NONE)
			throw new InvalidArgumentError(`unknown goods kind ${JSON.stringify(k)} ` +
				'(wine, grain or cloth)');
		return v;
	}
	return argU32(k, 'kind');
}
function rotationArg(r) {
	return argU32(r, 'rotation');
}

// ---------------------------------------------------------------------
// Tiles and their geometry
// ---------------------------------------------------------------------

/** The side type (Edge) of side 0–3 (N, E, S, W) of a tile placed with a
 *  rotation. */
export function tileEdge(tile, rotation, side) {
	const t = tileArg(tile);
	return check(lib()._carc_tile_edge(t, rotationArg(rotation),
		argU32(side, 'side')));
}
/** The feature ids of a tile type in canonical order. */
export function tileFeatures(tile) {
	const t = tileArg(tile);
	const n = check(lib()._carc_tile_features(t, scratch, 64));
	return Array.from(M.HEAPU32.subarray(scratch >> 2, (scratch >> 2) + n));
}
/** Sides (city, road) or half-edges (field) a feature reaches, a mask. */
export function tileFeatureSides(tile, rotation, feature) {
	const t = tileArg(tile);
	return check(lib()._carc_tile_feature_sides(t, rotationArg(rotation),
		featureArg(feature)));
}
/** Pennants on a city feature of a tile type. */
export function tileFeaturePennants(tile, feature) {
	const t = tileArg(tile);
	return check(lib()._carc_tile_feature_pennants(t, featureArg(feature)));
}
// The text of one of the library's words calls fn(...args, buf, n):
// measured with (0, 0) first, then written into a buffer of that size.
function words(fn, args, what) {
	const n = check(fn(...args, 0, 0), what);
	const p = M._malloc(n + 1);
	if (!p)
		throw new CarcassonneError(ErrorCode.NOMEM, what);
	try {
		check(fn(...args, p, n + 1), what);
		return decoder.decode(M.HEAPU8.subarray(p, p + n));
	} finally {
		M._free(p);
	}
}
/** A feature of a tile type turned by `rotation`, in English, e.g. 'the
 *  city on the north and south edges, with a pennant'
 *  (carc_tile_describe_feature()). */
export function tileDescribeFeature(tile, rotation, feature) {
	const t = tileArg(tile);
	const r = rotationArg(rotation), f = featureArg(feature);
	return words(M._carc_tile_describe_feature, [t, r, f], 'describe');
}
/** Cities of the same tile a field borders: bit n-1 for city cn. */
export function tileFieldCities(tile, feature) {
	const t = tileArg(tile);
	return check(lib()._carc_tile_field_cities(t, featureArg(feature)));
}
/** What a feature of a tile type carries: FeatureFlag bits (an inn on
 *  a road, a cathedral in a city). */
export function tileFeatureFlags(tile, feature) {
	const t = tileArg(tile);
	return check(lib()._carc_tile_feature_flags(t, featureArg(feature)));
}
/** The goods symbol (Traders & Builders) on a city of a tile type: a
 *  Goods value, Goods.NONE for other cities and features
 *  (carc_tile_feature_goods()). */
export function tileFeatureGoods(tile, feature) {
	const t = tileArg(tile);
	return check(lib()._carc_tile_feature_goods(t, featureArg(feature)));
}
/** The crop-circle symbol of a tile type (CropSymbol). */
export function tileSymbol(tile) {
	return check(lib()._carc_tile_symbol(tileArg(tile)));
}
/** Where a figure on a feature is drawn: {x, y} in tile units. */
export function tileFeaturePoint(tile, rotation, feature) {
	const t = tileArg(tile);
	check(lib()._carc_tile_feature_point(t, rotationArg(rotation),
		featureArg(feature), scratch, scratch + 4));
	return { x: i32(0), y: i32(4) };
}
/** The outline of a feature: [[x, y], …] in tile units. */
export function tileFeatureShape(tile, rotation, feature) {
	const t = tileArg(tile);
	const n = check(lib()._carc_tile_feature_shape(t, rotationArg(rotation),
		featureArg(feature), scratch, SHAPE_MAX_POINTS));
	const out = [];
	for (let i = 0; i < Math.min(n, SHAPE_MAX_POINTS); i++)
		out.push([i32(8 * i), i32(8 * i + 4)]);
	return out;
}
/** The crop circle of a tile: {x, y, radius}, or null without one. */
export function tileSymbolArea(tile, rotation) {
	const t = tileArg(tile);
	const rc = lib()._carc_tile_symbol_area(t, rotationArg(rotation),
		scratch, scratch + 4, scratch + 8);
	if (rc === ErrorCode.NOT_FOUND)
		return null;
	check(rc);
	return { x: i32(0), y: i32(4), radius: i32(8) };
}

// ---------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------

function moveValue(m, name = 'move') {
	if (m instanceof Move)
		return m.value;
	if (typeof m === 'string')
		return Move.parse(m).value;
	return argU64(m, name);
}

/**
 * A move: an immutable 64-bit value (doc/api/moves.md), .value a BigInt.
 * toString() gives the record's words ('place 1,-2 r3'), Move.parse()
 * reads them back.
 */
export class Move {
	#value;

	/** A move from its 64-bit value (a BigInt or a safe integer). */
	constructor(value) {
		this.#value = argU64(value, 'move');
	}

	/** The 64-bit value, a BigInt (read only). */
	get value() {
		return this.#value;
	}

	/** The tile in hand at (x, y) with rotation 0–3. */
	static place(x, y, rotation) {
		return made(lib()._carc_move_place(argI32(x, 'x'), argI32(y, 'y'),
			rotationArg(rotation)), 'place');
	}
	/** A follower or the phantom on a feature of the tile at (x, y). */
	static deploy(figure, x, y, feature) {
		const f = figureArg(figure);
		return made(lib()._carc_move_deploy(f, argI32(x, 'x'),
			argI32(y, 'y'), featureArg(feature)), 'deploy');
	}
	/** A building (tower, house, shed) on the tile at (x, y). */
	static build(figure, x, y) {
		const f = figureArg(figure);
		return made(lib()._carc_move_build(f, argI32(x, 'x'), argI32(y, 'y')),
			'build');
	}
	/** The pass move. */
	static pass() {
		return made(lib()._carc_move_pass(), 'pass');
	}
	/** Traders & Builders: take the builder's second tile
	 *  (Phase.SECOND_TILE). */
	static secondTile() {
		return made(lib()._carc_move_second_tile(), 'second tile');
	}
	/** The crop-circle choice: 'deploy', 'remove' or a CropChoice. */
	static cropChoice(choice) {
		const c = choice === 'deploy' ? CropChoice.DEPLOY
			: choice === 'remove' ? CropChoice.REMOVE
			: argU32(choice, 'choice');
		return made(lib()._carc_move_crop_choice(c), 'crop choice');
	}
	/** The same as cropChoice() (the Python binding's name). */
	static crop(choice) {
		return Move.cropChoice(choice);
	}
	/** Crop circles: remove a figure from a feature of the tile at (x, y). */
	static remove(figure, x, y, feature) {
		const f = figureArg(figure);
		return made(lib()._carc_move_remove(f, argI32(x, 'x'),
			argI32(y, 'y'), featureArg(feature)), 'remove');
	}
	/** The move the text names, in the words of toString(); the text is
	 *  strict (lower case, single spaces, nothing around it). */
	static parse(text) {
		argString(text, 'move text');
		lib();
		check(withString(text, (p) => M._carc_move_parse(p, scratch)),
			JSON.stringify(text));
		return new Move(readU64(scratch));
	}

	/** MoveKind (0 for the invalid move 0). */
	get kind() { return Number(this.value & 0xffn); }
	/** Figure of a deployment or removal, CropChoice of a crop choice. */
	get figure() { return Number((this.value >> 8n) & 0xffn); }
	/** The CropChoice of a crop-circle choice, else 0. */
	get choice() {
		return this.kind === MoveKind.CROP_CHOICE ? this.figure : 0;
	}
	/** Rotation of a placement. */
	get rotation() { return Number((this.value >> 16n) & 0xffn); }
	/** Feature id of a deployment or removal. */
	get feature() { return Number((this.value >> 24n) & 0xffn); }
	/** x of the tile. */
	get x() { return Number(BigInt.asIntN(16, this.value >> 32n)); }
	/** y of the tile. */
	get y() { return Number(BigInt.asIntN(16, this.value >> 48n)); }

	/** Whether two moves are the same value. */
	equals(other) {
		return other instanceof Move ? other.value === this.value
			: typeof other === 'bigint' && other === this.value;
	}

	/** The library's words, e.g. 'deploy follower c1 at 1,-2'; the hex
	 *  value for a malformed move. */
	toString() {
		lib();
		const n = M._carc_move_describe(this.value, scratch, 128);
		if (n < 0)
			return '0x' + this.value.toString(16);
		return decoder.decode(M.HEAPU8.subarray(scratch, scratch + n));
	}

	toJSON() {
		return this.toString();
	}
}

function made(value, what) {
	const v = BigInt.asUintN(64, value);
	if (v === 0n)
		throw new InvalidArgumentError(what);
	return new Move(v);
}

// A BigUint64Array over the whole wasm memory, made again after the
// memory grows (which detaches the old buffer).
let u64View = null;
function heap64() {
	if (u64View === null || u64View.buffer !== M.HEAPU8.buffer)
		u64View = new BigUint64Array(M.HEAPU8.buffer);
	return u64View;
}

function readU64(p) {
	return heap64()[p >> 3];
}

/** The words of a move (a Move, BigInt or number), as Move.toString(). */
export function describe(move) {
	return new Move(moveValue(move)).toString();
}

// ---------------------------------------------------------------------
// Ownership of library objects
// ---------------------------------------------------------------------

// A safety net only: the garbage collector may run it late or never.
const registry = typeof FinalizationRegistry === 'function'
	? new FinalizationRegistry((held) => {
		if (M === null)
			return;
		if (held.kind === 'game')
			M._carc_game_free(held.ptr);
		else if (held.kind === 'rules')
			M._carc_rules_unref(held.ptr);
		else if (held.kind === 'builder')
			M._carc_rules_builder_free(held.ptr);
		else if (held.kind === 'learn') {
			M._carc_learn_free(held.ptr);
			M._free(held.buffer);
		}
	})
	: null;

const PRIVATE = Symbol('carcassonne private');

class Handle {
	// buffer: a block of wasm memory the object owns besides ptr (or 0)
	constructor(ptr, kind, what, buffer = 0) {
		this._ptr = ptr;
		this._what = what;
		if (registry)
			registry.register(this, { ptr, kind, buffer }, this);
	}

	_live() {
		if (this._ptr === 0)
			throw new InvalidArgumentError(`${this._what} was freed`);
		return this._ptr;
	}

	/** Whether free() has run. */
	get freed() {
		return this._ptr === 0;
	}

	_release(fn) {
		const p = this._ptr;
		if (p === 0)
			return;
		this._ptr = 0;
		if (registry)
			registry.unregister(this);
		fn(p);
	}

	[Symbol.dispose]() {
		this.free();
	}
}

// ---------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------

function optionValue(number, name, value) {
	if (typeof value === 'boolean')
		return value ? 1 : 0;
	if (typeof value === 'string')
		return optionValueFromName(number, value);
	return argI32(value, `option ${name}`);
}

/**
 * A builder of Rules: set options by name, then build() (any number of
 * times).  free() it when done (build() leaves it usable).
 */
export class RulesBuilder extends Handle {
	constructor() {
		lib();
		check(M._carc_rules_builder_new(scratch), 'rules builder');
		super(u32(0), 'builder', 'RulesBuilder');
	}

	/** Set an option by name ('farm-scoring', 'farm_scoring',
	 *  'farmScoring') or number, to a number, boolean or record word. */
	set(option, value) {
		const b = this._live();
		const o = typeof option === 'string' ? optionFromName(option)
			: argU32(option, 'option');
		const v = optionValue(o, option, value);
		const rc = M._carc_rules_builder_set(b, o, v);
		if (rc < 0)
			throw libraryError(rc, optionExplain(optionName(o), String(v)));
		return this;
	}

	/** Tiles of a type (name or number) in the stack; tile '*' sets
	 *  every type. */
	setTileCount(tile, count) {
		const b = this._live();
		const c = argU32(count, 'tile count');
		if (tile === '*') {
			for (let t = 0; t < TILE_TYPES; t++)
				check(M._carc_rules_builder_set_tile_count(b, t, c));
			return this;
		}
		const t = tileArg(tile);
		check(M._carc_rules_builder_set_tile_count(b, t, c), `tile ${tile}`);
		return this;
	}

	/** New Rules with the settings so far. */
	build() {
		const b = this._live();
		check(M._carc_rules_builder_build(b, scratch), 'rules');
		return new Rules(PRIVATE, u32(0));
	}

	/** Release the builder (again: nothing). */
	free() {
		this._release((p) => M._carc_rules_builder_free(p));
	}
}

/**
 * Immutable rules: options and the tile stack.
 *
 *     new Rules({ phantom: true, 'farm-scoring': 'per-city',
 *                 tiles: { '*': 0, E: 5 } })
 *
 * Option names are those of game records ('_' or camelCase also work);
 * values are numbers, booleans or the record's words.  `tiles` maps tile
 * names (or numbers) to stack counts; '*' sets every type first.  A
 * game keeps its own reference, so rules may be freed right after
 * making games.
 */
export class Rules extends Handle {
	constructor(options = {}, handle) {
		if (options === PRIVATE) {
			super(handle, 'rules', 'Rules');
			return;
		}
		if (options === null || typeof options !== 'object' ||
		    Array.isArray(options))
			throw new TypeError(`options must be an object, not ${typeName(options)}`);
		const b = new RulesBuilder();
		let ptr;
		try {
			for (const [name, value] of Object.entries(options)) {
				if (name === 'tiles')
					continue;
				b.set(name, value);
			}
			if (options.tiles !== undefined) {
				const tiles = options.tiles;
				if (tiles === null || typeof tiles !== 'object')
					throw new TypeError(`tiles must be an object, not ${typeName(tiles)}`);
				if ('*' in tiles)
					b.setTileCount('*', tiles['*']);
				for (const [t, c] of Object.entries(tiles))
					if (t !== '*')
						b.setTileCount(/^\d+$/.test(t) ? Number(t) : t, c);
			}
			check(M._carc_rules_builder_build(b._live(), scratch), 'rules');
			ptr = u32(0);
		} finally {
			b.free();
		}
		super(ptr, 'rules', 'Rules');
	}

	/** A builder holding the defaults. */
	static builder() {
		return new RulesBuilder();
	}

	/** Rules with every expansion of the library switched on (each
	 *  option optionIsExpansion() marks), then `options` as the
	 *  constructor takes them (which may switch one off again). */
	static allExpansions(options = {}) {
		if (options === null || typeof options !== 'object' ||
		    Array.isArray(options))
			throw new TypeError(`options must be an object, not ${typeName(options)}`);
		const all = {};
		for (const info of OPTION_INFO)
			if (optionIsExpansion(info.number))
				all[info.name] = true;
		return new Rules({ ...all, ...options });
	}

	/** The value of an option, by name or number. */
	get(option) {
		const r = this._live();
		const o = typeof option === 'string' ? optionFromName(option)
			: argU32(option, 'option');
		check(M._carc_rules_get(r, o, scratch), `option ${option}`);
		return i32(0);
	}

	/** Every option's value: {name: value}. */
	options() {
		const out = {};
		for (const info of OPTION_INFO)
			out[info.name] = this.get(info.number);
		return out;
	}

	/** Tiles of a type (name or number) in the draw stack. */
	tileCount(tile) {
		const r = this._live();
		return check(M._carc_rules_tile_count(r, tileArg(tile)));
	}

	/**
	 * Tiles of a type in the stack of rules with the same options and no
	 * tile count set (a crop-circle tile counts 1 only while its set is
	 * on).
	 */
	defaultTileCount(tile) {
		const r = this._live();
		return check(M._carc_rules_default_tile_count(r, tileArg(tile)));
	}

	/** The stack: {tile name: count} for every tile type. */
	tileCounts() {
		const out = {};
		for (let t = 0; t < TILE_TYPES; t++)
			out[TILE_NAMES[t]] = this.tileCount(t);
		return out;
	}

	/** Drop this object's reference (games keep theirs). */
	free() {
		this._release((p) => M._carc_rules_unref(p));
	}
}

// ---------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------

function growMoves(n) {
	if (n <= movesCap)
		return;
	const cap = Math.max(n, 1024);
	const p = M._malloc(cap * 8);
	if (!p)
		throw new CarcassonneError(ErrorCode.NOMEM, 'legal moves');
	if (movesPtr)
		M._free(movesPtr);
	movesPtr = p;
	movesCap = cap;
}

function renderOptions(opts) {
	if (opts === undefined || opts === null)
		return 0;
	if (typeof opts !== 'object')
		throw new TypeError(`render options must be an object, not ${typeName(opts)}`);
	let flags = opts.flags === undefined ? 0 : argU32(opts.flags, 'flags');
	const bits = [['noLegend', 1], ['noScores', 2], ['noLabels', 4],
		['lastMove', 8], ['placements', 16]];
	for (const [key, bit] of bits)
		if (opts[key] !== undefined && argBool(opts[key], key))
			flags |= bit;
	let fx = 0, fy = 0, fid = 0;
	if (opts.feature !== undefined && opts.feature !== null) {
		const f = opts.feature;
		if (typeof f !== 'object')
			throw new TypeError(`feature must be {x, y, feature}, not ${typeName(f)}`);
		fx = argI32(f.x, 'feature.x');
		fy = argI32(f.y, 'feature.y');
		fid = featureArg(f.feature);
		flags |= RenderFlag.FEATURE;
	}
	const size = opts.tileSize === undefined ? 0
		: argU32(opts.tileSize, 'tileSize');
	const colours = opts.colours === undefined ? [] : opts.colours;
	if (!Array.isArray(colours) || colours.length > 6)
		throw new TypeError('colours must be an array of at most 6 entries');
	const cols = colours.map((c, i) => {
		if (c === 0 || c === null || c === undefined)
			return 0;
		if (typeof c === 'string') {
			if (!/^#[0-9a-fA-F]{6}$/.test(c))
				throw new RangeError(`colours[${i}] must be '#rrggbb', not '${c}'`);
			return RENDER_COLOUR | parseInt(c.slice(1), 16);
		}
		return RENDER_COLOUR | int(c, `colours[${i}]`, 0, 0xffffff);
	});
	const L = Layout.render_options;
	const p = structAt(L, scratch + 512);
	const h = M.HEAPU32;
	h[(p + L.tileSize) >> 2] = size;
	h[(p + L.flags) >> 2] = flags >>> 0;
	M.HEAP32[(p + L.featureX) >> 2] = fx;
	M.HEAP32[(p + L.featureY) >> 2] = fy;
	h[(p + L.featureId) >> 2] = fid;
	cols.forEach((c, i) => { h[((p + L.colours) >> 2) + i] = c; });
	return p;
}

/**
 * A game in progress.  `new Game({ rules, players = 2, seed = 0 })`
 * starts one (rules default to new Rules()); Game.load(text) replays a
 * record.
 */
/** The player counts a game takes (carcassonne.h: 2 to 6). */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

export class Game extends Handle {
	constructor(options = {}, handle) {
		if (options === PRIVATE) {
			super(handle, 'game', 'Game');
			return;
		}
		if (options instanceof Rules)
			options = { rules: options };
		if (options === null || typeof options !== 'object')
			throw new TypeError(`Game options must be {rules, players, seed}, not ${typeName(options)}`);
		lib();
		const players = options.players === undefined ? 2
			: argU32(options.players, 'players');
		if (players < MIN_PLAYERS || players > MAX_PLAYERS)
			throw new InvalidArgumentError(`players must be ${MIN_PLAYERS} to ${MAX_PLAYERS}, not ${players}`);
		const seed = options.seed === undefined ? 0n
			: argU64(options.seed, 'seed');
		const { rules, own } = rulesArg(options.rules);
		let ptr;
		try {
			check(M._carc_game_new(rules._live(), players, seed, scratch),
				'new game');
			ptr = u32(0);
		} finally {
			if (own)
				rules.free();
		}
		super(ptr, 'game', 'Game');
	}

	/** Load a game record (doc/users/record-format.md); RecordError for
	 *  a bad one. */
	static load(text) {
		lib();
		let bytes;
		if (typeof text === 'string')
			bytes = encoder.encode(text);
		else if (text instanceof Uint8Array)
			bytes = text;
		else
			throw new TypeError(`a game record is a string or Uint8Array, not ${typeName(text)}`);
		const p = M._malloc(bytes.length + 1);
		if (!p)
			throw new CarcassonneError(ErrorCode.NOMEM, 'load');
		try {
			M.HEAPU8.set(bytes, p);
			const msg = scratch + 16, msgLen = 256;
			const rc = M._carc_game_load(p, bytes.length, scratch,
				scratch + 4, scratch + 8, msg, msgLen);
			if (rc < 0)
				throw new RecordError(rc, u32(4), u32(8), cstr(msg));
			return new Game(PRIVATE, u32(0));
		} finally {
			M._free(p);
		}
	}

	/** Replay a JCloisterZone saved game (.jcz: JSON text, as a string
	 *  or UTF-8 bytes; doc/users/jcz.md) with carc_jcz_import(); JczError
	 *  (line, column, reason) for one that does not load. */
	static fromJcz(text) {
		lib();
		let bytes;
		if (typeof text === 'string')
			bytes = encoder.encode(text);
		else if (text instanceof Uint8Array)
			bytes = text;
		else
			throw new TypeError(`a .jcz document is a string or Uint8Array, not ${typeName(text)}`);
		const p = M._malloc(bytes.length + 1);
		if (!p)
			throw new CarcassonneError(ErrorCode.NOMEM, 'fromJcz');
		try {
			M.HEAPU8.set(bytes, p);
			const msg = scratch + 16, msgLen = 512;
			const rc = M._carc_jcz_import(p, bytes.length, scratch,
				scratch + 4, scratch + 8, msg, msgLen);
			if (rc < 0)
				throw new JczError(rc, u32(4), u32(8), cstr(msg));
			return new Game(PRIVATE, u32(0));
		} finally {
			M._free(p);
		}
	}

	/** Release the game (again: nothing). */
	free() {
		this._release((p) => M._carc_game_free(p));
	}

	// -- copies and records --

	/** An independent copy. */
	clone() {
		check(M._carc_game_clone(this._live(), scratch), 'clone');
		return new Game(PRIVATE, u32(0));
	}

	/** The same as clone(). */
	copy() {
		return this.clone();
	}

	/** Make this game a copy of `other`, reusing its memory. */
	copyFrom(other) {
		const dst = this._live();
		if (!(other instanceof Game))
			throw new TypeError(`other must be a Game, not ${typeName(other)}`);
		check(M._carc_game_copy(dst, other._live()), 'copy');
		return this;
	}

	/** The game record as a string. */
	save() {
		const g = this._live();
		return readText((buf, n) => M._carc_game_save(g, buf, n), 'save');
	}

	/** The game as a JCloisterZone saved game (JCZ 5 layout, JSON text;
	 *  carc_jcz_export(), doc/users/jcz.md); CarcassonneError NOT_ALLOWED
	 *  when the rules have an option JCloisterZone does not play. */
	toJcz() {
		const g = this._live();
		const rc = M._carc_jcz_export(g, 0, 0);
		if (rc === ErrorCode.NOT_ALLOWED) {
			// the library's reason: the option, stack or move JCZ refuses
			M._carc_jcz_export_check(g, scratch, SCRATCH);
			const why = cstr(scratch);
			throw libraryError(rc, `toJcz: ${why || 'JCloisterZone does not play these rules or a move of this game'} (doc/users/jcz.md)`);
		}
		return readText((buf, n) => M._carc_jcz_export(g, buf, n), 'toJcz');
	}

	/** Start again in place: the game becomes exactly new Game() with
	 *  its rules, its players and `seed` (carc_game_reset()). */
	reset(seed = 0) {
		const g = this._live();
		const s = argU64(seed, 'seed');
		const fn = lib()._carc_game_reset;
		if (typeof fn !== 'function')
			throw new Error('this build of libcarcassonne has no carc_game_reset()');
		check(fn(g, s), 'reset');
		return this;
	}

	/** The rules of the game (a Rules holding its own reference). */
	rules() {
		const r = M._carc_rules_ref(M._carc_game_rules(this._live()));
		return new Rules(PRIVATE, r);
	}

	/** Bytes of memory the game holds. */
	memorySize() {
		return check(M._carc_game_memory_size(this._live()));
	}

	// -- moves --

	/** Number of legal moves now. */
	legalMoveCount() {
		return check(M._carc_game_legal_moves(this._live(), 0, 0));
	}

	/** Every legal move now as a BigUint64Array (a copy), in canonical
	 *  order: the fast path for playouts. */
	legalMoveValues() {
		const g = this._live();
		let n = M._carc_game_legal_moves(g, movesPtr, movesCap);
		if (n > movesCap) {
			growMoves(n);
			n = M._carc_game_legal_moves(g, movesPtr, movesCap);
		}
		check(n);
		const at = movesPtr >> 3;
		return heap64().slice(at, at + n);
	}

	/** The fast path for playouts, with no allocation: writes the legal
	 *  moves into `out` (a BigUint64Array the caller reuses) and returns
	 *  their number; when that exceeds out.length, only out.length
	 *  moves are written (snprintf-style: give a larger array). */
	legalMovesInto(out) {
		const g = this._live();
		if (!(out instanceof BigUint64Array))
			throw new TypeError(`out must be a BigUint64Array, not ${typeName(out)}`);
		let n = M._carc_game_legal_moves(g, movesPtr, movesCap);
		if (n > movesCap) {
			growMoves(n);
			n = M._carc_game_legal_moves(g, movesPtr, movesCap);
		}
		check(n);
		if (out.buffer !== outView.buffer || out.byteOffset !== outOffset ||
		    2 * out.length !== outView.length) {
			outView = new Uint32Array(out.buffer, out.byteOffset,
				2 * out.length);
			outOffset = out.byteOffset;
		}
		const h = M.HEAPU32;
		const at = movesPtr >> 2;
		const words = 2 * Math.min(n, out.length);
		for (let i = 0; i < words; i++)
			outView[i] = h[at + i];
		return n;
	}

	/** Every legal move now, as Move objects, in canonical order. */
	legalMoves() {
		const values = this.legalMoveValues();
		const out = new Array(values.length);
		for (let i = 0; i < values.length; i++)
			out[i] = new Move(values[i]);
		return out;
	}

	/** Whether a move (Move, BigInt or its words) is legal now. */
	isLegal(move) {
		const g = this._live();
		return check(M._carc_game_is_legal(g, moveValue(move))) === 1;
	}

	/** Play a move (Move, BigInt or its words) and every forced step
	 *  after it; IllegalMoveError (game unchanged) if it is not legal. */
	apply(move) {
		const g = this._live();
		const v = moveValue(move);
		const rc = M._carc_game_apply(g, v);
		if (rc < 0) {
			const m = move instanceof Move ? move : new Move(v);
			let reason = '';
			try {
				reason = words(M._carc_game_explain_refusal,
					[g, v], 'explain');
			} catch (e) {
				// no memory for the clone: the code alone
			}
			throw new IllegalMoveError(rc, m, reason);
		}
		return this;
	}

	/** Take back the last move; false when there is none. */
	undo() {
		const rc = M._carc_game_undo(this._live());
		if (rc === ErrorCode.NOT_FOUND)
			return false;
		check(rc, 'undo');
		return true;
	}

	/** Every move applied so far, oldest first. */
	history() {
		const g = this._live();
		const n = check(M._carc_game_history_count(g));
		const out = [];
		for (let i = 0; i < n; i++) {
			check(M._carc_game_history_at(g, i, scratch));
			out.push(new Move(readU64(scratch)));
		}
		return out;
	}

	/** Take `tile` (name or number, still in the stack) in hand. */
	setNextTile(tile) {
		const g = this._live();
		check(M._carc_game_set_next_tile(g, tileArg(tile)), `tile ${tile}`);
	}

	/** Reshuffle the stack (not the tile in hand) with a seed. */
	shuffleStack(seed) {
		const g = this._live();
		check(M._carc_game_shuffle_stack(g, argU64(seed, 'seed')));
	}

	/** Sort the stack (not the tile in hand) by tile type, so that its
	 *  hidden order depends only on the tiles left; with The River each
	 *  part of the stack apart. */
	sortStack() {
		const g = this._live();
		check(M._carc_game_sort_stack(g));
	}

	/** The tiles the draw of the tile in hand chose from: {name: count}
	 *  of the types that could have been drawn, the tile in hand
	 *  included (with The River only the river's part of the stack).
	 *  Only at Phase.PLACE_TILE. */
	drawCounts() {
		const g = this._live();
		const p = M._malloc(4 * TILE_TYPES);
		if (!p)
			throw new CarcassonneError(ErrorCode.NOMEM);
		try {
			check(M._carc_game_draw_counts(g, p, TILE_TYPES));
			const out = {};
			for (let t = 0; t < TILE_TYPES; t++) {
				const n = M.HEAPU32[(p >>> 2) + t];
				if (n > 0)
					out[TILE_NAMES[t]] = n;
			}
			return out;
		} finally {
			M._free(p);
		}
	}

	/** Set the whole draw order from now on (tile names or numbers). */
	setDrawOrder(tiles) {
		const g = this._live();
		withTiles(tiles, (p, n) =>
			check(M._carc_game_set_draw_order(g, p, n), 'draw order'));
	}

	/** Set the stack's order from now on, top first (tile names or
	 *  numbers), at any phase but the end: the tiles left, not the one in
	 *  hand; the hash stays. */
	setStackOrder(tiles) {
		const g = this._live();
		withTiles(tiles, (p, n) =>
			check(M._carc_game_set_stack_order(g, p, n), 'stack order'));
	}

	/** The whole draw order as tile names (hidden information). */
	drawOrder() {
		const g = this._live();
		const n = check(M._carc_game_draw_order(g, 0, 0));
		const p = M._malloc(4 * n + 4);
		if (!p)
			throw new CarcassonneError(ErrorCode.NOMEM);
		try {
			check(M._carc_game_draw_order(g, p, n));
			return Array.from(M.HEAPU32.subarray(p >> 2, (p >> 2) + n),
				(t) => TILE_NAMES[t]);
		} finally {
			M._free(p);
		}
	}

	/** Tiles of drawOrder() drawn so far, the tile in hand included. */
	drawnCount() {
		return check(M._carc_game_drawn_count(this._live()));
	}

	/** Tiles discarded because they fit nowhere, oldest first (names). */
	discards() {
		const g = this._live();
		const n = check(M._carc_game_discard_count(g));
		const out = [];
		for (let i = 0; i < n; i++)
			out.push(TILE_NAMES[check(M._carc_game_discard_at(g, i))]);
		return out;
	}

	// -- queries --

	/** Number of players. */
	playerCount() {
		return check(M._carc_game_player_count(this._live()));
	}
	/** The Phase of the current decision point. */
	phase() {
		return check(M._carc_game_phase(this._live()));
	}
	/** The name of the current decision point ('place-tile', …). */
	phaseName() {
		return phaseName(this.phase());
	}
	/** Whether the game has ended. */
	isOver() {
		return check(M._carc_game_is_over(this._live())) === 1;
	}
	/** The player to decide now (0-based). */
	currentPlayer() {
		return check(M._carc_game_current_player(this._live()));
	}
	/** Name of the tile in hand (or just placed); null at the end. */
	currentTile() {
		const t = M._carc_game_current_tile(this._live());
		return t === ErrorCode.GAME_OVER ? null : TILE_NAMES[check(t)];
	}
	/** The crop-circle action in progress (CropChoice) or 0. */
	cropAction() {
		return check(M._carc_game_crop_action(this._live()));
	}
	/** Which part of his turn the active player is in (TurnPart: the
	 *  builder's double turn); null at the end. */
	turnPart() {
		const t = M._carc_game_turn_part(this._live());
		return t === ErrorCode.GAME_OVER ? null : check(t);
	}
	/** A player's score. */
	score(player) {
		const g = this._live();
		return check(M._carc_game_score(g, argU32(player, 'player')));
	}
	/** Every player's score, in player order. */
	scores() {
		const n = this.playerCount();
		const out = [];
		for (let p = 0; p < n; p++)
			out.push(this.score(p));
		return out;
	}
	/** Figures of a kind (name or Figure) in a player's supply. */
	supply(player, figure = 'follower') {
		const g = this._live();
		const p = argU32(player, 'player');
		return check(M._carc_game_supply(g, p, figureArg(figure)));
	}
	/** Every player's supply: [{follower, phantom, tower, house, shed}]. */
	supplies() {
		const n = this.playerCount();
		const out = [];
		for (let p = 0; p < n; p++) {
			const s = {};
			for (const [v, k] of FIGURES)
				s[k] = this.supply(p, v);
			out.push(s);
		}
		return out;
	}
	/** Goods tokens of a kind ('wine', 'grain', 'cloth' or a Goods
	 *  value other than NONE) a player holds (Traders & Builders; 0
	 *  without it). */
	goods(player, kind) {
		const g = this._live();
		const p = argU32(player, 'player');
		return check(M._carc_game_goods(g, p, goodsArg(kind)),
			`goods of player ${player}`);
	}
	/** Every player's goods tokens: [{wine, grain, cloth}]. */
	allGoods() {
		const n = this.playerCount();
		const out = [];
		for (let p = 0; p < n; p++)
			out.push({ wine: this.goods(p, Goods.WINE),
				grain: this.goods(p, Goods.GRAIN),
				cloth: this.goods(p, Goods.CLOTH) });
		return out;
	}
	/** The 64-bit hash of the game state, a BigInt. */
	hash() {
		return BigInt.asUintN(64, M._carc_game_hash(this._live()));
	}
	/** Tiles left in the stack: of one type (name or number), or all. */
	remaining(tile) {
		const g = this._live();
		if (tile === undefined)
			return check(M._carc_game_remaining_total(g));
		return check(M._carc_game_remaining(g, tileArg(tile)));
	}
	/** Tiles left by type: {name: count} of the types with any left. */
	remainingByTile() {
		const out = {};
		for (let t = 0; t < TILE_TYPES; t++) {
			const n = this.remaining(t);
			if (n > 0)
				out[TILE_NAMES[t]] = n;
		}
		return out;
	}
	/** Placed tiles in placement order: [{x, y, tile, rotation}]. */
	tiles() {
		const g = this._live();
		const n = check(M._carc_game_tile_count(g));
		const out = [];
		for (let i = 0; i < n; i++) {
			check(M._carc_game_tile_at(g, i, scratch, scratch + 4,
				scratch + 8, scratch + 12));
			out.push({ x: i32(0), y: i32(4), tile: TILE_NAMES[u32(8)],
				rotation: u32(12) });
		}
		return out;
	}
	/** The tile at (x, y): {index, x, y, tile, rotation}, or null. */
	tileAt(x, y) {
		const g = this._live();
		const i = M._carc_game_tile_find(g, argI32(x, 'x'), argI32(y, 'y'));
		if (i === ErrorCode.NOT_FOUND)
			return null;
		check(i);
		check(M._carc_game_tile_at(g, i, scratch, scratch + 4, scratch + 8,
			scratch + 12));
		return { index: i, x: i32(0), y: i32(4), tile: TILE_NAMES[u32(8)],
			rotation: u32(12) };
	}
	/** Figures on the board: [{player, figure, x, y, feature}] (names). */
	figures() {
		const g = this._live();
		const n = check(M._carc_game_figure_count(g));
		const out = [];
		for (let i = 0; i < n; i++) {
			check(M._carc_game_figure_at(g, i, scratch, scratch + 4,
				scratch + 8, scratch + 12, scratch + 16));
			out.push({ player: u32(0), figure: figureName(u32(4)),
				x: i32(8), y: i32(12), feature: featureName(u32(16)) });
		}
		return out;
	}
	/** Buildings on the board: [{x, y, figure}], in building order. */
	buildings() {
		const g = this._live();
		const n = check(M._carc_game_building_count(g));
		const out = [];
		for (let i = 0; i < n; i++) {
			check(M._carc_game_building_at(g, i, scratch, scratch + 4,
				scratch + 8));
			out.push({ x: i32(0), y: i32(4), figure: figureName(u32(8)) });
		}
		return out;
	}
	/** The board's bounding box {minX, minY, maxX, maxY}. */
	bounds() {
		check(M._carc_game_bounds(this._live(), scratch, scratch + 4,
			scratch + 8, scratch + 12));
		return { minX: i32(0), minY: i32(4), maxX: i32(8), maxY: i32(12) };
	}
	/** Scoring events of the last apply: [{type ('completed', 'final',
	 *  'farm', 'goods'), featureKind ('city' …; null for 'goods'), x, y,
	 *  feature ('c1' …; null for 'goods'), tiles,
	 *  pennants, cities, scorers (bit set), points[], figures[],
	 *  buildingPoints[], phantom[] (per player)}]. */
	events() {
		const g = this._live();
		const players = this.playerCount();
		const n = check(M._carc_game_event_count(g));
		const out = [];
		for (let i = 0; i < n; i++) {
			const ev = {};
			for (const [attr, key] of EVENT_ATTRS) {
				check(M._carc_game_event_get(g, i, attr, scratch));
				ev[key] = i32(0);
			}
			ev.type = EVENT_TYPE_NAMES[ev.type];
			// a 'goods' event (Traders & Builders, at the end) names
			// no feature: kind and feature 0
			ev.featureKind = ev.featureKind ? featureKindName(ev.featureKind) : null;
			ev.feature = ev.feature ? featureName(ev.feature) : null;
			for (const [attr, key] of EVENT_PLAYER_ATTRS) {
				ev[key] = [];
				for (let p = 0; p < players; p++) {
					check(M._carc_game_event_get(g, i, attr + p, scratch));
					ev[key].push(i32(0));
				}
			}
			ev.phantom = ev.phantom.map((v) => v === 1);
			out.push(ev);
		}
		return out;
	}

	// -- board features --

	/** One attribute of the board feature containing `feature` of the
	 *  tile at (x, y) (carc_game_feature_get(); attr a number). */
	featureGet(x, y, feature, attr) {
		const g = this._live();
		const f = featureArg(feature);
		check(M._carc_game_feature_get(g, argI32(x, 'x'), argI32(y, 'y'), f,
			argU32(attr, 'attr'), scratch));
		return i32(0);
	}

	/** Everything about the board feature containing `feature` of the
	 *  tile at (x, y): {kind, id, pieces, tiles, open, complete,
	 *  pennants, cities, scorers, value, buildingValue, farmScorers,
	 *  flags, wine, grain, cloth, points[], followers[],
	 *  buildingPoints[], phantoms[], largeFollowers[], builders[],
	 *  pigs[]}. */
	feature(x, y, feature) {
		const g = this._live();
		const fx = argI32(x, 'x'), fy = argI32(y, 'y');
		const f = featureArg(feature);
		const players = this.playerCount();
		const out = {};
		for (const [attr, key] of FEATURE_ATTRS) {
			check(M._carc_game_feature_get(g, fx, fy, f, attr, scratch),
				`feature at ${x},${y}`);
			out[key] = i32(0);
		}
		out.kind = featureKindName(out.kind);
		out.complete = out.complete === 1;
		for (const [attr, key] of FEATURE_PLAYER_ATTRS) {
			out[key] = [];
			for (let p = 0; p < players; p++) {
				check(M._carc_game_feature_get(g, fx, fy, f, attr + p,
					scratch));
				out[key].push(i32(0));
			}
		}
		out.phantoms = out.phantoms.map((v) => v === 1);
		return out;
	}

	/** The pieces of the board feature: [{x, y, feature}]. */
	featurePieces(x, y, feature) {
		const g = this._live();
		const fx = argI32(x, 'x'), fy = argI32(y, 'y');
		const f = featureArg(feature);
		check(M._carc_game_feature_get(g, fx, fy, f, 3, scratch),
			`feature at ${x},${y}`);
		const n = i32(0);
		const out = [];
		for (let i = 0; i < n; i++) {
			check(M._carc_game_feature_piece_at(g, fx, fy, f, i, scratch,
				scratch + 4, scratch + 8));
			out.push({ x: i32(0), y: i32(4), feature: featureName(u32(8)) });
		}
		return out;
	}

	/** The completed cities a field supplies: [{x, y, feature}]. */
	featureCities(x, y, feature) {
		const g = this._live();
		const fx = argI32(x, 'x'), fy = argI32(y, 'y');
		const f = featureArg(feature);
		check(M._carc_game_feature_get(g, fx, fy, f, 8, scratch),
			`feature at ${x},${y}`);
		const n = i32(0);
		const out = [];
		for (let i = 0; i < n; i++) {
			check(M._carc_game_feature_city_at(g, fx, fy, f, i, scratch,
				scratch + 4, scratch + 8));
			out.push({ x: i32(0), y: i32(4), feature: featureName(u32(8)) });
		}
		return out;
	}

	/** Whether the board feature is complete. */
	featureIsComplete(x, y, feature) {
		const g = this._live();
		const f = featureArg(feature);
		return check(M._carc_game_feature_is_complete(g, argI32(x, 'x'),
			argI32(y, 'y'), f)) === 1;
	}

	/** A player's figures on the board feature. */
	featureFigures(x, y, feature, player) {
		const g = this._live();
		const f = featureArg(feature);
		return check(M._carc_game_feature_figures(g, argI32(x, 'x'),
			argI32(y, 'y'), f, argU32(player, 'player')));
	}

	// -- bots (include/carcassonne/search.h) --

	/**
	 * A move chosen by a built-in bot for the player to move (the game
	 * is not changed).  Options: kind ('random', 'greedy', 'mcts' or a
	 * BotKind; default 'mcts'), playouts, timeMs, exploration
	 * (thousandths), threads (run one after the other in WebAssembly),
	 * seed; since 0.5 raveBias (thousandths), reward (1 win, 2 margin),
	 * probing and depth (Star2.5).  With `stats: true` the result is {move, stats} instead of
	 * the move, stats {threads, playouts, elapsedUs, moves, nodes,
	 * visits, value}.
	 */
	botMove(options = {}) {
		const g = this._live();
		const fn = searchCall('_carc_bot_choose');
		if (options === null || typeof options !== 'object')
			throw new TypeError(`bot options must be an object, not ${typeName(options)}`);
		const kind = options.kind === undefined ? 0
			: typeof options.kind === 'string'
				? check(withString(options.kind,
					(p) => searchCall('_carc_bot_kind_from_name')(p)),
					`bot kind '${options.kind}'`)
				: argU32(options.kind, 'kind');
		const field = (k) => (options[k] === undefined ? 0
			: argU32(options[k], k));
		const playouts = field('playouts');
		const timeMs = field('timeMs');
		const threads = field('threads');
		const exploration = field('exploration');
		const raveBias = field('raveBias');
		const reward = field('reward');
		const probing = field('probing');
		const depth = field('depth');
		const seed = options.seed === undefined ? 0n
			: argU64(options.seed, 'seed');
		const wantStats = options.stats === undefined ? false
			: argBool(options.stats, 'stats');
		const O = Layout.bot_options, S = Layout.bot_stats;
		const o = structAt(O, scratch + 512);
		const h = M.HEAPU32;
		h[(o + O.kind) >> 2] = kind;
		h[(o + O.playouts) >> 2] = playouts;
		h[(o + O.timeMs) >> 2] = timeMs;
		h[(o + O.threads) >> 2] = threads;
		h[(o + O.exploration) >> 2] = exploration;
		h[(o + O.raveBias) >> 2] = raveBias;
		h[(o + O.reward) >> 2] = reward;
		h[(o + O.probing) >> 2] = probing;
		h[(o + O.depth) >> 2] = depth;
		heap64()[(o + O.seed) >> 3] = seed;
		const st = structAt(S, scratch + 576);
		check(fn(g, o, scratch, st), 'bot');
		const move = new Move(readU64(scratch));
		if (!wantStats)
			return move;
		const h64 = heap64();
		return { move, stats: {
			threads: h[(st + S.threads) >> 2],
			playouts: Number(h64[(st + S.playouts) >> 3]),
			elapsedUs: Number(h64[(st + S.elapsedUs) >> 3]),
			moves: h[(st + S.moves) >> 2],
			nodes: h[(st + S.nodes) >> 2],
			visits: Number(h64[(st + S.visits) >> 3]),
			value: M.HEAP32[(st + S.value) >> 2],
			reward: h[(st + S.reward) >> 2],
		} };
	}

	/** The final scores of a copy of the game played to the end with
	 *  random moves over a reshuffled stack (carc_game_playout(); the
	 *  game is not changed).  keepOrder: true plays the real stack order
	 *  (hidden information: for hosts and tests). */
	playout(seed = 0, options = {}) {
		const g = this._live();
		const fn = searchCall('_carc_game_playout');
		const s = argU64(seed, 'seed');
		if (options === null || typeof options !== 'object')
			throw new TypeError(`playout options must be an object, not ${typeName(options)}`);
		const flags = options.keepOrder !== undefined &&
			argBool(options.keepOrder, 'keepOrder') ? 1 : 0;
		const n = check(fn(g, s, flags, scratch, 8), 'playout');
		return Array.from(M.HEAP32.subarray(scratch >> 2,
			(scratch >> 2) + Math.min(n, 8)));
	}

	// -- words --

	/** The board feature containing `feature` of the tile at (x, y) in
	 *  English: where it is, its size, what it is worth now and who
	 *  holds it (carc_game_describe_feature()). */
	describeFeature(x, y, feature) {
		const g = this._live();
		const fx = argI32(x, 'x'), fy = argI32(y, 'y');
		const f = featureArg(feature);
		return words(M._carc_game_describe_feature, [g, fx, fy, f],
			'describe');
	}

	/** What `move` does in this position, in English, e.g. 'place tile
	 *  E at 0,-1, turned half a turn (r2)' (carc_game_explain_move();
	 *  call it before apply()). */
	explainMove(move) {
		const g = this._live();
		const v = moveValue(move);
		return words(M._carc_game_explain_move, [g, v], 'explain');
	}

	/** Why apply() would refuse `move` now, in English: '' for a legal
	 *  move, else the error's text and, where the rules tell more, the
	 *  rule or option that forbids it, e.g. 'not allowed by the rules in
	 *  force: the pig goes only into a field of the tile just placed that
	 *  holds one of your farmers' (carc_game_explain_refusal(); the game
	 *  is not changed). */
	explainRefusal(move) {
		const g = this._live();
		const v = moveValue(move);
		return words(M._carc_game_explain_refusal, [g, v], 'explain');
	}

	/** Scoring event `index` of the last move in English, e.g. 'the city
	 *  at 0,-1, completed with 2 tiles: P0 scores 4'
	 *  (carc_game_describe_event()). */
	describeEvent(index) {
		const g = this._live();
		const i = argU32(index, 'index');
		return words(M._carc_game_describe_event, [g, i], 'describe');
	}

	// -- the picture --

	/** The game as an SVG document (carc_game_render_svg()).  Options:
	 *  tileSize (16–512), noLegend, noScores, noLabels, lastMove,
	 *  placements (booleans), feature {x, y, feature} to highlight,
	 *  colours (up to 6 of '#rrggbb', 0xRRGGBB or 0 for the default),
	 *  flags (RenderFlag bits). */
	renderSvg(options) {
		const g = this._live();
		const o = renderOptions(options);
		const n = check(M._carc_game_render_svg(g, o, 0, 0), 'render');
		const p = M._malloc(n + 1);
		if (!p)
			throw new CarcassonneError(ErrorCode.NOMEM, 'render');
		try {
			check(M._carc_game_render_svg(g, o, p, n + 1), 'render');
			return decoder.decode(M.HEAPU8.subarray(p, p + n));
		} finally {
			M._free(p);
		}
	}
}

// ---------------------------------------------------------------------
// The learning interface (include/carcassonne/learn.h)
// ---------------------------------------------------------------------

const LEARN_DTYPES = Object.fromEntries(Object.entries(LearnDtype)
	.map(([k, v]) => [v, k.toLowerCase()]));

// struct carc_learn_shape and struct carc_learn_layout (the sections and
// observation layout of 0.5) as one object: their members but size, by
// name.
function readLearnShape(learn) {
	const out = {};
	for (const [L, fn, what] of [
		[Layout.learn_shape, M._carc_learn_shape, 'learn shape'],
		[Layout.learn_layout, M._carc_learn_layout, 'learn layout']]) {
		const s = structAt(L, scratch + 512);
		check(fn(learn, s), what);
		for (const [key, at] of Object.entries(L)) {
			if (key === 'size' || key === 'sizeof')
				continue;
			const v = M.HEAPU32[(s + at) >> 2];
			out[key] = key.endsWith('Dtype') ? LEARN_DTYPES[v] : v;
		}
	}
	return Object.freeze(out);
}

function gameArg(game, what = 'game') {
	if (!(game instanceof Game))
		throw new TypeError(`${what} must be a Game, not ${typeName(game)}`);
	return game._live();
}

function typedArg(v, cls, length, name) {
	if (!(v instanceof cls))
		throw new TypeError(`${name} must be a ${cls.name}, not ${typeName(v)}`);
	if (v.length !== length)
		throw new RangeError(`${name} has ${v.length} entries, not ${length}`);
	return v;
}

/**
 * The learning interface of one rule set, player count and window
 * (struct carc_learn, doc/api/observation.md): a fixed action space, action
 * masks, observations and batched steps for reinforcement learning.
 *
 *     const learn = new Learn({ rules, players: 2 });   // window 25
 *     const mask = learn.mask(game);                     // Uint8Array
 *     const { planes, vector } = learn.observe(game);    // for the player to move
 *     game.apply(learn.actionToMove(game, action));      // any action with mask[action]
 *
 * Every game given to it must have its rules (the same options and tile
 * counts) and player count, else InvalidArgumentError.  Results are
 * copies, never views of the wasm memory.  free() it when done.
 */
export class Learn extends Handle {
	constructor(options = {}) {
		if (options instanceof Rules)
			options = { rules: options };
		if (options === null || typeof options !== 'object' ||
		    Array.isArray(options))
			throw new TypeError(`Learn options must be {rules, players, window}, not ${typeName(options)}`);
		lib();
		const players = options.players === undefined ? 2
			: argU32(options.players, 'players');
		const window = options.window === undefined ? 0
			: argU32(options.window, 'window');
		const { rules, own } = rulesArg(options.rules);
		let ptr;
		try {
			const L = Layout.learn_options;
			const o = structAt(L, scratch + 16);
			M.HEAPU32[(o + L.window) >> 2] = window;
			check(M._carc_learn_new(rules._live(), players, o,
				scratch), `learn (${players} players, window ${window})`);
			ptr = u32(0);
		} finally {
			if (own)
				rules.free();
		}
		let shape, buffer;
		try {
			shape = readLearnShape(ptr);
			// one block for a single game's vector, planes and mask
			// (the vector: vectorLength entries, LearnVec.LENGTH or,
			// with the expansions of layout 2, LearnVec.LENGTH_MAX)
			buffer = M._malloc(4 * shape.vectorLength + shape.nPlanes *
				shape.window * shape.window + shape.nActions);
			if (!buffer)
				throw new CarcassonneError(ErrorCode.NOMEM, 'learn');
		} catch (e) {
			M._carc_learn_free(ptr);
			throw e;
		}
		super(ptr, 'learn', 'Learn', buffer);
		this._buffer = buffer;
		this._players = shape.players;
		this._nActions = shape.nActions;
		this._planeBytes = shape.nPlanes * shape.window * shape.window;
		this._vecLen = shape.vectorLength;
	}

	/** Release the learn object and its buffers (again: nothing). */
	free() {
		this._release((p) => {
			M._carc_learn_free(p);
			M._free(this._buffer);
			this._buffer = 0;
		});
	}

	/** Sizes, element types ('uint8', 'int32') and the action layout:
	 *  {players, window, nActions, nPlanes, vectorLength, maskDtype,
	 *  planeDtype, vectorDtype, rewardDtype, featuresPerTile, and
	 *  placeFirst, placeCount, … fallbackFirst, fallbackCount for the
	 *  sections place, follower, phantom, build, pass, cropChoice,
	 *  cropResponse, largeFollower, builder, pig, secondTile, fallback,
	 *  and layoutVersion, extPlaneFirst, extPlaneCount}. */
	shape() {
		return readLearnShape(this._live());
	}

	/** The board position {x, y} of window cell (0, 0), the north-west
	 *  corner, for the game now: cell (col, row) is board position
	 *  (x + col, y + row). */
	window(game) {
		const l = this._live();
		const g = gameArg(game);
		check(M._carc_learn_window(l, g, scratch, scratch + 4), 'learn window');
		return { x: i32(0), y: i32(4) };
	}

	/** The Move an action index names at the game's current decision
	 *  point, legal or not (the mask says which are legal). */
	actionToMove(game, action) {
		const l = this._live();
		const g = gameArg(game);
		const a = argU32(action, 'action');
		const rc = M._carc_learn_action_to_move(l, g, a, scratch);
		if (rc < 0)
			throw libraryError(rc, a < this._nActions ? `action ${a}`
				: `action ${a} is out of range 0..${this._nActions - 1}`);
		return new Move(readU64(scratch));
	}

	/** The action index of a move (Move, BigInt or its words) of the
	 *  game's current decision point; CarcassonneError NOT_FOUND when it
	 *  has none (outside the window). */
	moveToAction(game, move) {
		const l = this._live();
		const g = gameArg(game);
		const v = moveValue(move);
		const rc = M._carc_learn_move_to_action(l, g, v, scratch);
		if (rc < 0)
			throw libraryError(rc, `move ${new Move(v)}`);
		return u32(0);
	}

	/** The action mask of the game now: nActions bytes, 1 for each
	 *  action naming a legal move (or the fallback on offer), written
	 *  into `out` (a Uint8Array of nActions) or a new array. */
	mask(game, out) {
		const l = this._live();
		const g = gameArg(game);
		const n = this._nActions;
		if (out !== undefined)
			typedArg(out, Uint8Array, n, 'mask');
		const p = this._buffer + 4 * this._vecLen + this._planeBytes;
		check(M._carc_learn_mask(l, g, p, n), 'mask');
		const bytes = M.HEAPU8.subarray(p, p + n);
		if (out === undefined)
			return bytes.slice();
		out.set(bytes);
		return out;
	}

	/** The indices the mask sets, ascending. */
	legalActions(game) {
		const mask = this.mask(game);
		const out = [];
		for (let a = 0; a < mask.length; a++)
			if (mask[a])
				out.push(a);
		return out;
	}

	/**
	 * The observation of the game for `player` (undefined or null: the
	 * player to move): {planes, vector}, planes a Uint8Array of nPlanes x
	 * W x W (plane, then row north to south, then column west to east),
	 * vector an Int32Array of vectorLength entries (shape()).  `out` may give
	 * the arrays to write into ({planes, vector}, each of that length).
	 */
	observe(game, player, out) {
		const l = this._live();
		const g = gameArg(game);
		const p = player === undefined || player === null ? LEARN_TO_MOVE
			: argU32(player, 'player');
		if (out !== undefined && (out === null || typeof out !== 'object'))
			throw new TypeError(`out must be {planes, vector}, not ${typeName(out)}`);
		const planes = out === undefined || out.planes === undefined
			? new Uint8Array(this._planeBytes)
			: typedArg(out.planes, Uint8Array, this._planeBytes, 'planes');
		const vector = out === undefined || out.vector === undefined
			? new Int32Array(this._vecLen)
			: typedArg(out.vector, Int32Array, this._vecLen, 'vector');
		const v = this._buffer;
		const pl = v + 4 * this._vecLen;
		check(M._carc_learn_observe(l, g, p, pl, this._planeBytes, v,
			this._vecLen), p === LEARN_TO_MOVE ? 'observe'
			: `observe for player ${p}`);
		planes.set(M.HEAPU8.subarray(pl, pl + this._planeBytes));
		vector.set(M.HEAP32.subarray(v >> 2, (v >> 2) + this._vecLen));
		return { planes, vector };
	}

	// The games of a batch as handles; each one once.
	_batchGames(games) {
		if (!Array.isArray(games))
			throw new TypeError(`games must be an array of Game, not ${typeName(games)}`);
		const handles = games.map((g, i) => gameArg(g, `games[${i}]`));
		const seen = new Set();
		handles.forEach((h, i) => {
			if (seen.has(h))
				throw new InvalidArgumentError(`games[${i}] is listed twice`);
			seen.add(h);
		});
		return handles;
	}

	// Runs fn(batch, at) with a struct carc_learn_batch whose arrays lie in
	// one block of wasm memory (at: their offsets, extra: bytes more for
	// the caller at at.extra), then returns the arrays copied out.
	_batch(n, observations, extraBytes, fn) {
		const P = this._players;
		const at = {};
		const L = Layout.learn_batch;
		let size = L.sizeof;
		const take = (key, bytes) => {
			at[key] = size;
			size += Math.ceil(bytes / 8) * 8;	// no 32-bit wrap
		};
		take('extra', extraBytes);
		take('rewards', 4 * n * P);
		take('finalScores', 4 * n * P);
		take('toMove', 4 * n);
		take('done', n);
		take('masks', n * this._nActions);
		if (observations) {
			take('vectors', 4 * n * this._vecLen);
			take('planes', n * this._planeBytes);
		}
		// past 2 GiB a size would wrap in malloc()'s 32-bit argument
		const b = size < 0x80000000 ? M._malloc(size) : 0;
		if (!b)
			throw new CarcassonneError(ErrorCode.NOMEM,
				`learn batch of ${n} games (${size} bytes)`);
		try {
			const h = M.HEAPU32;
			structAt(L, b);		// flags and reset_seeds 0
			h[(b + L.rewards) >> 2] = b + at.rewards;
			h[(b + L.done) >> 2] = b + at.done;
			h[(b + L.finalScores) >> 2] = b + at.finalScores;
			h[(b + L.toMove) >> 2] = b + at.toMove;
			h[(b + L.masks) >> 2] = b + at.masks;
			h[(b + L.planes) >> 2] = observations ? b + at.planes : 0;
			h[(b + L.vectors) >> 2] = observations ? b + at.vectors : 0;
			const ended = fn(b, b + at.extra);
			const u8 = (key, len) => M.HEAPU8.slice(b + at[key],
				b + at[key] + len);
			const i32s = (key, len) => M.HEAP32.slice((b + at[key]) >> 2,
				((b + at[key]) >> 2) + len);
			return {
				ended,
				rewards: i32s('rewards', n * P),
				done: u8('done', n),
				finalScores: i32s('finalScores', n * P),
				toMove: M.HEAPU32.slice((b + at.toMove) >> 2,
					((b + at.toMove) >> 2) + n),
				masks: u8('masks', n * this._nActions),
				planes: observations ? u8('planes', n * this._planeBytes)
					: null,
				vectors: observations ? i32s('vectors', n * this._vecLen)
					: null,
			};
		} finally {
			M._free(b);
		}
	}

	/**
	 * Step n games by one action each (carc_learn_step_batch()): every
	 * action must be set in its game's mask, else nothing is played and
	 * CarcassonneError NOT_ALLOWED (GAME_OVER for a game already over) is
	 * thrown.  Options: resetSeeds (n seeds: a game that ends starts again
	 * in place with its seed), observations (default true; false leaves
	 * planes and vectors out).  Returns {ended (games that ended), and,
	 * one row per game: rewards (n x players, by seat), done, finalScores
	 * (n x players), toMove, masks (n x nActions), planes (n x nPlanes x
	 * W x W) and vectors (n x vectorLength), or null for those two}.
	 */
	stepBatch(games, actions, options = {}) {
		const l = this._live();
		const handles = this._batchGames(games);
		const n = handles.length;
		if (!Array.isArray(actions) && !(actions instanceof Uint32Array))
			throw new TypeError(`actions must be an array or Uint32Array, not ${typeName(actions)}`);
		if (actions.length !== n)
			throw new RangeError(`${actions.length} actions for ${n} games`);
		const acts = Array.from(actions, (a, i) => argU32(a, `actions[${i}]`));
		const { seeds, observations } = batchOptions(options, n, true);
		return this._batch(n, observations, 16 * n, (b, extra) => {
			const h = M.HEAPU32;
			const L = Layout.learn_batch;
			if (seeds !== null) {
				h[(b + L.flags) >> 2] = LearnBatchFlag.AUTO_RESET;
				h[(b + L.resetSeeds) >> 2] = extra;
				heap64().set(seeds, extra >> 3);
			}
			h.set(handles, (extra + 8 * n) >> 2);
			h.set(acts, (extra + 12 * n) >> 2);
			return check(M._carc_learn_step_batch(l, extra + 8 * n, n,
				extra + 12 * n, b), 'step batch');
		});
	}

	/** The masks, observations (for the player to move) and players to
	 *  move of n games without stepping them
	 *  (carc_learn_observe_batch()): {toMove, masks, planes, vectors}
	 *  as stepBatch() gives them.  Options: observations (default
	 *  true). */
	observeBatch(games, options = {}) {
		const l = this._live();
		const handles = this._batchGames(games);
		const n = handles.length;
		const { observations } = batchOptions(options, n, false);
		const r = this._batch(n, observations, 4 * n, (b, extra) => {
			M.HEAPU32.set(handles, extra >> 2);
			return check(M._carc_learn_observe_batch(l, extra, n, b),
				'observe batch');
		});
		return { toMove: r.toMove, masks: r.masks, planes: r.planes,
			vectors: r.vectors };
	}
}

function batchOptions(options, n, step) {
	if (options === null || typeof options !== 'object' ||
	    Array.isArray(options))
		throw new TypeError(`batch options must be an object, not ${typeName(options)}`);
	const observations = options.observations === undefined ? true
		: argBool(options.observations, 'observations');
	let seeds = null;
	if (step && options.resetSeeds !== undefined &&
	    options.resetSeeds !== null) {
		const rs = options.resetSeeds;
		if (!Array.isArray(rs) && !(rs instanceof BigUint64Array))
			throw new TypeError(`resetSeeds must be an array or BigUint64Array, not ${typeName(rs)}`);
		if (rs.length !== n)
			throw new RangeError(`${rs.length} reset seeds for ${n} games`);
		seeds = BigUint64Array.from(rs, (s, i) => argU64(s, `resetSeeds[${i}]`));
	}
	return { seeds, observations };
}

// What load() resolves to: every export of the module (index.d.ts types
// it as the module itself; tools/wasm/js-types.mjs and
// test/exports.test.mjs check that the two agree).
const api = Object.freeze({
	ErrorCode, Phase, MoveKind, Figure, FeatureKind, BotKind, CropChoice,
	CropSymbol, Edge, EventType, FeatureFlag, Goods, OptionType, RenderFlag,
	TurnPart, TILE_TYPES,
	TILE_UNITS, SHAPE_MAX_POINTS, CarcassonneError, InvalidArgumentError,
	IllegalMoveError, RecordError, JczError, load, init, isLoaded, _module, heapSize,
	heapTop, hasSearch, OPTIONS, OPTION_VALUES, OPTION_INFO, TILE_NAMES,
	version, versionNumber, strerror, tileName, tileFromName, featureName,
	featureFromName, featureKindName, featureKindFromName, figureName,
	figureFromName, phaseName, phaseFromName, optionName, optionFromName,
	optionValueName, optionValueFromName, optionExplain, optionIsExpansion,
	renderDefaultColour, MIN_PLAYERS, MAX_PLAYERS, tileEdge, tileFeatures,
	tileFeatureSides, tileFeaturePennants, tileDescribeFeature,
	tileFieldCities, tileFeatureFlags, tileFeatureGoods, tileSymbol,
	tileFeaturePoint, tileFeatureShape, tileSymbolArea, Move, describe,
	RulesBuilder, Rules, Game, LEARN_WINDOW_DEFAULT, LEARN_WINDOW_MIN,
	LEARN_WINDOW_MAX, LearnPlane, LearnPlayerPlane, LearnVec,
	LearnExtPlane, LearnExtPlayerPlane, LEARN_LAYOUT_VERSION, Learn,
});
