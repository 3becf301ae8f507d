// The few shapes the page wants, over the JavaScript package of
// libcarcassonne (bindings/js, served as carcassonne/): moves as plain
// objects with their record text, tiles by number for the geometry
// calls, render options by name.  No rule lives here: every answer is the
// library's.
import * as carc from '../carcassonne/carcassonne.mjs';

export const EngineError = carc.CarcassonneError;
// the header's constants the page uses (by name, never by number)
export const { CropSymbol, Edge, FeatureFlag, FeatureKind, Goods, TILE_UNITS } = carc;

// 'place', 'deploy', 'pass', 'crop-choice', 'remove' by move kind, and
// 'follower' ... 'shed' by figure: the package's names, lower case
const words = (e) => Object.fromEntries(Object.entries(e)
	.map(([k, v]) => [v, k.toLowerCase().replace(/_/g, '-')]));
const KIND = words(carc.MoveKind);
const FIGURES = words(carc.Figure);
const BUILDINGS = new Set([carc.Figure.TOWER, carc.Figure.HOUSE, carc.Figure.SHED]);

// A move of the library as the page uses it.
function moveInfo(m) {
	let kind = KIND[m.kind];
	if (kind === 'deploy' && BUILDINGS.has(m.figure))
		kind = 'build';
	return {
		kind, text: m.toString(),
		x: m.x, y: m.y, rotation: m.rotation,
		figure: m.kind === carc.MoveKind.CROP_CHOICE ? (m.figure === carc.CropChoice.DEPLOY ? 'deploy' : 'remove') : FIGURES[m.figure] || null,
		featureId: m.feature,
		feature: m.feature ? carc.featureName(m.feature) : null,
	};
}

const tileId = (name) => carc.TILE_NAMES.indexOf(name);

export const engine = {
	async init(options = {}) {
		await carc.load(options);
		return engine;
	},
	/** [{name, type, min, max, def, expansion, values: [{value, name}]}]
	 *  of every option of the library */
	options() {
		return carc.OPTION_INFO.map((o) => ({
			name: o.name, type: o.type, min: o.min, max: o.max, def: o.default,
			expansion: carc.optionIsExpansion(o.number),
			values: o.values ? Object.entries(o.values).map(([name, value]) => ({ name, value })) : [],
		}));
	},
	newGame(players, seed, options) {
		const rules = new carc.Rules(options);
		try {
			return new Game(new carc.Game({ rules, players, seed }));
		} finally {
			rules.free();
		}
	},
	load(text) {
		return new Game(carc.Game.load(text));
	},
	/** [{rgb: '#rrggbb', name}] of the six seats: the picture's colours */
	colours() { return [0, 1, 2, 3, 4, 5].map((s) => carc.renderDefaultColour(s)); },
	tileName(t) { return carc.TILE_NAMES[t]; },
	tileFeatures(t) { return carc.tileFeatures(t); },
	featureName(f) { return carc.featureName(f); },
	/** [x0, y0, x1, y1, ...] in tile units */
	featureShape(t, r, f) { return carc.tileFeatureShape(t, r, f).flat(); },
	/** [x, y] */
	featurePoint(t, r, f) { const p = carc.tileFeaturePoint(t, r, f); return [p.x, p.y]; },
	featurePennants(t, f) { return carc.tileFeaturePennants(t, f); },
	/** [x, y, radius] or null */
	symbolArea(t, r) { const a = carc.tileSymbolArea(t, r); return a && [a.x, a.y, a.radius]; },
	tileSymbol(t) { return carc.tileSymbol(t); },
	/** the Edge of side s (N, E, S, W) of tile t turned r */
	tileEdge(t, r, s) { return carc.tileEdge(t, r, s); },
	/** FeatureFlag bits: an inn, a cathedral */
	featureFlags(t, f) { return carc.tileFeatureFlags(t, f); },
	/** the Goods symbol of a city */
	featureGoods(t, f) { return carc.tileFeatureGoods(t, f); },
};

export class Game {
	constructor(g) { this.g = g; }
	free() { this.g.free(); }
	get players() { return this.g.playerCount(); }
	get phase() { return this.g.phaseName(); }
	get player() { return this.g.currentPlayer(); }
	get over() { return this.g.isOver(); }
	get tile() { const t = this.g.currentTile(); return t === null ? null : tileId(t); }
	get cropAction() { const a = this.g.cropAction(); return a === carc.CropChoice.DEPLOY ? 'deploy' : a === carc.CropChoice.REMOVE ? 'remove' : null; }
	get remaining() { return this.g.remaining(); }
	get historyLength() { return this.g.history().length; }
	hash() { return this.g.hash(); }
	legalMoves() { return this.g.legalMoves().map(moveInfo); }
	apply(text) { this.g.apply(text); }
	isLegal(text) {
		try {
			return this.g.isLegal(text);
		} catch {
			return false;	// not even a move
		}
	}
	history() { return this.g.history().map((m) => m.toString()); }
	undo() { this.g.undo(); }
	save() { return this.g.save(); }
	renderSvg(opts = {}) {
		const o = { colours: opts.colours };
		for (const f of opts.flags || [])
			o[{ 'no-legend': 'noLegend', 'no-scores': 'noScores', 'no-labels': 'noLabels',
			    'last-move': 'lastMove', placements: 'placements' }[f]] = true;
		if (opts.highlight)
			o.feature = opts.highlight;
		return this.g.renderSvg(o);
	}
	score(p) { return this.g.score(p); }
	supply(p, figure) { return this.g.supply(p, figure); }
	/** a player's goods tokens: {wine, grain, cloth} */
	goods(p) { return this.g.allGoods()[p]; }
	tiles() { return this.g.tiles().map((t) => ({ ...t, tile: tileId(t.tile) })); }
	/** [{player, figure ('follower', 'large-follower', 'builder', 'pig' ...), x, y, feature}] */
	figures() { return this.g.figures(); }
	events() {
		return this.g.events().map((e, i) => ({ ...e, kind: e.featureKind, words: this.g.describeEvent(i) }));
	}
	/** What move `text` does here, in the library's English (before
	 *  apply()). */
	explain(text) { return this.g.explainMove(text); }
	/** The library's bot ('random', 'greedy', 'mcts' at its default
	 *  setting): {move (its text), stats}. */
	botChoose(kind, seed) {
		if (typeof carc.hasSearch !== 'function' || !carc.hasSearch())
			throw new Error('this build of the library has no bots (carc_bot_choose)');
		const { move, stats } = this.g.botMove({ kind, seed, stats: true });
		return { move: move.toString(), stats };
	}
}
