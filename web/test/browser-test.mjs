// The web page in a real browser: Debian's Chromium driven by
// puppeteer-core (no browser download).  The test
//   1. at 1280x800 with a mouse, plays a whole hot-seat game with every
//      expansion by clicking the page (tile positions, rotation,
//      followers, the phantom, buildings, crop circles, End turn, the
//      river, the large follower, the builder and the pig chosen among
//      the figures that fit a feature, the builder's second tile taken
//      and declined),
//      choosing each move with its own copy of the library in Node and
//      checking that the page offers exactly the legal moves and shows
//      each player's supply and goods as the library counts them;
//   2. clicks an illegal place (a message over the board, which does not
//      move) and loads a damaged record (a message, the game as it was),
//      takes a move back with Undo, saves the record, replays it with the
//      native `carcassonne replay` and compares the final scores, and
//      loads a saved record again;
//   3. at 390x844 on a touch screen, plays a whole game with every
//      expansion against the greedy bot by taps (every new choice of the
//      three big expansions tapped at least once), saves it and resumes
//      it with its seats;
//   4. at 360x640, 844x390 and 2560x1440, opens every dialog and a loaded
//      game; at every size the board is at least 60 % of the width, every
//      dialog and the toolbar fit the screen, nothing scrolls sideways;
//   5. plays against the MCTS bot (in its Web Worker) and times its
//      answers; a bot whose worker fails gives a message and a Retry.
// Screenshots go to the output directory (web-*.png).
//
// usage: node browser-test.mjs --site DIR --cli PATH --out DIR
//        [--source DIR] [--chromium PATH] [--seed N] [--mcts-moves N]
//        [--mcts-only 1]  (part 5 alone: to measure the bot)
//        [--parts 1,3,4,5]  (some parts only, while working on the page)
// Exit 77 (skip) when Chromium is missing, unless CI=true.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { extname, join, resolve, normalize } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
	if (a.startsWith('--'))
		acc.push([a.slice(2), all[i + 1]]);
	return acc;
}, []));
const SITE = resolve(args.site || 'build-web');
const CLI = args.cli;
const OUT = resolve(args.out || '.');
const CHROMIUM = args.chromium || process.env.CHROMIUM || '/usr/bin/chromium';
const SEED = Number(args.seed || 7);
const MCTS_MOVES = Number(args['mcts-moves'] || 10);
const PARTS = new Set((args.parts || (args['mcts-only'] ? '5' : '1,3,4,5')).split(','));
const t0 = Date.now();

function skip(why) {
	if (process.env.CI === 'true') {
		console.error(`FAIL: ${why} (CI=true: the browser test may not be skipped)`);
		process.exit(1);
	}
	console.log(`SKIP: ${why}`);
	process.exit(77);
}

if (!existsSync(CHROMIUM))
	skip(`no Chromium at ${CHROMIUM} (apt-get install chromium, or tools/install-deps.sh --tests)`);
let puppeteer;
try {
	puppeteer = (await import('puppeteer-core')).default;
} catch (e) {
	skip(`puppeteer-core is not installed (cd web && npm ci): ${e.message}`);
}
if (!existsSync(join(SITE, 'index.html')))
	throw new Error(`no page at ${SITE} (tools/serve-web.sh --build-only builds it)`);

let failures = 0;
class Done extends Error {}
function check(cond, what) {
	if (!cond) {
		failures++;
		console.error(`not ok: ${what}`);
		throw new Error(what);
	}
}

/* ---------- a static server for the page ---------- */

const MIME = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
	       '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
	       '.json': 'application/json', '.txt': 'text/plain' };
const server = createServer((req, res) => {
	const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
	const file = join(SITE, path.endsWith('/') ? path + 'index.html' : path);
	if (!file.startsWith(SITE) || !existsSync(file)) {
		res.writeHead(404);
		res.end('not found');
		return;
	}
	res.writeHead(200, { 'Content-Type': MIME[extname(file)] || 'application/octet-stream' });
	res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const URL_ = `http://127.0.0.1:${server.address().port}/index.html`;

/* ---------- the library in Node, to choose moves ---------- */

const { engine } = await import(pathToFileURL(join(SITE, 'js', 'engine.js')).href);
await engine.init();

// a small seeded PRNG for the test's choices
let rng = SEED * 2654435761 % 4294967296 || 1;
function rand(n) {
	rng ^= rng << 13; rng >>>= 0;
	rng ^= rng >>> 17;
	rng ^= rng << 5; rng >>>= 0;
	return rng % n;
}

/* ---------- the browser ---------- */

const profile = mkdtempSync(join(tmpdir(), 'carc-chromium-'));
const browser = await puppeteer.launch({
	executablePath: CHROMIUM,
	headless: true,
	args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
	       '--disable-background-networking', '--disable-component-update', '--disable-sync',
	       `--user-data-dir=${profile}`],
});
const pageErrors = [];
let page = null;
let touch = false;		// taps on a touch screen, or mouse clicks
let screen = '';		// 'WxH' of the page

// A new page of width x height (a phone's touch screen when `hasTouch`),
// loaded and ready.
async function openPage(width, height, hasTouch) {
	if (page)
		await page.close();
	page = await browser.newPage();
	touch = hasTouch;
	screen = `${width}x${height}`;
	await page.emulate({ viewport: { width, height, hasTouch, isMobile: hasTouch, deviceScaleFactor: 1 },
			     userAgent: await browser.userAgent() });
	page.on('pageerror', (e) => pageErrors.push(e.message));
	page.on('console', (m) => { if (m.type() === 'error' && !/404/.test(m.text())) pageErrors.push(m.text()); });
	// a bot whose worker cannot start, on demand
	await page.evaluateOnNewDocument(() => {
		const Real = window.Worker;
		window.Worker = function (url, opts) {
			if (window.carcBreakNextWorker) {
				window.carcBreakNextWorker = false;
				return new Real(String(url) + '.missing.js', opts);
			}
			return new Real(url, opts);
		};
	});
	await page.goto(URL_);
	await page.waitForSelector('body[data-ready="1"]', { timeout: 20000 });
}

// A tap or a click at a point of the screen.
const press = (x, y) => (touch ? page.touchscreen.tap(x, y) : page.mouse.click(x, y));

mkdirSync(OUT, { recursive: true });
const shot = async (name) => {
	const path = join(OUT, `web-${name}.png`);
	await page.screenshot({ path });
	console.log(`screenshot ${path}`);
};
const movesDone = async () => Number(await page.$eval('body', (b) => b.dataset.moves));
const phaseOf = async () => page.$eval('body', (b) => b.dataset.phase);
const messageShown = async () => page.$eval('#message', (m) => (m.hidden ? null : { kind: m.className, text: document.getElementById('message-text').textContent.trim() }));

async function startGame(seats, seed) {
	if (!(await page.$('#setup[open]')))
		await clickOn('#new-game');
	await page.waitForSelector('#setup[open]');
	await checkDialog('setup');
	// seats: set the count, then the kinds
	while ((await page.$$('.seat')).length > seats.length)
		await clickOn('.remove-seat');
	while ((await page.$$('.seat')).length < seats.length)
		await clickOn('#add-seat');
	for (let i = 0; i < seats.length; i++)
		await page.select(`.seat-kind[data-seat="${i}"]`, seats[i]);
	await clickOn('#all-expansions');
	await page.$eval('#seed', (e, v) => { e.value = v; }, String(seed));
	await page.select('#bot-pause', '0');
	await clickOn('#start');
	await page.waitForSelector('#board-svg');
	await page.waitForSelector('#setup:not([open])');
}

// An open dialog lies inside the screen and scrolls no way but down.
async function checkDialog(id) {
	const d = await page.$eval(`#${id}`, (e) => {
		const r = e.getBoundingClientRect();
		return { open: e.open, x: r.x, y: r.y, right: r.right, bottom: r.bottom,
			 sw: e.scrollWidth, cw: e.clientWidth, vw: innerWidth, vh: innerHeight };
	});
	check(d.open, `dialog ${id} is open`);
	check(d.x >= 0 && d.y >= 0 && d.right <= d.vw + 0.5 && d.bottom <= d.vh + 0.5 && d.sw <= d.cw,
	      `at ${screen} dialog ${id} fits the screen: ${JSON.stringify(d)}`);
}

// The page at this size: the board at least 60 % of the width and 40 %
// of the height, the toolbar inside the screen, nothing scrolls.
async function checkLayout() {
	const r = await page.evaluate(() => {
		const b = document.getElementById('board').getBoundingClientRect();
		const de = document.documentElement;
		return { vw: innerWidth, vh: innerHeight, bw: b.width, bh: b.height,
			 sw: de.scrollWidth, sh: de.scrollHeight,
			 tools: Math.max(...[...document.querySelectorAll('#toolbar button')]
				.map((e) => e.getBoundingClientRect().right)) };
	});
	check(r.bw >= 0.6 * r.vw && r.bh >= 0.4 * r.vh,
	      `at ${screen} the board is ${r.bw.toFixed(0)}x${r.bh.toFixed(0)} px (at least 60 % wide, 40 % high)`);
	check(r.sw <= r.vw && r.sh <= r.vh, `at ${screen} the page does not scroll: ${JSON.stringify(r)}`);
	check(r.tools <= r.vw, `at ${screen} the toolbar fits: ${r.tools}`);
	return r;
}

// The record without the page's seats line is the library's.
const SEATS_LINE = /^# web-seats .*\n/m;
const libraryRecord = (text) => text.replace(SEATS_LINE, '');

async function pageRecord() {
	await clickOn('#save');
	await page.waitForSelector('#record-dialog[open]');
	await checkDialog('record-dialog');
	const text = await page.$eval('#record-text', (t) => t.value);
	await clickOn('#record-close');
	return text;
}

async function loadRecord(text) {
	await clickOn('#load');
	await page.waitForSelector('#record-dialog[open]');
	await page.$eval('#record-text', (t, v) => { t.value = v; }, text);
	await clickOn('#record-load');
}

// the client position of a board point (SVG units)
async function screenOf(px, py) {
	return page.$eval('#board-svg', (svg, x, y) => {
		const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
		return [p.x, p.y];
	}, px, py);
}

// the person's turn (P0), or the end of the game
const ourTurn = () => page.waitForFunction(() => document.body.dataset.phase === 'game-over' ||
	document.body.dataset.player === '0', { timeout: 30000 });

// the page shows a game of exactly n moves (a record just loaded)
async function waitLoaded(n) {
	await page.waitForFunction((k) => Number(document.body.dataset.moves) === k, { timeout: 20000 }, n);
}

// the page has played n moves (or more: a bot answers quickly)
async function waitMoves(n) {
	await page.waitForFunction((k) => Number(document.body.dataset.moves) >= k, { timeout: 20000 }, n);
}

const phantomShown = new Set();
const stats = { rotations: 0, followers: 0, phantoms: 0, buildings: 0, cropChoices: 0,
		cropResponses: 0, passes: 0, endTurns: 0, places: 0, riverTiles: 0,
		largeFollowers: 0, builders: 0, pigs: 0, figureChoices: 0, secondTiles: 0,
		secondTileDeclines: 0 };
const SPECIAL = { 'large-follower': 'largeFollowers', builder: 'builders', pig: 'pigs' };

// The centre of an element on the screen, or null.
function centre(sel) {
	return page.$eval(sel, (e) => {
		if (e.closest('#side, dialog'))
			e.scrollIntoView({ block: 'center' });
		const r = e.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	}).catch(() => null);
}

// A real click (mouse moved, pressed and released there) or tap on an
// element.
async function clickOn(sel) {
	const c = await centre(sel);
	check(c, `an element ${sel} to click`);
	await press(c[0], c[1]);
}

// Make move m (the library's text) on the page by clicking.
async function clickMove(game, m, before) {
	const phase = game.phase;
	if (m.kind === 'place') {
		// the page offers exactly the library's positions
		const [spots, at] = await page.evaluate((x, y) => {
			const rs = [...document.querySelectorAll('.spot-target')];
			const t = rs.find((r) => r.dataset.x === String(x) && r.dataset.y === String(y));
			const b = t && t.getBoundingClientRect();
			return [rs.map((r) => `${r.dataset.x},${r.dataset.y}`).sort(),
				b && [b.x + b.width / 2, b.y + b.height / 2]];
		}, m.x, m.y);
		const want = [...new Set(game.legalMoves().map((x) => `${x.x},${x.y}`))].sort();
		check(JSON.stringify(spots) === JSON.stringify(want), `placements offered ${spots} = legal ${want}`);
		await press(at[0], at[1]);
		await page.waitForSelector(`#preview[data-x="${m.x}"][data-y="${m.y}"]`, { timeout: 5000 });
		const rot = await centre('#rotate-right');
		for (let i = 0; i < 4; i++) {
			const r = await page.$eval('#preview', (p) => Number(p.dataset.rotation));
			if (r === m.rotation)
				break;
			await press(rot[0], rot[1]);
			stats.rotations++;
		}
		check(await page.$eval('#preview', (p) => Number(p.dataset.rotation)) === m.rotation, 'rotation reached');
		await clickOn('#confirm-place');
		stats.places++;
		if (/^RI-/.test(engine.tileName(game.tile)))
			stats.riverTiles++;
	} else if (m.kind === 'second-tile') {
		check(phase === 'second-tile', `the second tile is offered at its phase (${phase})`);
		if (!shotSecond.has(screen)) {
			await shot(`${screen}-second-tile`);
			shotSecond.add(screen);
		}
		const label = await page.$eval('#actions button[data-move="second-tile"]', (b) => b.textContent);
		check(label === 'Take the second tile', `the second tile's button says: ${label}`);
		await clickOn('#actions button[data-move="second-tile"]');
		stats.secondTiles++;
	} else if (m.kind === 'pass' && phase === 'second-tile') {
		// the builder's second tile declined: its own button, in words
		const label = await page.$eval('#actions button[data-move="pass"]', (b) => b.textContent);
		check(label === 'No second tile', `the decline's button says: ${label}`);
		await clickOn('#actions button[data-move="pass"]');
		stats.secondTileDeclines++;
	} else if (m.kind === 'end-turn') {
		await clickOn('#actions button[data-move="end-turn"]');
		stats.endTurns++;
	} else if (m.kind === 'pass' || m.kind === 'crop-choice') {
		await clickOn(`#actions button[data-move="${m.text}"]`);
		if (m.kind === 'pass')
			stats.passes++;
		else
			stats.cropChoices++;
	} else if (m.kind === 'build') {
		await clickOn(`.build-target[data-figure="${m.figure}"]`);
		stats.buildings++;
	} else {
		// a feature: click where the figure would stand
		const sel = `.feature-target[data-x="${m.x}"][data-y="${m.y}"][data-feature="${m.feature}"]`;
		const t = await page.evaluate((s) => {
			const e = document.querySelector(s);
			if (!e)
				return null;
			const p = new DOMPoint(Number(e.dataset.px), Number(e.dataset.py))
				.matrixTransform(document.getElementById('board-svg').getScreenCTM());
			return { x: p.x, y: p.y, several: e.dataset.moves.split('|').length > 1 };
		}, sel);
		check(t, `a target for ${m.text}`);
		await press(t.x, t.y);
		if (t.several) {
			// the page asks which figure: exactly the moves on that
			// feature, by name
			await page.waitForSelector('#actions button[data-figure]');
			const offered = await page.$$eval('#actions button[data-figure]', (bs) =>
				bs.map((b) => `${b.dataset.move}=${b.textContent}`));
			const words = { follower: 'Follower', 'large-follower': 'Large follower', builder: 'Builder',
					pig: 'Pig', phantom: 'Phantom' };
			const want = game.legalMoves().filter((x) => x.feature === m.feature && x.x === m.x && x.y === m.y)
				.map((x) => `${x.text}=${x.kind === 'remove' ? `Take back the ${words[x.figure].toLowerCase()}` : words[x.figure]}`);
			check(JSON.stringify(offered) === JSON.stringify(want), `the figures offered ${offered} = ${want}`);
			if (!shotChooser && phase === 'deploy') {
				await shot(`${screen}-which-figure`);
				shotChooser = true;
			}
			await clickOn(`#actions button[data-move="${m.text}"]`);
			stats.figureChoices++;
		}
		if (phase === 'crop-response')
			stats.cropResponses++;
		else if (m.figure === 'phantom')
			stats.phantoms++;
		else if (SPECIAL[m.figure])
			stats[SPECIAL[m.figure]]++;
		else
			stats.followers++;
	}
	await waitMoves(before + (m.moves || 1));
	const msg = await messageShown();
	check(!msg || msg.kind !== 'error', `no error after ${m.text}: ${msg && msg.text}`);
}

// The move the test plays: every kind of move, often enough.
function choose(game) {
	const ms = game.legalMoves();
	const of = (k) => ms.filter((m) => m.kind === k);
	switch (game.phase) {
	case 'deploy': {
		const b = of('build'), d = of('deploy');
		// the large follower, the builder and the pig whenever they may go
		const sp = d.filter((m) => SPECIAL[m.figure]);
		if (sp.length && rand(4) < 3)
			return sp[rand(sp.length)];
		if (b.length && (stats.buildings === 0 || rand(3) === 0))
			return b[rand(b.length)];
		if (d.length && rand(10) < 6)
			return d[rand(d.length)];
		const pass = ms.find((m) => m.kind === 'pass');
		if (pass && game.supply(game.player, 'phantom') > 0 && (stats.endTurns === 0 || rand(2) === 0))
			return endTurn(game);
		return pass || ms[0];
	}
	case 'phantom': {
		const d = of('deploy');
		if (d.length && rand(10) < 7)
			return d[rand(d.length)];
		return ms.find((m) => m.kind === 'pass') || ms[0];
	}
	case 'second-tile':
		// taken the first time, declined the second, then either
		if (stats.secondTiles === 0 || stats.secondTileDeclines > 0 && rand(3) > 0)
			return of('second-tile')[0] || of('pass')[0];
		return of('pass')[0];
	default:
		return ms[rand(ms.length)];
	}
}

// The side panel's supplies and goods, as the library counts them.
async function checkSide(game) {
	const side = await page.evaluate(() => Object.fromEntries(['followers', 'large', 'builder-pig', 'goods']
		.map((c) => [c, [...document.querySelectorAll(`#players td.${c}`)].map((t) => t.textContent)])));
	const n = game.players;
	const want = {
		followers: Array.from({ length: n }, (_, p) => String(game.supply(p, 'follower'))),
		large: Array.from({ length: n }, (_, p) => String(game.supply(p, 'large-follower'))),
		'builder-pig': Array.from({ length: n }, (_, p) => `${game.supply(p, 'builder')}/${game.supply(p, 'pig')}`),
		goods: Array.from({ length: n }, (_, p) => { const g = game.goods(p); return `${g.wine}/${g.grain}/${g.cloth}`; }),
	};
	check(JSON.stringify(side) === JSON.stringify(want), `at ${screen} the players' supplies and goods ${JSON.stringify(side)} = ${JSON.stringify(want)}`);
	return side;
}

// A record of three players with the river, an inn or a cathedral, a
// builder, a pig and goods on the board, found by playing seeded games
// that deploy the new figures whenever they may (its own PRNG: the
// clicked games' choices stay the same).
function expansionsRecord() {
	for (let seed = 1; seed < 500; seed++) {
		const game = engine.newGame(3, seed, ALL);
		let r = seed;
		const pick = (n) => { r = (r * 1103515245 + 12345) % 2147483648; return r % n; };
		try {
			while (!game.over) {
				const ms = game.legalMoves();
				const sp = ms.filter((m) => SPECIAL[m.figure] || m.kind === 'second-tile');
				const d = ms.filter((m) => m.kind === 'deploy' && m.figure === 'follower');
				game.apply((sp.length ? sp[pick(sp.length)] : d.length && pick(2) ? d[pick(d.length)] : ms[pick(ms.length)]).text);
				if (game.phase === 'place-tile' && game.tiles().length > 25 && showsExpansions(game))
					return { record: game.save(), moves: game.historyLength };
			}
		} finally {
			game.free();
		}
	}
	throw new Error('no seeded game shows every expansion at once');
}

// A board with the river, an inn or a cathedral, a builder, a pig and
// goods taken: the moment for a screenshot.
function showsExpansions(game) {
	const tiles = game.tiles().map((t) => engine.tileName(t.tile));
	const figs = new Set(game.figures().map((f) => f.figure));
	const goods = Array.from({ length: game.players }, (_, p) => game.goods(p))
		.reduce((a, g) => a + g.wine + g.grain + g.cloth, 0);
	const innOrCathedral = game.tiles().some((t) => engine.tileFeatures(t.tile).some((f) => engine.featureFlags(t.tile, f)));
	return tiles.some((t) => /^RI-/.test(t)) && figs.has('builder') && figs.has('pig') && goods > 0 && innOrCathedral;
}

// "End turn" at the follower's step with the phantom in supply: a pass,
// and a pass of the phantom's step when it follows.
function endTurn(game) {
	const copy = engine.load(game.save());
	try {
		const p = copy.player;
		copy.apply('pass');
		const texts = ['pass'];
		if (!copy.over && copy.player === p && copy.phase === 'phantom')
			texts.push('pass');
		return { kind: 'end-turn', text: 'end-turn', texts, moves: texts.length };
	} finally {
		copy.free();
	}
}

function applyMove(game, m) {
	for (const t of m.texts || [m.text])
		game.apply(t);
}

/* ---------- 1 and 2: a hot-seat game with every expansion ---------- */

const ALL = { phantom: 'on', 'crop-circles-i': 'on', 'crop-circles-ii': 'on', 'little-buildings': 'on',
	      river: 'on', 'inns-cathedrals': 'on', 'traders-builders': 'on' };
let shotChooser = false;
const shotSecond = new Set();
try {
	await openPage(1280, 800, false);
	await page.waitForSelector('#setup[open]');
	await checkDialog('setup');
	await shot('setup');
	// the options in words: no record name (lb-zero-field) as a label
	{
		const labels = await page.$$eval('#options label', (ls) => ls.map((l) => l.textContent.trim()));
		const raw = engine.options().map((o) => o.name).filter((n) => labels.some((l) => l === n || (n.includes('-') && l.includes(n))));
		check(labels.length === engine.options().length && raw.length === 0,
		      `every option has a label in words: ${labels.length} labels, raw names ${raw}`);
	}
	// Cancel on the first dialog: no game, and the page says what to do
	await clickOn('#setup-cancel');
	await page.waitForSelector('#setup:not([open])');
	{
		const empty = await page.$eval('#board-empty', (e) => e.textContent);
		check(/New game/.test(empty) && !/Loading/.test(empty), `after Cancel the board says: ${empty}`);
	}
	await checkLayout();
	let midRecord = null, midScores = null, midMoves = 0;
	if (PARTS.has('1')) {
	await startGame(['human', 'greedy'], SEED);
	let game = engine.newGame(2, SEED, ALL);
	await shot('start');
	// the legend of the picture, for these rules
	{
		const leg = await page.$$eval('#legend text.leg', (ts) => ts.map((t) => t.textContent));
		for (const want of ['farmer (field)', 'phantom', 'tower', 'pitchfork: farmers', 'pennant',
				    'large follower', 'inn (road)', 'cathedral (city)', 'builder (road, city)',
				    'pig (field)', 'wine (goods)', 'grain (goods)', 'cloth (goods)', 'river'])
			check(leg.includes(want), `the legend shows "${want}": ${leg}`);
		const box = await page.$eval('#legend svg', (e) => e.getBoundingClientRect().height);
		check(box > 50, `the legend is drawn (${box} px high)`);
		// every label of the legend with its key symbol to its left, in
		// its row (the river's, a lone path, used to be cut away)
		const bare = await page.$$eval('#legend svg text.leg', (ts) => {
			const keys = [...document.querySelectorAll('#legend svg .key')].map((k) => k.getBoundingClientRect());
			return ts.filter((t) => {
				const r = t.getBoundingClientRect();
				const mid = (r.top + r.bottom) / 2;
				return !keys.some((k) => Math.abs((k.top + k.bottom) / 2 - mid) < r.height &&
							  k.right <= r.left + 2 && r.left - k.right < 1.5 * r.height);
			}).map((t) => t.textContent);
		});
		check(bare.length === 0 && await page.$('#legend svg .river.key') !== null,
		      `every label of the legend has its key: ${bare.length ? bare : 'yes'}`);
	}

	// pan and zoom: the wheel zooms, a drag pans and plays nothing, Fit
	// comes back
	{
		const box = async () => (await page.$eval('#board-svg', (e) => e.getAttribute('viewBox'))).split(' ').map(Number);
		const v0 = await box();
		const [bx, by] = await centre('#board');
		await page.mouse.move(bx, by);
		await page.mouse.wheel({ deltaY: -240 });
		const v1 = await box();
		check(v1[2] < v0[2] && v1[3] < v0[3], `the wheel zooms in: ${v0} -> ${v1}`);
		await page.mouse.down();
		await page.mouse.move(bx + 150, by + 80, { steps: 5 });
		await page.mouse.up();
		const v2 = await box();
		check(v2[0] < v1[0] && v2[1] < v1[1] && v2[2] === v1[2], `a drag pans: ${v1} -> ${v2}`);
		check(await movesDone() === 0 && !(await messageShown()), 'a drag plays nothing');
		await clickOn('#zoom-fit');
		check(JSON.stringify(await box()) === JSON.stringify(v0), 'Fit shows the board again');
	}

	// an illegal click: on the start tile, where no tile may go
	{
		const [sx, sy] = await screenOf(...(await page.$eval('#board-svg #tile-0-0 rect.bg', (r) =>
			[Number(r.getAttribute('x')) + 500, Number(r.getAttribute('y')) + 500])));
		const where = () => page.$eval('#board-svg', (e) => JSON.stringify(e.getBoundingClientRect()));
		const before = await where();
		await press(sx, sy);
		const msg = await messageShown();
		check(msg && msg.kind === 'error' && /cannot go at 0,0/.test(msg.text), `illegal click gives a message: ${msg && msg.text}`);
		check(await movesDone() === 0, 'illegal click changes nothing');
		check(await where() === before, `the message does not move the board: ${before} -> ${await where()}`);
		console.log(`illegal click: "${msg.text}"`);
		await clickOn('#message-close');
	}

	let undoDone = false, shotDeploy = false, shotCrop = false, shotResponse = false, shotBoard = false;
	for (;;) {
		// the person's turn: the page's game, the phantom column
		await ourTurn();
		game.free();
		game = engine.load(await page.evaluate(() => window.carcStats.record()));
		await checkSide(game);
		if (!shotBoard && game.phase === 'place-tile' && showsExpansions(game)) {
			await shot('1280x800-expansions');
			shotBoard = true;
		}
		{
			const ph = await page.$$eval('#players td.phantom', (ts) => ts.map((t) => t.textContent));
			const want = [0, 1].map((p) => String(game.supply(p, 'phantom')));
			check(JSON.stringify(ph) === JSON.stringify(want), `phantom in supply ${ph} = ${want}`);
			ph.forEach((v) => phantomShown.add(v));
		}
		if (game.over)
			break;
		// Undo once: back to the person's last decision
		if (!undoDone && game.historyLength >= 20) {
			const copy = engine.load(game.save());
			do
				copy.undo();
			while (copy.historyLength > 0 && copy.player !== 0);
			const n = copy.historyLength;
			copy.free();
			await clickOn('#undo');
			await page.waitForFunction((k) => Number(document.body.dataset.moves) === k, { timeout: 20000 }, n);
			check(await page.$eval('body', (b) => b.dataset.player) === '0', 'Undo gives the turn back to the person');
			undoDone = true;
			continue;
		}
		if (!midRecord && game.historyLength >= 60) {
			midRecord = await pageRecord();
			check(SEATS_LINE.exec(midRecord)[0] === '# web-seats human greedy\n', 'the record keeps the seats');
			midRecord = libraryRecord(midRecord);
			midScores = [game.score(0), game.score(1)];
			midMoves = game.historyLength;
			// the side panel: supplies and tiles left as the library says
			const side = await page.evaluate(() => ({
				left: Number(document.getElementById('tiles-left').textContent),
				followers: [...document.querySelectorAll('#players td.followers')].map((t) => Number(t.textContent)),
				buildings: [...document.querySelectorAll('#players td.buildings')].map((t) => t.textContent),
				last: document.querySelectorAll('#board-svg rect.last').length,
			}));
			check(side.left === game.remaining, `tiles left ${side.left} = ${game.remaining}`);
			check(JSON.stringify(side.followers) === JSON.stringify([0, 1].map((p) => game.supply(p, 'follower'))),
			      `followers in supply ${side.followers}`);
			// the tokens are one pool (the default rules): one count
			check(JSON.stringify(side.buildings) === JSON.stringify([0, 1].map((p) => String(game.supply(p, 'tower')))) &&
			      [0, 1].every((p) => game.supply(p, 'tower') === game.supply(p, 'shed')), `buildings in supply ${side.buildings}`);
			check(side.last > 0, 'the last tile placed is marked');
			check(midRecord === game.save(), 'the page saves the same record as the library');
		}
		const m = choose(game);
		if (!shotDeploy && game.phase === 'deploy' && game.historyLength > 30 && m.kind !== 'pass') {
			await shot('mid-deploy');
			shotDeploy = true;
		}
		if (!shotCrop && game.phase === 'crop-choice') {
			await shot('crop-choice');
			shotCrop = true;
		}
		if (!shotResponse && game.phase === 'crop-response' && m.kind !== 'pass') {
			await shot('crop-response');
			shotResponse = true;
		}
		const first = game.historyLength === 0;
		await clickMove(game, m, game.historyLength);
		applyMove(game, m);	// for the first move's words below
		if (first) {
			// the log in words, the record's syntax one click away
			const line = () => page.$eval('#log > li', (li) => {
				const vis = [...li.querySelectorAll('.words, .syntax')].filter((e) => e.offsetParent !== null);
				return vis.map((e) => e.textContent).join('|');
			});
			const words = await line();
			// the library's words for the move (carc_game_explain_move)
			const before = engine.load(game.save());
			before.undo();
			const said = `P0 (you): ${before.explain(game.history()[0])}`;
			before.free();
			check(words === said && /^P0 \(you\): place tile \S+ at -?\d+,-?\d+/.test(words),
			      `the log says: ${words} (${said})`);
			await clickOn('#log-syntax');
			const syntax = await line();
			const want = game.save().split('\n').find((l) => /^P0 place /.test(l));
			check(syntax === want, `the log in record syntax: ${syntax} = ${want}`);
			await clickOn('#log-syntax');
			check(await line() === words, 'and back to words');
		}
	}
	// a screenshot of a crop-circle response, if the game had one
	console.log(`game over after ${game.historyLength} moves in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(stats)}`);
	const rms = await page.evaluate(() => window.carcStats.refreshMs);
	console.log(`page refresh: ${rms.length} times, mean ${(rms.reduce((a, b) => a + b, 0) / rms.length).toFixed(1)} ms, max ${Math.max(...rms).toFixed(1)} ms`);
	for (const [k, v] of Object.entries(stats))
		check(v > 0, `the game clicked at least one ${k}`);
	check(phantomShown.has('0') && phantomShown.has('1'), `the phantom column showed 0 and 1: ${[...phantomShown]}`);
	check(shotBoard, 'the game showed the river, an inn or cathedral, a builder, a pig and goods at once');
	check(await phaseOf() === 'game-over', 'the page shows the game over');
	await page.waitForSelector('#final:not([hidden])');
	await shot('final');

	// the page's scores against the native tool's replay of its record
	const pageScores = await page.$$eval('#players tbody td.pts', (ts) => ts.map((t) => Number(t.textContent)));
	const record = libraryRecord(await pageRecord());
	check(record === game.save(), 'final record equals the library game');
	const recFile = join(OUT, 'web-game.txt');
	writeFileSync(recFile, record);
	if (CLI) {
		const r = spawnSync(CLI, ['replay', recFile], { encoding: 'utf8' });
		check(r.status === 0, `carcassonne replay exits 0: ${r.stderr}`);
		const line = r.stdout.split('\n').find((l) => l.startsWith('scores:'));
		const native = line.slice(7).trim().split(/\s+/).map(Number);
		check(JSON.stringify(native) === JSON.stringify(pageScores),
		      `native replay scores ${native} = page ${pageScores}`);
		console.log(`final scores: page ${pageScores}, native replay ${native}`);
	}
	const finalTotals = await page.$$eval('#final-table tr.total td', (ts) => ts.map((t) => Number(t.textContent)));
	check(JSON.stringify(finalTotals) === JSON.stringify(pageScores), 'final scoring table totals = scores');
	check(JSON.stringify(pageScores) === JSON.stringify([game.score(0), game.score(1)]),
	      `the page's final scores ${pageScores} = the library's for the same seed and moves`);
	// the goods at the end: the table's row is the library's goods events
	{
		const row = await page.$$eval('#final-table tr', (trs) => {
			const tr = trs.find((r) => r.firstChild.textContent === 'goods');
			return tr ? [...tr.querySelectorAll('td')].map((t) => Number(t.textContent)) : null;
		});
		const want = [0, 1].map((p) => game.events().filter((e) => e.type === 'goods')
			.reduce((a, e) => a + e.points[p], 0));
		check(JSON.stringify(row) === JSON.stringify(want), `the final goods row ${row} = ${want}`);
		await checkSide(game);
	}
	// a feature of the final scoring, shown on the board
	await clickOn('#final-events li');
	check(await page.$$eval('#board-svg .hl', (e) => e.length) > 0, 'a final-scoring line highlights its feature');
	await shot('final-highlight');

	// a damaged record: a message, the game as it was
	await clickOn('#load');
	await page.waitForSelector('#record-dialog[open]');
	const damaged = midRecord.replace(/\nP1 place (\S+) (-?\d+),(-?\d+) r(\d)\n/, (m0, t, x, y) => `\nP1 place ${t} ${Number(x) + 40},${y} r0\n`);
	check(damaged !== midRecord, 'the record was damaged');
	await page.$eval('#record-text', (t, v) => { t.value = v; }, damaged);
	await clickOn('#record-load');
	const dmsg = await messageShown();
	check(dmsg && dmsg.kind === 'error' && /does not load \(line \d+/.test(dmsg.text), `damaged record message: ${dmsg && dmsg.text}`);
	check(await page.$eval('#record-error', (e) => !e.hidden), 'the dialog says why');
	check(await movesDone() === game.historyLength && await phaseOf() === 'game-over', 'damaged record changes nothing');
	console.log(`damaged record: "${dmsg.text}"`);

	// the saved record of move 60 loads again
	await page.$eval('#record-text', (t, v) => { t.value = v; }, midRecord);
	await clickOn('#record-load');
	await waitLoaded(midMoves);
	const loadedScores = await page.$$eval('#players tbody td.pts', (ts) => ts.map((t) => Number(t.textContent)));
	check(JSON.stringify(loadedScores) === JSON.stringify(midScores), `loaded record scores ${loadedScores} = ${midScores}`);
	check((await page.$$('#log > li')).length === midMoves, 'the log of the loaded game has every move');
	await shot('loaded');
	game.free();
	} else {
		// a record of 60 moves for part 4
		const game = engine.newGame(2, SEED, ALL);
		while (game.historyLength < 60)
			applyMove(game, choose(game));
		midRecord = game.save();
		midMoves = game.historyLength;
		game.free();
	}

	/* ---------- 3: a phone held upright, by taps, against a bot ---------- */
	if (PARTS.has('3')) {
		const t1 = Date.now();
		await openPage(390, 844, true);
		await checkDialog('setup');
		await shot('390x844-setup');
		await startGame(['human', 'greedy'], SEED + 2);
		await checkLayout();
		// a drag of a finger pans the board and plays nothing
		{
			const box = async () => (await page.$eval('#board-svg', (e) => e.getAttribute('viewBox'))).split(' ').map(Number);
			const v0 = await box();
			const [bx, by] = await centre('#board');
			await page.touchscreen.touchStart(bx, by);
			await page.touchscreen.touchMove(bx + 40, by + 30);
			await page.touchscreen.touchMove(bx + 90, by + 60);
			await page.touchscreen.touchEnd();
			const v1 = await box();
			check(v1[0] < v0[0] && v1[1] < v0[1] && v1[2] === v0[2], `a finger pans: ${v0} -> ${v1}`);
			check(await movesDone() === 0, 'a pan plays nothing');
			// a tap right after a pan may be taken for its end: wait a little
			await new Promise((ok) => setTimeout(ok, 400));
			await clickOn('#zoom-fit');
			// a tap's click arrives after the tap returns, later on a
			// loaded machine: wait for it (at most 5 s)
			let v2 = await box();
			for (let i = 0; i < 50 && JSON.stringify(v2) !== JSON.stringify(v0); i++) {
				await new Promise((ok) => setTimeout(ok, 100));
				v2 = await box();
			}
			check(JSON.stringify(v2) === JSON.stringify(v0), `Fit shows the board again: ${v0} -> ${v2}`);
		}
		let game = null, mid = null, taps = 0, shotMid = false, shotMid390 = false;
		// the same choices whether part 1 ran or not
		rng = (SEED + 2) * 2654435761 % 4294967296 || 1;
		for (const k of Object.keys(stats))
			stats[k] = 0;
		const before = { ...stats };
		for (;;) {
			await ourTurn();
			if (game)
				game.free();
			game = engine.load(await page.evaluate(() => window.carcStats.record()));
			if (game.over)
				break;
			if (!mid && game.historyLength >= 40 && game.phase === 'place-tile')
				mid = { record: await pageRecord(), moves: game.historyLength };
			await checkSide(game);
			if (!shotMid390 && game.phase === 'place-tile' && showsExpansions(game)) {
				await shot('390x844-expansions');
				shotMid390 = true;
			}
			const m = choose(game);
			if (!shotMid && game.phase === 'deploy' && game.historyLength > 30 && m.kind !== 'pass') {
				await shot('390x844-deploy');
				shotMid = true;
			}
			await clickMove(game, m, game.historyLength);
			taps++;
		}
		check(await phaseOf() === 'game-over', 'the upright game ends');
		{
			// what the taps played: every new choice of the expansions
			const tapped = Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, v - before[k]]));
			console.log(`upright game taps: ${JSON.stringify(tapped)}`);
			for (const k of ['riverTiles', 'largeFollowers', 'builders', 'pigs', 'figureChoices', 'secondTiles',
					 'secondTileDeclines'])
				check(tapped[k] > 0, `the upright game tapped at least one of ${k}`);
		}
		check(JSON.stringify(await page.$$eval('#players tbody td.pts', (ts) => ts.map((t) => Number(t.textContent)))) ===
		      JSON.stringify([game.score(0), game.score(1)]), 'the upright game\'s final scores are the library\'s');
		await page.waitForSelector('#final:not([hidden])');
		await shot('390x844-final');
		const winner = await page.$eval('#prompt', (e) => e.textContent);
		const scores = [game.score(0), game.score(1)];
		const best = Math.max(...scores);
		const want = ['P0 (you)', 'P1 (Greedy bot)'].filter((n, p) => scores[p] === best).join(' and ');
		check(winner.startsWith(want), `the winner: ${winner} (${want})`);
		const record = await pageRecord();
		check(SEATS_LINE.exec(record)[0] === '# web-seats human greedy\n', 'the record keeps the seats');
		check(libraryRecord(record) === game.save(), 'the upright game\'s record is the library\'s');
		// the finished game loads again with its seats: the same winner
		await loadRecord(record);
		await page.waitForFunction((n) => document.getElementById('message-text').textContent.includes(`${n} moves`),
					  { timeout: 20000 }, game.historyLength);
		check((await page.$eval('#prompt', (e) => e.textContent)) === winner, 'a loaded record names the same winner');
		// the record of the middle resumes: the person moves, the bot answers
		check(mid, 'a record of the middle of the game');
		await loadRecord(mid.record);
		await waitLoaded(mid.moves);
		const names = await page.$$eval('#players tbody td:first-child', (ts) => ts.map((t) => t.textContent.trim()));
		check(JSON.stringify(names) === JSON.stringify(['P0 (you)', 'P1 (Greedy bot)']), `seats of the loaded game: ${names}`);
		await checkLayout();
		await shot('390x844-loaded');
		// the person ends the turn, the bot answers
		const answers = await page.evaluate(() => window.carcStats.botMoves.length);
		while (await page.evaluate((n) => document.body.dataset.player === '0' &&
					    window.carcStats.botMoves.length === n, answers)) {
			game.free();
			game = engine.load(await page.evaluate(() => window.carcStats.record()));
			await clickMove(game, choose(game), game.historyLength);
		}
		await page.waitForFunction((n) => document.body.dataset.player === '0' &&
			window.carcStats.botMoves.length > n, { timeout: 30000 }, answers);
		game.free();
		console.log(`upright game by ${taps} person's moves, in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
	}

	/* ---------- the three new expansions on the board, at two sizes ---------- */
	if (PARTS.has('1') || PARTS.has('3')) {
		const ex = expansionsRecord();
		for (const [w, h, t] of [[1280, 800, false], [390, 844, true]]) {
			await openPage(w, h, t);
			await clickOn('#setup-cancel');
			await loadRecord(ex.record);
			await waitLoaded(ex.moves);
			await clickOn('#message-close');
			const game = engine.load(ex.record);
			await checkSide(game);
			game.free();
			await checkLayout();
			await shot(`${w}x${h}-expansions-board`);
		}
	}

	/* ---------- 4: other screens ---------- */
	for (const [w, h, t] of PARTS.has('4') ? [[360, 640, true], [844, 390, true], [2560, 1440, false]] : []) {
		const t1 = Date.now();
		await openPage(w, h, t);
		await checkDialog('setup');
		await shot(`${w}x${h}-setup`);
		await clickOn('#setup-cancel');
		await loadRecord(midRecord);
		await waitLoaded(midMoves);
		await checkLayout();
		await shot(`${w}x${h}-game`);
		await clickOn('#save');
		await page.waitForSelector('#record-dialog[open]');
		await checkDialog('record-dialog');
		await clickOn('#record-close');
		await clickOn('#new-game');
		await page.waitForSelector('#setup[open]');
		await clickOn('#add-seat');
		await clickOn('#add-seat');
		await clickOn('#add-seat');
		await clickOn('#add-seat');
		await checkDialog('setup');
		await clickOn('#setup-cancel');
		console.log(`${w}x${h}: ${((Date.now() - t1) / 1000).toFixed(1)} s`);
	}
	if (!PARTS.has('5'))
		throw new Done();

	/* ---------- 5: the MCTS bot in its worker ---------- */
	await openPage(1280, 800, false);
	await startGame(['human', 'mcts'], SEED + 1);
	// the bot's first worker fails to start: a message and Retry
	await page.evaluate(() => { window.carcBreakNextWorker = true; });
	let humanMoves = 0;
	// the person's moves here: the first position, then pass (or the
	// first crop choice, or the first figure to remove)
	const humanMove = async () => {
		const phase = await phaseOf();
		const before = await movesDone();
		if (phase === 'place-tile') {
			await clickOn('.spot-target');
			await page.waitForSelector('#preview');
			await clickOn('#confirm-place');
		} else if (await page.$('#actions button[data-move="end-turn"]')) {
			await clickOn('#actions button[data-move="end-turn"]');
		} else if (await page.$('#actions button[data-move="pass"]')) {
			await clickOn('#actions button[data-move="pass"]');
		} else if (await page.$('#actions button[data-move]')) {
			await clickOn('#actions button[data-move]');
		} else {
			const t = await page.evaluate(() => {
				const e = document.querySelector('.feature-target');
				const p = new DOMPoint(Number(e.dataset.px), Number(e.dataset.py))
					.matrixTransform(document.getElementById('board-svg').getScreenCTM());
				return [p.x, p.y];
			});
			await press(t[0], t[1]);
		}
		await waitMoves(before + 1);
	};
	// P0 places and ends his turn; then P1's worker fails
	while (await page.$eval('body', (b) => b.dataset.player) === '0')
		await humanMove();
	await page.waitForFunction(() => !document.getElementById('message').hidden, { timeout: 20000 });
	const bmsg = await messageShown();
	check(bmsg.kind === 'error' && /failed/.test(bmsg.text), `a failing bot gives a message: ${bmsg.text}`);
	const stuckAt = await movesDone();
	check(await page.$eval('#message-retry', (b) => !b.hidden), 'a Retry button');
	console.log(`failing bot: "${bmsg.text}"`);
	await clickOn('#message-retry');
	await page.waitForFunction((k) => Number(document.body.dataset.moves) > k ||
		!document.getElementById('message').hidden, { timeout: 60000 }, stuckAt);
	const again = await messageShown();
	if (again && /has no bots/.test(again.text) &&
	    !(args.source && existsSync(join(args.source, 'include', 'carcassonne', 'search.h')))) {
		// a checkout from before the library had bots
		console.log(`NOTE: MCTS timing left out: ${again.text}`);
		await shot('mcts');
		throw new Done();
	}
	// play until the bot has answered MCTS_MOVES times
	while ((await page.evaluate(() => window.carcStats.botMoves.length)) < MCTS_MOVES) {
		await page.waitForFunction(() => document.body.dataset.player === '0' || document.body.dataset.phase === 'game-over',
					   { timeout: 60000 });
		if (await phaseOf() === 'game-over')
			break;
		await humanMove();
	}
	await page.waitForFunction((n) => window.carcStats.botMoves.length >= n, { timeout: 60000 }, MCTS_MOVES);
	const bot = await page.evaluate(() => window.carcStats.botMoves);
	const ms = bot.map((b) => b.ms).sort((a, b) => a - b);
	const think = bot.map((b) => b.thinkMs).sort((a, b) => a - b);
	const median = (a) => a[Math.floor(a.length / 2)];
	console.log(`MCTS in the browser: ${bot.length} answers, per move median ${median(ms).toFixed(0)} ms, ` +
		    `max ${ms[ms.length - 1].toFixed(0)} ms (in the worker: median ${median(think).toFixed(0)} ms, ` +
		    `max ${think[think.length - 1].toFixed(0)} ms)`);
	writeFileSync(join(OUT, 'web-mcts-times.json'), JSON.stringify(bot, null, 1));
	await shot('mcts');

	check(pageErrors.length === 0, `no script errors on the page: ${pageErrors.join('; ')}`);
} catch (e) {
	if (e instanceof Done && pageErrors.length) {
		failures++;
		console.error(`not ok: no script errors on the page: ${pageErrors.join('; ')}`);
	} else if (!(e instanceof Done)) {
	failures++;
	console.error(`FAIL: ${e.stack || e}`);
	if (pageErrors.length)
		console.error(`errors on the page: ${pageErrors.join('\n')}`);
	try { await shot('failure'); } catch { /* no page */ }
	}
} finally {
	await browser.close();
	server.close();
	rmSync(profile, { recursive: true, force: true });
}
console.log(`${failures ? 'FAIL' : 'ok'}: browser test in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(failures ? 1 : 0);
