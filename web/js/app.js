// The page: a person plays Carcassonne against the library's bots, or
// hot-seat.  Every rule, move list, score and the picture of the board
// come from libcarcassonne (WebAssembly) through js/engine.js; the bots
// run in js/worker.js.  This file only shows the game and turns clicks
// into moves.
import { engine, CropSymbol, Edge, FeatureFlag, FeatureKind, Goods, TILE_UNITS } from './engine.js';

const TU = TILE_UNITS;			// tile units per tile side
const SVGNS = 'http://www.w3.org/2000/svg';
// the players' colours and their names: the picture's own (the library's
// colour-blind-safe defaults), read once the engine has loaded
let PALETTE = [];
let COLOUR_NAMES = [];
const BOTS = { human: 'Person', random: 'Random bot', greedy: 'Greedy bot', mcts: 'MCTS bot' };
// A record the page saves keeps who sits where in a comment the library's
// loader (and `carcassonne replay`) skips: "# web-seats human mcts".
const SEATS_TAG = '# web-seats';
const BUILDINGS = ['tower', 'house', 'shed'];
// the figures a player may deploy, in words (the chooser's buttons)
const FIGURE_WORDS = { follower: 'Follower', 'large-follower': 'Large follower', builder: 'Builder',
		       pig: 'Pig', phantom: 'Phantom' };
const GOODS = ['wine', 'grain', 'cloth'];
// the goods' marks on the tile in hand: a letter on a disc of its colour
const GOODS_MARK = { [Goods.WINE]: ['W', '#8e2a5c'], [Goods.GRAIN]: ['G', '#d9a400'], [Goods.CLOTH]: ['C', '#3a78b5'] };
const SYMBOLS = { [CropSymbol.PITCHFORK]: 'pitchfork', [CropSymbol.CLUB]: 'club', [CropSymbol.SHIELD]: 'shield' };
const SYMBOL_KIND = { [CropSymbol.PITCHFORK]: 'farmers', [CropSymbol.CLUB]: 'thieves', [CropSymbol.SHIELD]: 'knights' };
// paint order of the picture, by feature kind (a feature id's high nibble)
const LAYER = { [FeatureKind.FIELD]: 0, [FeatureKind.CITY]: 1, [FeatureKind.ROAD]: 2, [FeatureKind.MONASTERY]: 3 };

const $ = (id) => document.getElementById(id);

const S = {
	game: null,
	seats: [{ kind: 'human' }, { kind: 'mcts' }],
	seed: 1,
	options: {},
	botPause: 300,
	moves: [],		// legal moves of the current decision
	rotation: 0,		// the tile in hand's rotation
	pending: null,		// chosen position {x, y, rotations}
	chooser: null,		// several moves on one clicked feature
	origin: [0, 0],		// SVG units of tile (0, 0)'s corner
	view: null,		// viewBox {x, y, w, h}
	userView: false,	// the user panned or zoomed
	log: [],		// one entry per move of the history
	worker: null,
	request: 0,		// id of the bot request the page waits for
	botTimer: 0,
	highlight: null,	// feature highlighted from the final scoring
};

// For the browser test and the curious: figures the page measures.
window.carcStats = { botMoves: [], refreshMs: [], ready: false,
		    record: () => (S.game ? S.game.save() : null) };

/* ---------- messages ---------- */

function showMessage(text, kind = 'error', retry = null) {
	const box = $('message');
	clearTimeout(S.messageTimer);
	if (kind === 'info')
		S.messageTimer = setTimeout(hideMessage, 8000);
	$('message-text').textContent = text;
	box.className = kind;
	box.hidden = false;
	const r = $('message-retry');
	r.hidden = !retry;
	r.onclick = retry ? () => { hideMessage(); retry(); } : null;
}

function hideMessage() {
	$('message').hidden = true;
}

function errorText(e) {
	if (e && e.reason)
		return e.reason;	// a record's fault, without its line:column
	let text = String(e && e.message ? e.message : e);
	if (e && e.move)		// an illegal move: the page names it itself
		text = text.replace(/^[^:]*: /, '');
	return text;
}

/* ---------- names ---------- */

function playerName(p) {
	const seat = S.seats[p] || { kind: 'human' };
	const who = seat.kind === 'human' ? (humanCount() > 1 ? 'person' : 'you') : BOTS[seat.kind];
	return `P${p} (${who})`;
}

function humanCount() {
	return S.seats.filter((s) => s.kind === 'human').length;
}

function isHuman(p) {
	return !S.seats[p] || S.seats[p].kind === 'human';
}

function el(tag, attrs = {}, text = null) {
	const e = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs))
		e.setAttribute(k, v);
	if (text !== null)
		e.textContent = text;
	return e;
}

function svgEl(tag, attrs = {}) {
	const e = document.createElementNS(SVGNS, tag);
	for (const [k, v] of Object.entries(attrs))
		e.setAttribute(k, v);
	return e;
}

/* ---------- drawing a tile from the library's geometry ---------- */

// One tile with its corner at (ox, oy), drawn with the classes of the
// library's picture (its <style> is in the document with the board).
function tileSvg(tile, rot, ox, oy, extra = '') {
	const feats = engine.tileFeatures(tile)
		.filter((f) => (f >> 4) !== FeatureKind.FIELD)
		.sort((a, b) => LAYER[a >> 4] - LAYER[b >> 4]);
	const cls = { 1: 'city', 2: 'road', 4: 'mon' };
	let s = `<g class="drawn-tile ${extra}"><rect class="bg" x="${ox}" y="${oy}" width="${TU}" height="${TU}"/>`;
	s += riverSvg(tile, rot, ox, oy);
	for (const f of feats) {
		const xy = engine.featureShape(tile, rot, f);
		const pts = [];
		for (let i = 0; i < xy.length; i += 2)
			pts.push(`${ox + xy[i]},${oy + xy[i + 1]}`);
		s += `<path class="${cls[f >> 4]}" d="M${pts.join(' L')} Z"/>`;
		if ((f >> 4) === FeatureKind.CITY && engine.featurePennants(tile, f) > 0) {
			const [px, py] = engine.featurePoint(tile, rot, f);
			s += `<use href="#pennant" class="pennant" x="${ox + px + 190}" y="${oy + py - 140}"/>`;
		}
	}
	const area = engine.symbolArea(tile, rot);
	if (area) {
		const [cx, cy, r] = area;
		s += `<circle class="crop" cx="${ox + cx}" cy="${oy + cy}" r="${r}"/>` +
		     `<use href="#${SYMBOLS[engine.tileSymbol(tile)]}" class="sym" transform="translate(${ox + cx},${oy + cy}) scale(${(r * 0.8 / 100).toFixed(3)})"/>`;
	}
	s += marksSvg(tile, rot, ox, oy, feats);
	s += `<rect class="edge" x="${ox}" y="${oy}" width="${TU}" height="${TU}"/></g>`;
	return s;
}

// The River on a tile: a band from each river side to the middle (as the
// library's picture draws it), a pool at the spring and the lake.
function riverSvg(tile, rot, ox, oy) {
	const mid = [[TU / 2, 0], [TU, TU / 2], [TU / 2, TU], [0, TU / 2]];
	const sides = [0, 1, 2, 3].filter((s) => engine.tileEdge(tile, rot, s) === Edge.RIVER);
	if (!sides.length)
		return '';
	const at = (s) => `${ox + mid[s][0]} ${oy + mid[s][1]}`;
	const c = `${ox + TU / 2} ${oy + TU / 2}`;
	const band = 'class="river" fill="none" stroke="#4f8fd6" stroke-width="150"';
	if (sides.length === 1)
		return `<path ${band} d="M${at(sides[0])} L${c}"/>` +
			`<circle class="river" cx="${ox + TU / 2}" cy="${oy + TU / 2}" r="${TU / 5}" fill="#4f8fd6" stroke="#2f6fb6" stroke-width="10"/>`;
	return `<path ${band} d="M${at(sides[0])} Q${c} ${at(sides[1])}"/>`;
}

// Inns, cathedrals and goods on a tile, beside the feature's figure
// point: the page's own small marks (the board is the library's picture).
function marksSvg(tile, rot, ox, oy, feats) {
	let s = '';
	for (const f of feats) {
		const flags = engine.featureFlags(tile, f);
		const goods = (f >> 4) === FeatureKind.CITY ? engine.featureGoods(tile, f) : Goods.NONE;
		if (!flags && !goods)
			continue;
		let [px, py] = engine.featurePoint(tile, rot, f);
		px += px < TU / 2 ? 170 : -170;
		py += py < TU / 2 ? 170 : -170;
		const x = ox + px, y = oy + py;
		if (flags & FeatureFlag.INN)
			s += `<g class="inn-mark"><path d="M${x - 55},${y} L${x},${y - 50} L${x + 55},${y} Z" fill="#b03a2e" stroke="#000" stroke-width="8"/>` +
				`<rect x="${x - 40}" y="${y}" width="80" height="60" fill="#f5f0e1" stroke="#000" stroke-width="8"/></g>`;
		if (flags & FeatureFlag.CATHEDRAL)
			s += `<path class="cathedral-mark" transform="translate(${x},${y})" d="M-20,-80 H20 V-40 H55 V0 H20 V80 H-20 V0 H-55 V-40 H-20 Z" fill="#fff" stroke="#000" stroke-width="8"/>`;
		if (goods) {
			// the picture's own symbol, from its legend; else a letter
			const key = document.querySelector(`#legend-svg g.goods.${GOODS[goods - 1]}`);
			const [letter, colour] = GOODS_MARK[goods];
			s += `<g class="goods-mark" data-goods="${GOODS[goods - 1]}" transform="translate(${x},${y})"` +
				(key ? ` stroke="#000" stroke-width="7">${key.innerHTML}</g>` :
				 `><circle r="70" fill="${colour}" stroke="#000" stroke-width="8"/>` +
				 `<text y="32" text-anchor="middle" font-size="95" font-weight="bold" fill="#fff">${letter}</text></g>`);
		}
	}
	return s;
}

/* ---------- the board: the library's picture plus a layer of targets ---------- */

function renderBoard() {
	const g = S.game;
	const board = $('board');
	const key = `${g.hash()}:${JSON.stringify(S.highlight)}`;
	let svg = $('board-svg');
	if (!svg || S.boardKey !== key) {
		const opts = { flags: ['no-legend', 'no-scores', 'last-move'] };
		let text;
		try {
			text = g.renderSvg(S.highlight ? { ...opts, highlight: S.highlight } : opts);
		} catch (e) {
			// a highlight that is no longer on the board
			S.highlight = null;
			text = g.renderSvg(opts);
		}
		board.innerHTML = text.replace(/^<\?xml[^>]*>\s*/, '');
		svg = board.querySelector('svg');
		svg.id = 'board-svg';
		svg.classList.add('carc-pic');
		svg.removeAttribute('width');
		svg.removeAttribute('height');
		svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
		scopeStyle(svg);
		// the page shows the title and the players itself: drop the
		// picture's (everything before the first tile but the style)
		for (const node of [...svg.children]) {
			if (node.matches('g.tile'))
				break;
			if (!node.matches('style, defs'))
				node.remove();
		}
		const start = svg.querySelector('#tile-0-0 rect.bg');
		S.origin = [Number(start.getAttribute('x')), Number(start.getAttribute('y'))];
		svg.appendChild(svgEl('g', { id: 'overlay' }));
		S.boardKey = key;
	}
	const overlay = $('overlay');
	overlay.replaceChildren();
	buildOverlay(overlay);
	if (!S.view || !S.userView)
		fitView();
	applyView();
}

// The picture's legend (figures, buildings, crop-circle symbols, the
// marks), beside the board: the library draws it under a picture of a new
// game with the same rules; the page keeps that part of the picture.
function renderLegend(players, options) {
	const box = $('legend');
	box.replaceChildren();
	let g;
	try {
		g = engine.newGame(players, 0, options);
		box.innerHTML = g.renderSvg({ flags: ['no-scores', 'last-move'] })
			.replace(/^<\?xml[^>]*>\s*/, '');
	} catch (e) {
		box.textContent = `No legend: ${errorText(e)}`;
		return;
	} finally {
		if (g)
			g.free();
	}
	const svg = box.querySelector('svg');
	svg.classList.add('carc-pic');
	svg.id = 'legend-svg';
	scopeStyle(svg);
	const labels = [...svg.querySelectorAll('text.leg')];
	if (!labels.length) {
		box.textContent = '';
		return;
	}
	// a label's text sits 195 units under the top of its row
	const top = Math.min(...labels.map((t) => Number(t.getAttribute('y')))) - 200;
	const vb = svg.getAttribute('viewBox').split(/\s+/).map(Number);
	// a node's row: its translation, y or cy, or where its path starts
	// (the river's key is a path alone)
	const yOf = (n) => {
		const t = /translate\(\s*[-\d.]+[ ,]+([-\d.]+)/.exec(n.getAttribute('transform') || '');
		const m = /^\s*M\s*[-\d.]+[ ,]+([-\d.]+)/.exec(n.getAttribute('d') || '');
		return Number(t ? t[1] : n.getAttribute('y') ?? n.getAttribute('cy') ?? (m ? m[1] : -1));
	};
	for (const node of [...svg.children])
		if (!node.matches('style, defs') && !(yOf(node) >= top))
			node.remove();
	svg.setAttribute('viewBox', `0 ${top} ${vb[2]} ${vb[1] + vb[3] - top}`);
	svg.removeAttribute('width');
	svg.removeAttribute('height');
}

// The picture's <style> would apply to the whole page: keep its rules to
// the pictures (the board and the tile in hand, class carc-pic).
function scopeStyle(svg) {
	const style = svg.querySelector('style');
	if (!style)
		return;
	style.textContent = style.textContent.replace(/(^|})\s*([^{}]+)\{/g, (m, end, sels) =>
		end + sels.split(',').map((sel) => `.carc-pic ${sel.trim()}`).join(',') + '{');
}

function cell(x, y) {
	return [S.origin[0] + x * TU, S.origin[1] + y * TU];
}

function boardExtent() {
	let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
	const grow = (x, y) => {
		x0 = Math.min(x0, x); y0 = Math.min(y0, y);
		x1 = Math.max(x1, x); y1 = Math.max(y1, y);
	};
	for (const t of S.tiles)
		grow(t.x, t.y);
	// room for the positions next to the board
	return { x0: x0 - 1, y0: y0 - 1, x1: x1 + 1, y1: y1 + 1 };
}

function fitView() {
	const b = boardExtent();
	const [ox, oy] = cell(b.x0, b.y0);
	const pad = 100;
	S.view = { x: ox - pad, y: oy - pad,
		   w: (b.x1 - b.x0 + 1) * TU + 2 * pad, h: (b.y1 - b.y0 + 1) * TU + 2 * pad };
	// at most about 9 tiles high on a first view of a small board
	const min = 4 * TU;
	if (S.view.w < min) { S.view.x -= (min - S.view.w) / 2; S.view.w = min; }
	if (S.view.h < min) { S.view.y -= (min - S.view.h) / 2; S.view.h = min; }
	const rect = $('board').getBoundingClientRect();
	// keep the board clear of the zoom buttons at the side
	const zoom = $('zoom').getBoundingClientRect();
	const margin = rect.right - zoom.left + 4;
	const scale = Math.min(rect.width / S.view.w, rect.height / S.view.h);
	if (rect.width > 3 * margin && rect.width - S.view.w * scale < 2 * margin) {
		const k = rect.width / (rect.width - 2 * margin);
		const cx = S.view.x + S.view.w / 2, cy = S.view.y + S.view.h / 2;
		S.view.w *= k;
		S.view.h *= k;
		S.view.x = cx - S.view.w / 2;
		S.view.y = cy - S.view.h / 2;
	}
	// A big board on a small screen has small tiles: for a person's steps
	// on the tile just placed (follower, building, phantom), show the
	// tiles around it big enough for a finger, unless Fit asked for all.
	const g = S.game;
	if (!g || g.over || !isHuman(g.player) || !['deploy', 'phantom'].includes(g.phase) ||
	    S.wholeAt === S.movesKey || !rect.width || !rect.height)
		return;
	const want = matchMedia('(pointer: coarse)').matches ? 110 : 60;	// px per tile
	if (Math.min(rect.width / S.view.w, rect.height / S.view.h) * TU >= want)
		return;
	const last = lastTile();
	const [lx, ly] = cell(last.x, last.y);
	const w = rect.width / want * TU, h = rect.height / want * TU;
	S.view = { x: lx + TU / 2 - w / 2, y: ly + TU * 0.65 - h / 2, w, h };
}

function applyView() {
	const svg = $('board-svg');
	if (!svg || !S.view)
		return;
	const v = S.view;
	svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
}

// Board point (SVG units) under a client position.
function svgPoint(clientX, clientY) {
	const svg = $('board-svg');
	const ctm = svg.getScreenCTM();
	if (!ctm)
		return null;
	const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
	return [p.x, p.y];
}

function buildOverlay(overlay) {
	const g = S.game;
	if (g.over) {
		return;
	}
	const p = g.player;
	if (!isHuman(p))
		return;
	if (g.phase === 'place-tile')
		buildPlacementTargets(overlay);
	else
		buildFeatureTargets(overlay);
}

function placements() {
	const by = new Map();
	for (const m of S.moves) {
		if (m.kind !== 'place')
			continue;
		const k = `${m.x},${m.y}`;
		if (!by.has(k))
			by.set(k, { x: m.x, y: m.y, rotations: [] });
		by.get(k).rotations.push(m.rotation);
	}
	return by;
}

function buildPlacementTargets(overlay) {
	const tile = S.game.tile;
	for (const pos of placements().values()) {
		if (S.pending && S.pending.x === pos.x && S.pending.y === pos.y)
			continue;
		const [ox, oy] = cell(pos.x, pos.y);
		const fits = pos.rotations.includes(S.rotation);
		const r = svgEl('rect', {
			class: 'spot-target' + (fits ? ' fits' : ''),
			x: ox + 30, y: oy + 30, width: TU - 60, height: TU - 60, rx: 60,
			'data-x': pos.x, 'data-y': pos.y,
			'data-rotations': pos.rotations.join(' '),
		});
		const t = svgEl('title');
		t.textContent = `${pos.x},${pos.y}: ` + (fits ? 'the tile fits here as turned now' :
			`fits turned ${pos.rotations.map((q) => q * 90 + '°').join(', ')}`);
		r.appendChild(t);
		overlay.appendChild(r);
	}
	if (S.pending) {
		const [ox, oy] = cell(S.pending.x, S.pending.y);
		const gp = svgEl('g', { id: 'preview', 'data-x': S.pending.x, 'data-y': S.pending.y,
					'data-rotation': S.rotation });
		gp.innerHTML = tileSvg(tile, S.rotation, ox, oy, 'preview') +
			`<rect class="preview-frame" x="${ox}" y="${oy}" width="${TU}" height="${TU}"/>`;
		overlay.appendChild(gp);
	}
}

// Deploy, phantom, crop-circle responses and removals: one target per
// feature some legal move names; buildings beside the tile.
function buildFeatureTargets(overlay) {
	const groups = new Map();
	const builds = [];
	for (const m of S.moves) {
		if (m.kind === 'build') {
			builds.push(m);
			continue;
		}
		if (!m.feature)
			continue;
		const k = `${m.x},${m.y},${m.feature}`;
		if (!groups.has(k))
			groups.set(k, { x: m.x, y: m.y, feature: m.feature, featureId: m.featureId, moves: [] });
		groups.get(k).moves.push(m);
	}
	const tilesAt = new Map(S.tiles.map((t) => [`${t.x},${t.y}`, t]));
	const list = [...groups.values()].sort((a, b) => LAYER[a.featureId >> 4] - LAYER[b.featureId >> 4]);
	for (const gr of list) {
		const t = tilesAt.get(`${gr.x},${gr.y}`);
		const [ox, oy] = cell(gr.x, gr.y);
		const xy = engine.featureShape(t.tile, t.rotation, gr.featureId);
		const pts = [];
		for (let i = 0; i < xy.length; i += 2)
			pts.push(`${ox + xy[i]},${oy + xy[i + 1]}`);
		const [px, py] = engine.featurePoint(t.tile, t.rotation, gr.featureId);
		const kinds = [...new Set(gr.moves.map((m) => m.kind))];
		const path = svgEl('path', {
			class: 'feature-target ' + kinds.join(' ') + (gr.featureId >> 4 === FeatureKind.FIELD ? ' is-field' : ''),
			d: `M${pts.join(' L')} Z`,
			'data-x': gr.x, 'data-y': gr.y, 'data-feature': gr.feature,
			'data-px': ox + px, 'data-py': oy + py,
			'data-moves': gr.moves.map((m) => m.text).join('|'),
		});
		const title = svgEl('title');
		title.textContent = gr.moves.map((m) => m.text).join(' or ');
		path.appendChild(title);
		path.addEventListener('click', (ev) => {
			ev.stopPropagation();
			chooseFromGroup(gr.moves);
		});
		overlay.appendChild(path);
		// a dot where the figure would stand
		overlay.appendChild(svgEl('circle', { class: 'feature-dot', cx: ox + px, cy: oy + py, r: 55 }));
	}
	if (builds.length) {
		const b0 = builds[0];
		const [ox, oy] = cell(b0.x, b0.y);
		const bar = svgEl('g', { id: 'build-bar' });
		bar.appendChild(svgEl('rect', { class: 'build-bar-bg', x: ox + 40, y: oy + TU + 20,
						width: 3 * 300 + 20, height: 300, rx: 50 }));
		builds.forEach((m, i) => {
			const cx = ox + 200 + i * 300, cy = oy + TU + 170;
			const b = svgEl('g', { class: 'build-target', 'data-figure': m.figure,
					       'data-move': m.text, 'data-px': cx, 'data-py': cy });
			b.appendChild(svgEl('circle', { cx, cy, r: 130 }));
			b.appendChild(svgEl('use', { href: `#${m.figure}`, class: 'bld', x: cx, y: cy }));
			const title = svgEl('title');
			title.textContent = `build a ${m.figure} on this tile`;
			b.appendChild(title);
			b.addEventListener('click', (ev) => {
				ev.stopPropagation();
				play(m.text);
			});
			bar.appendChild(b);
		});
		overlay.appendChild(bar);
	}
}

function chooseFromGroup(moves) {
	if (moves.length === 1) {
		play(moves[0].text);
		return;
	}
	S.chooser = moves;
	renderActions();
	// the question comes into sight, wherever the panel was scrolled
	$('actions').scrollIntoView({ block: 'nearest' });
}

/* ---------- board clicks, pan and zoom ---------- */

let drag = null;
let suppressClick = false;
const touching = new Map();	// pointer id -> [x, y], for a pinch
let pinch = null;

function setupBoardEvents() {
	const board = $('board');
	board.addEventListener('pointerdown', (ev) => {
		if (ev.button !== 0 || !S.view)
			return;
		// a new gesture (its first finger, or the mouse): a pan of a
		// finger ends without a click to eat, and a finger whose end the
		// board missed (its target replaced by a bot's move) is gone
		if (ev.isPrimary || touching.size === 0) {
			suppressClick = false;
			touching.clear();
			pinch = null;
		}
		touching.set(ev.pointerId, [ev.clientX, ev.clientY]);
		if (touching.size === 2) {
			// two fingers: pinch to zoom, about the point between them
			const [a, b] = [...touching.values()];
			pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, view: { ...S.view },
				  at: svgPoint((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) };
			if (drag)
				drag.moved = true;	// no click at the end
			return;
		}
		drag = { x: ev.clientX, y: ev.clientY, view: { ...S.view }, moved: false, id: ev.pointerId };
	});
	board.addEventListener('pointermove', (ev) => {
		if (touching.has(ev.pointerId))
			touching.set(ev.pointerId, [ev.clientX, ev.clientY]);
		if (pinch && touching.size === 2) {
			const [a, b] = [...touching.values()];
			const d = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
			const v = pinch.view;
			const w = Math.min(Math.max(v.w * pinch.d / d, 1500), 120000);
			const k = w / v.w;
			const [cx, cy] = pinch.at || [v.x + v.w / 2, v.y + v.h / 2];
			S.view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w, h: v.h * k };
			S.userView = true;
			applyView();
			return;
		}
		if (!drag || drag.id !== ev.pointerId)
			return;
		const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
		if (!drag.moved && Math.hypot(dx, dy) < 5)
			return;
		if (!drag.moved)
			board.setPointerCapture(ev.pointerId);
		drag.moved = true;
		const svg = $('board-svg');
		const scale = S.view.w / svg.getBoundingClientRect().width;
		const s = Math.max(scale, S.view.h / svg.getBoundingClientRect().height);
		S.view = { ...drag.view, x: drag.view.x - dx * s, y: drag.view.y - dy * s };
		S.userView = true;
		applyView();
	});
	const end = (ev) => {
		touching.delete(ev.pointerId);
		if (touching.size < 2)
			pinch = null;
		if (drag && drag.moved)
			suppressClick = true;
		if (!drag || drag.id === ev.pointerId || touching.size === 0)
			drag = null;
	};
	board.addEventListener('pointerup', end);
	board.addEventListener('pointercancel', end);
	board.addEventListener('click', (ev) => {
		if (suppressClick) {
			suppressClick = false;
			ev.stopPropagation();
			ev.preventDefault();
		}
	}, true);
	board.addEventListener('click', onBoardClick);
	board.addEventListener('wheel', (ev) => {
		if (!S.view)
			return;
		ev.preventDefault();
		zoomAt(ev.deltaY < 0 ? 1 / 1.15 : 1.15, ev.clientX, ev.clientY);
	}, { passive: false });
	$('zoom-in').onclick = () => zoomAt(1 / 1.3);
	$('zoom-out').onclick = () => zoomAt(1.3);
	$('zoom-fit').onclick = () => { S.userView = false; S.wholeAt = S.movesKey; fitView(); applyView(); };
}

function zoomAt(f, clientX, clientY) {
	const v = S.view;
	let cx = v.x + v.w / 2, cy = v.y + v.h / 2;
	if (clientX !== undefined) {
		const p = svgPoint(clientX, clientY);
		if (p)
			[cx, cy] = p;
	}
	const w = Math.min(Math.max(v.w * f, 1500), 120000);
	const k = w / v.w;
	S.view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w, h: v.h * k };
	S.userView = true;
	applyView();
}

function onBoardClick(ev) {
	const g = S.game;
	if (!g || g.over || !isHuman(g.player))
		return;
	const t = ev.target;
	if (g.phase === 'place-tile') {
		if (t.classList.contains('spot-target')) {
			pickPosition(Number(t.dataset.x), Number(t.dataset.y));
			return;
		}
		if (t.closest && t.closest('#preview')) {
			rotate(1);
			return;
		}
		const p = svgPoint(ev.clientX, ev.clientY);
		if (!p)
			return;
		const x = Math.floor((p[0] - S.origin[0]) / TU), y = Math.floor((p[1] - S.origin[1]) / TU);
		illegalPlacement(x, y);
		return;
	}
	// a click that no target took
	const what = { deploy: 'a figure or a building', phantom: 'the phantom',
		       'second-tile': 'nothing on the board',
		       'crop-response': g.cropAction === 'remove' ? 'the figure to remove' : 'a figure',
		       'crop-choice': 'nothing on the board' }[g.phase] || 'a move';
	showMessage(`That is not a legal move here: click a highlighted place for ${what}` +
		    (S.moves.some((m) => m.kind === 'pass') ? ', or Pass.' : '.'), 'error');
}

// The engine says why a position does not take the tile; the game is
// not changed (a failed move changes nothing).
function illegalPlacement(x, y) {
	const text = `place ${x},${y} r${S.rotation}`;
	let why = 'no turn of the tile fits there';
	try {
		if (S.game.isLegal(text)) {
			pickPosition(x, y);
			return;
		}
		S.game.apply(text);	// fails: that is the point
		why = 'the engine took it';
	} catch (e) {
		why = errorText(e);
	}
	showMessage(`The tile cannot go at ${x},${y}: ${why}. Click a highlighted square.`, 'error');
	refresh();
}

function pickPosition(x, y) {
	const pos = placements().get(`${x},${y}`);
	if (!pos)
		return illegalPlacement(x, y);
	hideMessage();
	if (!pos.rotations.includes(S.rotation)) {
		// the first legal turn clockwise from the one in hand
		for (let i = 1; i < 4; i++)
			if (pos.rotations.includes((S.rotation + i) % 4)) {
				S.rotation = (S.rotation + i) % 4;
				break;
			}
	}
	S.pending = pos;
	refresh();
}

function rotate(dir) {
	const g = S.game;
	if (!g || g.phase !== 'place-tile' || !isHuman(g.player))
		return;
	if (S.pending) {
		const rs = S.pending.rotations;
		for (let i = 1; i <= 4; i++) {
			const r = (S.rotation + 4 + dir * i) % 4;
			if (rs.includes(r)) {
				S.rotation = r;
				break;
			}
		}
	} else {
		S.rotation = (S.rotation + 4 + dir) % 4;
	}
	refresh();
}

function confirmPlacement() {
	if (!S.pending)
		return;
	play(`place ${S.pending.x},${S.pending.y} r${S.rotation}`);
}

/* ---------- playing moves ---------- */

// The log's sentence for move `text` of `game`, said before the move is
// played: the library's words (carc_game_explain_move) after the
// player's name.
function describeMove(game, text) {
	let what;
	try {
		what = game.explain(text);
	} catch (e) {
		what = text;
	}
	return `${playerName(game.player)}: ${what}`;
}

// The moves of a game as its record writes them ("P0 place D 1,0 r1").
function recordMoves(game) {
	return game.save().split('\n').filter((l) => /^P\d+ /.test(l));
}

function play(text) {
	const g = S.game;
	const player = g.player;
	const phase = g.phase;
	const words = describeMove(g, text);
	try {
		g.apply(text);
	} catch (e) {
		showMessage(`Illegal move "${text}": ${errorText(e)}. The game is unchanged.`, 'error');
		refresh();
		return false;
	}
	hideMessage();
	S.log.push({ player, phase, text, words, syntax: recordMoves(g).pop(), events: g.events() });
	S.pending = null;
	S.chooser = null;
	S.highlight = null;
	refresh();
	return true;
}

// Pass, and pass the phantom's step that follows in the same turn.
function endTurn() {
	const g = S.game;
	const p = g.player;
	if (!play('pass'))
		return;
	if (!g.over && g.player === p && g.phase === 'phantom' && isHuman(p) &&
	    S.moves.some((m) => m.kind === 'pass'))
		play('pass');
}

// A scoring event in words: the library's (carc_game_describe_event).
function eventText(e) {
	return e.words;
}

/* ---------- bots in a worker ---------- */

function ensureWorker() {
	if (S.worker)
		return S.worker;
	const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
	w.onmessage = (ev) => onBotAnswer(ev.data);
	w.onerror = (ev) => {
		ev.preventDefault();
		botFailed(S.request, `the bot's worker stopped (${ev.message || 'it could not start'})`);
		w.terminate();
		if (S.worker === w)
			S.worker = null;
	};
	S.worker = w;
	return w;
}

function requestBot() {
	const g = S.game;
	const p = g.player;
	const kind = S.seats[p].kind;
	const id = ++S.request;
	const msg = { id, record: g.save(), bot: kind, seed: S.seed * 100003 + g.historyLength,
		      sent: performance.now(), player: p, history: g.historyLength };
	S.waiting = msg;
	$('status').textContent = `${playerName(p)} is thinking…`;
	try {
		ensureWorker().postMessage({ id, record: msg.record, bot: kind, seed: msg.seed });
	} catch (e) {
		botFailed(id, errorText(e));
	}
}

function onBotAnswer(a) {
	const w = S.waiting;
	if (!w || a.id !== w.id || a.id !== S.request)
		return;		// an answer to a request the page no longer waits for
	if (a.error) {
		botFailed(a.id, a.error);
		return;
	}
	const ms = performance.now() - w.sent;
	const g = S.game;
	if (g.historyLength !== w.history || !g.isLegal(a.move)) {
		botFailed(a.id, `it answered "${a.move}", which is not a legal move here`);
		return;
	}
	window.carcStats.botMoves.push({ bot: S.seats[w.player].kind, player: w.player,
					 phase: g.phase, ms, thinkMs: a.ms, playouts: a.playouts, move: a.move });
	S.waiting = null;
	$('status').textContent = '';
	if (play(a.move))
		S.log[S.log.length - 1].bot = ms;
	renderLog();
}

function botFailed(id, why) {
	if (!S.waiting || S.waiting.id !== id)
		return;
	const p = S.waiting.player;
	S.waiting = null;
	$('status').textContent = '';
	showMessage(`${playerName(p)} failed: ${why}. The game is as it was.`, 'error', () => {
		refresh();
	});
	renderSide();
}

function scheduleBot() {
	clearTimeout(S.botTimer);
	const g = S.game;
	if (!g || g.over || isHuman(g.player) || S.waiting || !$('message').hidden && $('message-retry').hidden === false)
		return;
	S.botTimer = setTimeout(() => {
		if (S.game === g && !g.over && !isHuman(g.player) && !S.waiting)
			requestBot();
	}, S.botPause);
}

/* ---------- the side panel ---------- */

function phasePrompt() {
	const g = S.game;
	if (g.over)
		return ['Game over', finalSummary()];
	const p = g.player;
	const who = playerName(p);
	const tileName = engine.tileName(g.tile);
	if (!isHuman(p))
		return [`${who} to move`, S.waiting ? 'Thinking…' : ''];
	switch (g.phase) {
	case 'place-tile':
		return [`${who}: place tile ${tileName}`, S.pending ?
			'Turn the tile (⟲ ⟳, or click it) and press Place.' :
			'Click a highlighted square (bright squares take the tile as turned now).'];
	case 'deploy': {
		const b = S.moves.some((m) => m.kind === 'build');
		const special = [...new Set(S.moves.filter((m) => m.kind === 'deploy' && m.figure !== 'follower')
			.map((m) => (FIGURE_WORDS[m.figure] || m.figure).toLowerCase()))];
		return [`${who}: deploy`, `Click a highlighted feature of the tile for a follower` +
			(special.length ? ` or your ${special.join(', ')} (where several fit, the page asks which)` : '') +
			`${b ? ', a building below the tile' : ''}, or Pass.`];
	}
	case 'second-tile':
		return [`${who}: the builder's second tile`, 'Your tile extended the road or city of your builder: take a second tile this turn, or not.'];
	case 'phantom':
		return [`${who}: the phantom`, 'Click a highlighted feature for the phantom, or Pass.'];
	case 'crop-choice': {
		const sym = engine.tileSymbol(lastTile().tile);
		return [`${who}: crop circle`, `The ${SYMBOLS[sym]} calls the ${SYMBOL_KIND[sym]}: choose whether every player adds one next to his own, or removes one.`];
	}
	case 'crop-response': {
		const sym = engine.tileSymbol(lastTile().tile);
		const act = g.cropAction;
		return [`${who}: crop circle (${act})`, act === 'remove' ?
			`Click one of your ${SYMBOL_KIND[sym]} to take it back.` :
			`Click a highlighted feature to add a figure next to one of your ${SYMBOL_KIND[sym]}, or Pass.`];
	}
	default:
		return [who, g.phase];
	}
}

function lastTile() {
	return S.tiles[S.tiles.length - 1];
}

function renderActions() {
	const box = $('actions');
	box.replaceChildren();
	const g = S.game;
	if (g.over || !isHuman(g.player) || S.waiting)
		return;
	if (S.chooser) {
		box.appendChild(el('p', {}, 'Which figure?'));
		for (const m of S.chooser) {
			const what = FIGURE_WORDS[m.figure] || m.figure;
			const label = m.kind === 'remove' ? `Take back the ${what.toLowerCase()}` : what;
			const b = el('button', { type: 'button', class: 'action', 'data-move': m.text,
						 'data-figure': m.figure, title: m.text }, label);
			b.onclick = () => play(m.text);
			box.appendChild(b);
		}
		const c = el('button', { type: 'button', class: 'action' }, 'Cancel');
		c.onclick = () => { S.chooser = null; renderActions(); };
		box.appendChild(c);
		return;
	}
	// With the phantom in supply, passing the follower step leads to the
	// phantom's: one button passes both and ends the turn.
	const phantomNext = g.phase === 'deploy' && (S.gameOptions || {}).phantom === 'on' &&
		g.supply(g.player, 'phantom') > 0;
	if (phantomNext && S.moves.some((m) => m.kind === 'pass')) {
		const b = el('button', { type: 'button', class: 'action', 'data-move': 'end-turn',
					 title: 'Place no follower and no phantom' }, 'End turn');
		b.onclick = endTurn;
		box.appendChild(b);
	}
	for (const m of S.moves) {
		let label = null;
		if (m.kind === 'pass')
			label = phantomNext ? 'Pass, then the phantom' : 'Pass';
		else if (m.kind === 'crop-choice')
			label = m.figure === 'deploy' ? 'Everybody adds a figure' : 'Everybody removes a figure';
		else if (m.kind === 'build')
			label = `Build a ${m.figure}`;
		else if (m.kind === 'second-tile')
			label = 'Take the second tile';
		if (m.kind === 'pass' && g.phase === 'second-tile')
			label = 'No second tile';
		if (!label)
			continue;
		const b = el('button', { type: 'button', class: 'action', 'data-move': m.text }, label);
		b.onclick = () => play(m.text);
		box.appendChild(b);
	}
}

function renderHand() {
	const g = S.game;
	const hand = $('hand');
	const placing = !g.over && g.phase === 'place-tile';
	if (!placing) {
		// the tile just placed, faded (none at the end)
		const last = S.tiles[S.tiles.length - 1];
		hand.innerHTML = g.over || S.tiles.length < 2 ? '' : tileSvg(last.tile, last.rotation, 0, 0);
		hand.removeAttribute('data-tile');
	} else {
		hand.innerHTML = tileSvg(g.tile, S.rotation, 0, 0);
		hand.setAttribute('data-tile', engine.tileName(g.tile));
		hand.setAttribute('data-rotation', S.rotation);
	}
	const human = placing && isHuman(g.player);
	$('rotate-left').disabled = !human;
	$('rotate-right').disabled = !human;
	$('confirm-place').disabled = !(human && S.pending);
	$('cancel-place').disabled = !(human && S.pending);
}

function renderPlayers() {
	const g = S.game;
	const body = $('players').tBodies[0];
	body.replaceChildren();
	const opts = S.gameOptions || {};
	const phantom = opts.phantom === 'on';
	const lb = opts['little-buildings'] === 'on';
	const shared = buildingsShared(opts);
	const ic = opts['inns-cathedrals'] === 'on';
	const tb = opts['traders-builders'] === 'on';
	$('th-phantom').hidden = !phantom;
	$('th-buildings').hidden = !lb;
	$('th-large').hidden = !ic;
	$('th-builder-pig').hidden = !tb;
	$('th-goods').hidden = !tb;
	// many columns: smaller type, so that the table keeps to the panel
	$('players').classList.toggle('many', [phantom, lb, ic, tb, tb].filter(Boolean).length >= 3);
	$('th-buildings').title = shared ? 'Building tokens in supply (each may be a tower, a house or a shed)' :
		'Buildings in supply: tower / house / shed';
	for (let p = 0; p < g.players; p++) {
		const tr = el('tr', { 'data-player': p });
		if (!g.over && p === g.player)
			tr.className = 'current';
		const name = el('td');
		const sw = el('span', { class: 'swatch', style: `background:${PALETTE[p]}`, title: COLOUR_NAMES[p] });
		name.append(sw, ` ${playerName(p)}`);
		tr.appendChild(name);
		tr.appendChild(el('td', { class: 'pts' }, String(g.score(p))));
		tr.appendChild(el('td', { class: 'followers' }, String(g.supply(p, 'follower'))));
		if (phantom)
			tr.appendChild(el('td', { class: 'phantom' }, String(g.supply(p, 'phantom'))));
		if (lb)
			tr.appendChild(el('td', { class: 'buildings' }, shared ? String(g.supply(p, 'tower')) :
				BUILDINGS.map((b) => g.supply(p, b)).join(' / ')));
		if (ic)
			tr.appendChild(el('td', { class: 'large' }, String(g.supply(p, 'large-follower'))));
		if (tb) {
			tr.appendChild(el('td', { class: 'builder-pig', title: 'builder / pig in supply' },
				`${g.supply(p, 'builder')}/${g.supply(p, 'pig')}`));
			const goods = g.goods(p);
			tr.appendChild(el('td', { class: 'goods', title: GOODS.map((k) => `${goods[k]} ${k}`).join(', ') },
				GOODS.map((k) => goods[k]).join('/')));
		}
		body.appendChild(tr);
	}
	$('tiles-left').textContent = String(g.remaining);
	$('rules-line').textContent = rulesInWords(opts);
}

// Whether a player's building tokens are one pool, each token any of the
// three kinds (doc/users/rules.md#lb-distribution: the rules' distribution with
// standard values); then the page shows one count.
function buildingsShared(opts) {
	return (opts['lb-scoring'] || 'standard') === 'standard' &&
		(opts['lb-distribution'] || 'rules') === 'rules';
}

function renderLog() {
	const ol = $('log');
	ol.replaceChildren();
	S.log.forEach((entry, i) => {
		const li = el('li', { 'data-index': i });
		li.appendChild(el('span', { class: 'who', style: `border-color:${PALETTE[entry.player]}` }));
		li.append(el('span', { class: 'words' }, entry.words),
			  el('span', { class: 'syntax' }, entry.syntax || `P${entry.player} ${entry.text}`));
		if (entry.bot)
			li.append(el('span', { class: 'ms' }, ` ${Math.round(entry.bot)} ms`));
		const gameEnd = S.game.over && i === S.log.length - 1;
		for (const e of entry.events) {
			if (gameEnd && e.type !== 'completed')
				continue;	// the final scoring has its own table
			li.appendChild(el('div', { class: 'event' }, eventText(e)));
		}
		ol.appendChild(li);
	});
	ol.scrollTop = ol.scrollHeight;
}

function finalSummary() {
	const g = S.game;
	const scores = Array.from({ length: g.players }, (_, p) => g.score(p));
	const best = Math.max(...scores);
	const winners = scores.map((s, p) => [s, p]).filter(([s]) => s === best).map(([, p]) => playerName(p));
	return `${winners.join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'} with ${best} points.`;
}

// The final scoring: every event of the last move, by player and kind.
function renderFinal() {
	const g = S.game;
	const box = $('final');
	if (!g.over) {
		box.hidden = true;
		return;
	}
	box.hidden = false;
	const body = $('final-body');
	body.replaceChildren();
	const last = S.log[S.log.length - 1];
	const events = last ? last.events.filter((e) => e.type !== 'completed') : [];
	const n = g.players;
	const cats = ['road', 'city', 'monastery', 'farm', 'goods', 'buildings'];
	const sums = Array.from({ length: n }, () => Object.fromEntries(cats.map((c) => [c, 0])));
	for (const e of events)
		for (let p = 0; p < n; p++) {
			sums[p][e.type === 'farm' || e.type === 'goods' ? e.type : e.kind] += e.points[p];
			sums[p].buildings += e.buildingPoints[p];
		}
	const table = el('table', { id: 'final-table' });
	const head = el('tr');
	head.append(el('th', {}, ''), ...Array.from({ length: n }, (_, p) => el('th', {}, `P${p}`)));
	table.appendChild(head);
	const row = (label, vals, cls = '') => {
		const tr = el('tr', { class: cls });
		tr.append(el('th', {}, label), ...vals.map((v) => el('td', {}, String(v))));
		table.appendChild(tr);
	};
	const finals = sums.map((s) => cats.reduce((a, c) => a + s[c], 0));
	const scores = Array.from({ length: n }, (_, p) => g.score(p));
	row('during the game', scores.map((s, p) => s - finals[p]));
	row('incomplete roads', sums.map((s) => s.road));
	row('incomplete cities', sums.map((s) => s.city));
	row('incomplete monasteries', sums.map((s) => s.monastery));
	row('farms', sums.map((s) => s.farm));
	if ((S.gameOptions || {})['traders-builders'] === 'on')
		row('goods', sums.map((s) => s.goods));
	if (sums.some((s) => s.buildings))
		row('building points', sums.map((s) => s.buildings));
	row('total', scores, 'total');
	body.appendChild(table);
	body.appendChild(el('p', { class: 'winner' }, finalSummary()));
	const ul = el('ul', { id: 'final-events' });
	for (const e of events) {
		const li = el('li', e.feature ? { tabindex: 0, title: 'show it on the board' } : { class: 'no-feature' }, eventText(e));
		if (e.feature)
			li.onclick = () => {
				S.highlight = { x: e.x, y: e.y, feature: e.feature };
				for (const other of ul.children)
					other.classList.toggle('selected', other === li);
				renderBoard();
			};
		ul.appendChild(li);
	}
	body.appendChild(el('p', {}, 'Each feature scored at the end (click one to see it on the board):'));
	body.appendChild(ul);
}

function renderSide() {
	const [turn, prompt] = phasePrompt();
	$('turn').textContent = turn;
	$('prompt').textContent = prompt;
	renderHand();
	renderActions();
	renderPlayers();
	renderLog();
	renderFinal();
	$('undo').disabled = S.historyLength === 0 || humanCount() === 0;
	$('save').disabled = false;
	document.body.dataset.phase = S.game.over ? 'game-over' : S.game.phase;
	document.body.dataset.player = S.game.over ? '' : S.game.player;
	document.body.dataset.moves = String(S.historyLength);
}

function refresh() {
	if (!S.game)
		return;
	const t0 = performance.now();
	const key = String(S.game.hash());
	if (S.movesKey !== key) {
		// what the page reads more than once per position
		S.moves = S.game.over ? [] : S.game.legalMoves();
		S.tiles = S.game.tiles();
		S.historyLength = S.game.historyLength;
		S.movesKey = key;
		// a new tile in hand comes turned so that it fits somewhere
		const turns = S.moves.filter((m) => m.kind === 'place').map((m) => m.rotation);
		if (turns.length)
			S.rotation = Math.min(...turns);
	}
	if (S.pending && (S.game.phase !== 'place-tile' || !placements().has(`${S.pending.x},${S.pending.y}`)))
		S.pending = null;
	renderBoard();
	renderSide();
	window.carcStats.refreshMs.push(performance.now() - t0);
	scheduleBot();
}

/* ---------- undo, records ---------- */

function undo() {
	const g = S.game;
	if (!g || g.historyLength === 0)
		return;
	S.request++;		// forget a bot's answer in flight
	S.waiting = null;
	clearTimeout(S.botTimer);
	try {
		do {
			g.undo();
			S.log.pop();
		} while (g.historyLength > 0 && !isHuman(g.player));
	} catch (e) {
		showMessage(`Undo failed: ${errorText(e)}`, 'error');
	}
	hideMessage();
	S.pending = null;
	S.chooser = null;
	S.highlight = null;
	refresh();
}

// The library's record with the seats in a comment after "players N".
function savedRecord() {
	const lines = S.game.save().split('\n');
	const at = lines.findIndex((l) => /^players /.test(l));
	lines.splice(at + 1, 0, `${SEATS_TAG} ${S.seats.map((s) => s.kind).join(' ')}`);
	return lines.join('\n');
}

// The seats a record names, or null (a record of another program, or one
// whose seats do not match its players).
function seatsOfRecord(text, players) {
	for (const line of text.split('\n')) {
		if (!line.startsWith(SEATS_TAG + ' '))
			continue;
		const kinds = line.slice(SEATS_TAG.length).trim().split(/\s+/);
		if (kinds.length === players && kinds.every((k) => k in BOTS))
			return kinds.map((kind) => ({ kind }));
	}
	return null;
}

function openRecord() {
	$('record-text').value = S.game ? savedRecord() : '';
	$('record-error').hidden = true;
	$('record-dialog').showModal();
}

function downloadRecord() {
	const text = $('record-text').value;
	const a = el('a', { download: `carcassonne-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.txt` });
	a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
	document.body.appendChild(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// Rebuild the log of a loaded game: take every move back on a copy and
// play it again, noting who moved and what it scored.
function rebuildLog(game) {
	const copy = engine.load(game.save());
	try {
		const moves = copy.history();
		const syntax = recordMoves(copy);
		while (copy.historyLength > 0)
			copy.undo();
		const log = [];
		moves.forEach((m, i) => {
			const p = copy.player, phase = copy.phase;
			const words = describeMove(copy, m);
			copy.apply(m);
			log.push({ player: p, phase, text: m, words, syntax: syntax[i], events: copy.events() });
		});
		return log;
	} finally {
		copy.free();
	}
}

function loadRecord(text) {
	let g;
	try {
		g = engine.load(text);
	} catch (e) {
		const where = e.line ? ` (line ${e.line}${e.column ? `, column ${e.column}` : ''})` : '';
		const msg = `This record does not load${where}: ${errorText(e)}. The game is as it was.`;
		$('record-error').textContent = msg;
		$('record-error').hidden = false;
		showMessage(msg, 'error');
		return false;
	}
	const seats = seatsOfRecord(text, g.players);
	const oldSeats = S.seats;
	S.seats = seats || Array.from({ length: g.players }, () => ({ kind: 'human' }));
	let log;
	try {
		log = rebuildLog(g);
	} catch (e) {
		g.free();
		S.seats = oldSeats;
		showMessage(`This record does not load: ${errorText(e)}. The game is as it was.`, 'error');
		return false;
	}
	S.request++;
	S.waiting = null;
	clearTimeout(S.botTimer);
	if (S.game)
		S.game.free();
	S.game = g;
	S.gameOptions = optionsOfRecord(text);
	S.log = log;
	S.pending = null;
	S.chooser = null;
	S.highlight = null;
	S.userView = false;
	S.rotation = 0;
	$('record-dialog').close();
	showMessage(`Loaded a record of ${g.historyLength} moves: ` + S.seats.map((s, p) => playerName(p)).join(', ') +
		    (seats ? '.' : ' (the record names no seats: every seat is played by a person).'), 'info');
	renderLegend(g.players, S.gameOptions);
	refresh();
	return true;
}

function optionsOfRecord(text) {
	const out = {};
	for (const line of text.split('\n')) {
		const m = /^option (\S+) (\S+)$/.exec(line.trim());
		if (m)
			out[m[1]] = m[2];
	}
	return out;
}

/* ---------- new game ---------- */

function renderSeats() {
	const ol = $('seats');
	ol.replaceChildren();
	S.draftSeats.forEach((seat, i) => {
		const li = el('li', { class: 'seat' });
		const sw = el('span', { class: 'swatch', style: `background:${PALETTE[i]}` });
		const sel = el('select', { class: 'seat-kind', 'data-seat': i, 'aria-label': `Player ${i}` });
		for (const [k, label] of Object.entries(BOTS)) {
			const o = el('option', { value: k }, label);
			if (k === seat.kind)
				o.selected = true;
			sel.appendChild(o);
		}
		sel.onchange = () => { seat.kind = sel.value; };
		li.append(sw, ` P${i} `, sel);
		if (S.draftSeats.length > 2) {
			const rm = el('button', { type: 'button', class: 'remove-seat', title: 'Remove this player' }, '×');
			rm.onclick = () => { S.draftSeats.splice(i, 1); renderSeats(); };
			li.appendChild(rm);
		}
		ol.appendChild(li);
	});
	$('add-seat').disabled = S.draftSeats.length >= 6;
}

// The options that switch an expansion on: the library's table
// (carc_option_is_expansion).
let expansionNames = null;
const expansions = () => (expansionNames ||= engine.options().filter((o) => o.expansion).map((o) => o.name));

// The words for the library's options (OPTION_INFO gives the names, kinds,
// ranges and defaults; doc/users/rules.md explains each): a label, and labels
// of a choice's values.  An option missing here shows its record name.
const OPTION_WORDS = {
	'farm-scoring': ['Farm scoring', { 'per-field': 'each field, 3 per city (current rules)',
					   'per-city': 'each city once, 4 points (first edition)',
					   'per-field-once': 'each field, a city once per player (2001)' }],
	farmers: ['Farmers in play'],
	'small-city': ['Old rule: a two-tile city scores 2'],
	followers: ['Followers per player'],
	phantom: ['The Phantom'],
	'crop-circles-i': ['Crop Circles I'],
	'crop-circles-ii': ['Crop Circles II'],
	'little-buildings': ['Little Buildings'],
	'lb-scoring': ['Building values', { standard: '1 point each', '3-2-1': 'tower 3, house 2, shed 1' }],
	'lb-distribution': ['Building tokens', { rules: '18 shared out, each any kind (rules)',
						 jcz: '6 of each kind shared out (JCloisterZone)' }],
	'lb-zero-field': ['Buildings score in a field next to no completed city'],
	'lb-per-city-fields': ['Buildings score in fields under per-city farm scoring'],
	'crop-deploy-any': ['Crop circle: add next to anyone\'s figure, not only one\'s own'],
	'crop-deploy-mandatory': ['Crop circle: adding a figure is compulsory'],
	'crop-phantom': ['Crop circle: the phantom takes part'],
	'crop-after-phantom': ['Crop circle: may add after placing the phantom this turn'],
	river: ['The River'],
	'river-start-tile': ['River: the base start tile', { removed: 'out of the game',
							     'after-river': 'first tile after the lake',
							     'in-river-stack': 'shuffled into the river' }],
	'river-u-turn': ['River: turns refused', { adjacent: 'two adjacent curves the same way',
						    successive: 'two curves in a row the same way',
						    allowed: 'none',
						    jcz: 'no room ahead (JCloisterZone)' }],
	'inns-cathedrals': ['Inns & Cathedrals'],
	'traders-builders': ['Traders & Builders'],
	'builder-turn': ['Builder: the second tile', { optional: 'the player may take it',
						       mandatory: 'always taken (JCloisterZone)' }],
	'phantom-with-figure': ['Phantom: allowed in a turn the builder or pig was deployed'],
	'builder-on-completed': ['Builder: allowed on a road or city its tile completes'],
	'river-lake-turn': ['River: the lake', { turn: 'placed in a turn of its own',
						 automatic: 'laid by the engine' }],
};
const optionLabel = (name) => (OPTION_WORDS[name] || [name])[0];
const valueLabel = (name, value) => ((OPTION_WORDS[name] || [])[1] || {})[value] || value;
// the expansion a detail of the rules belongs to, to show it under it
const OPTION_PARENT = (name) => expansions().includes(name) ? null :
	name.startsWith('lb-') ? 'little-buildings' :
	name.startsWith('crop-') ? 'crop-circles-ii' :
	name.startsWith('river-') ? 'river' :
	['builder-turn', 'phantom-with-figure', 'builder-on-completed'].includes(name)
		? 'traders-builders' : null;

// The library's options, each detail of an expansion under it.
function orderedOptions() {
	const all = engine.options();
	const out = [];
	for (const o of all)
		if (!OPTION_PARENT(o.name)) {
			out.push(o);
			out.push(...all.filter((d) => OPTION_PARENT(d.name) === o.name));
		}
	return out;
}

// The rules of the game in words: the expansions, then what differs
// from the defaults.
function rulesInWords(opts) {
	const info = engine.options();
	const on = expansions().filter((n) => opts[n] === 'on').map(optionLabel);
	const other = [];
	for (const o of info) {
		if (expansions().includes(o.name) || opts[o.name] === undefined)
			continue;
		const parent = OPTION_PARENT(o.name);
		if (parent && !(parent === 'crop-circles-ii' ? opts['crop-circles-i'] === 'on' || opts[parent] === 'on' : opts[parent] === 'on'))
			continue;
		const def = o.type === 'number' ? String(o.def) : (o.values.find((v) => v.value === o.def) || {}).name;
		if (opts[o.name] === def)
			continue;
		other.push(o.type === 'switch' ? `${optionLabel(o.name)}: ${opts[o.name] === 'on' ? 'yes' : 'no'}` :
			`${optionLabel(o.name)}: ${valueLabel(o.name, opts[o.name])}`);
	}
	return `Rules: ${on.length ? on.join(', ') : 'the base game'}` + (other.length ? `; ${other.join('; ')}` : '') + '.';
}

function renderOptions() {
	const box = $('options');
	box.replaceChildren();
	let group = null;
	for (const o of orderedOptions()) {
		const label = el('label', { class: 'option' });
		const cur = S.options[o.name];
		let input;
		label.title = `option ${o.name} of the game record ` +
			'(doc/users/rules.md)';
		if (o.type === 'switch') {
			input = el('input', { type: 'checkbox', 'data-option': o.name });
			input.checked = cur !== undefined ? cur === 'on' : o.def === 1;
			label.append(input, ` ${optionLabel(o.name)}`);
		} else if (o.type === 'choice') {
			input = el('select', { 'data-option': o.name });
			for (const v of o.values) {
				const opt = el('option', { value: v.name }, valueLabel(o.name, v.name));
				if (cur !== undefined ? cur === v.name : v.value === o.def)
					opt.selected = true;
				input.appendChild(opt);
			}
			label.append(`${optionLabel(o.name)} `, input);
		} else {
			input = el('input', { type: 'number', min: o.min, max: o.max, step: 1,
					      value: cur !== undefined ? cur : o.def, 'data-option': o.name });
			label.append(`${optionLabel(o.name)} (${o.min} to ${o.max}) `, input);
		}
		if (expansions().includes(o.name))
			label.classList.add('expansion');
		else if (OPTION_PARENT(o.name))
			label.classList.add('sub');
		// an expansion and its details stay together
		if (!OPTION_PARENT(o.name) || !group) {
			group = el('div', { class: 'option-group' });
			box.appendChild(group);
		}
		group.appendChild(label);
	}
}

function readOptions() {
	const out = {};
	for (const input of $('options').querySelectorAll('[data-option]')) {
		const name = input.dataset.option;
		out[name] = input.type === 'checkbox' ? (input.checked ? 'on' : 'off') : String(input.value);
	}
	return out;
}

function setExpansions(on) {
	for (const name of expansions()) {
		const input = $('options').querySelector(`[data-option="${name}"]`);
		if (input)
			input.checked = on;
	}
}

function openSetup() {
	S.draftSeats = S.seats.map((s) => ({ ...s }));
	renderSeats();
	renderOptions();
	$('seed').value = String(Math.floor(Math.random() * 1e6));
	$('bot-pause').value = String(S.botPause);
	$('setup-error').hidden = true;
	$('setup').showModal();
}

function startGame() {
	const options = readOptions();
	const seed = Number($('seed').value);
	let g;
	try {
		if (!Number.isInteger(seed) || seed < 0)
			throw new Error('the seed must be a whole number, 0 or more');
		g = engine.newGame(S.draftSeats.length, seed, options);
	} catch (e) {
		$('setup-error').textContent = `Cannot start: ${errorText(e)}`;
		$('setup-error').hidden = false;
		return;
	}
	S.request++;
	S.waiting = null;
	clearTimeout(S.botTimer);
	if (S.game)
		S.game.free();
	S.game = g;
	S.seats = S.draftSeats;
	S.seed = seed;
	S.options = options;
	S.gameOptions = options;
	S.botPause = Number($('bot-pause').value);
	S.log = [];
	S.pending = null;
	S.chooser = null;
	S.highlight = null;
	S.userView = false;
	S.rotation = 0;
	$('setup').close();
	hideMessage();
	renderLegend(g.players, options);
	refresh();
}

/* ---------- start ---------- */

function setupControls() {
	$('new-game').onclick = openSetup;
	$('undo').onclick = undo;
	$('save').onclick = openRecord;
	$('load').onclick = openRecord;
	$('message-close').onclick = () => {
		hideMessage();
		scheduleBot();	// a bot that failed tries again
	};
	$('rotate-left').onclick = () => rotate(-1);
	$('rotate-right').onclick = () => rotate(1);
	$('confirm-place').onclick = confirmPlacement;
	$('cancel-place').onclick = () => { S.pending = null; refresh(); };
	$('add-seat').onclick = () => {
		if (S.draftSeats.length < 6)
			S.draftSeats.push({ kind: 'random' });
		renderSeats();
	};
	$('all-expansions').onclick = () => setExpansions(true);
	$('base-game').onclick = () => setExpansions(false);
	$('start').onclick = startGame;
	$('setup-cancel').onclick = () => $('setup').close();
	$('record-close').onclick = () => $('record-dialog').close();
	$('record-download').onclick = downloadRecord;
	$('log-syntax').onchange = () => $('log').classList.toggle('show-syntax', $('log-syntax').checked);
	$('record-load').onclick = () => loadRecord($('record-text').value);
	$('record-file').onchange = async (ev) => {
		const f = ev.target.files[0];
		if (f)
			$('record-text').value = await f.text();
	};
	document.addEventListener('keydown', (ev) => {
		if (document.querySelector('dialog[open]') || ev.target.matches('input, textarea, select'))
			return;
		if (ev.key === 'q' || ev.key === 'Q')
			rotate(-1);
		else if (ev.key === 'e' || ev.key === 'E')
			rotate(1);
		else if (ev.key === 'Enter' && S.pending)
			confirmPlacement();
		else if (ev.key === 'Escape' && S.pending) {
			S.pending = null;
			refresh();
		} else if ((ev.ctrlKey || ev.metaKey) && ev.key === 'z')
			undo();
	});
	setupBoardEvents();
}

async function main() {
	setupControls();
	try {
		await engine.init();
		const colours = engine.colours();
		PALETTE = colours.map((c) => c.rgb);
		COLOUR_NAMES = colours.map((c) => c.name);
	} catch (e) {
		$('board-empty').textContent = `The rules engine did not load: ${errorText(e)}`;
		showMessage(`The rules engine did not load: ${errorText(e)}`, 'error');
		return;
	}
	window.carcStats.ready = true;
	$('board-empty').textContent = 'No game yet: New game starts one, Load record continues a saved one.';
	document.body.dataset.ready = '1';
	openSetup();
}

main();
