// SPDX-License-Identifier: MIT
/**
 * bench.mjs: how fast does the WebAssembly build play random games in
 * Node, beside the native library?
 *
 *     node bench.mjs [--games N] [--reps R] [--native PATH/TO/examples/bench]
 *                    [--same PATH/TO/native-bench] [--markdown]
 *
 * Plays N random 2-player games (default 2000) R times (default 3) with
 * the base game and with all expansions, like examples/bench, three
 * ways:
 *
 * - values: game.legalMoveValues() (a BigUint64Array) and
 *   game.apply(bigint), the package's fast path;
 * - moves: game.legalMoves() (Move objects) and game.apply(Move), the
 *   convenient path;
 * - raw: the exported C functions called straight on the module, the
 *   floor the wrapper's checks add to.
 *
 * Then the MCTS bot of search.h at its default setting: CPU milliseconds
 * per decision.
 * Reports the median and best games/s by wall clock and by CPU time
 * (the machine may be shared: the best repetition is the least
 * disturbed), the size of carcassonne-wasm.wasm raw and gzipped and,
 * with --native, examples/bench's own figure for the same games count;
 * with --same, bindings/js/native-bench playing exactly the same games
 * natively (it must count the same decisions, else the run fails), and
 * the WebAssembly figures as a share of it.  --markdown prints the tables
 * of doc/bindings/wasm.md, "Speed and size", from the figures of this run
 * (tools/wasm/measure.sh runs it so).
 * A benchmark, not a test: it fails only if a game fails or the native
 * games differ.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as carc from './carcassonne.mjs';

const args = process.argv.slice(2);
function opt(name, def) {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : def;
}
const GAMES = Number(opt('--games', 2000));
const REPS = Number(opt('--reps', 3));
const NATIVE = opt('--native', '');
const SAME = opt('--same', '');
const MARKDOWN = args.includes('--markdown');
const table = {};	// set -> way -> measure(), for --markdown

await carc.load();

// mulberry32: a small, fast generator of numbers in [0, 1)
function rng(seed) {
	let a = seed | 0;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function playValues(rules, seed) {
	const game = new carc.Game({ rules, players: 2, seed });
	const r = rng(seed);
	let decisions = 0;
	for (;;) {
		const moves = game.legalMoveValues();
		if (moves.length === 0)
			break;
		game.apply(moves[(r() * moves.length) | 0]);
		decisions++;
	}
	game.free();
	return decisions;
}

const into = new BigUint64Array(4096);
function playInto(rules, seed) {
	const game = new carc.Game({ rules, players: 2, seed });
	const r = rng(seed);
	let decisions = 0;
	for (;;) {
		const n = game.legalMovesInto(into);
		if (n === 0)
			break;
		game.apply(into[(r() * n) | 0]);
		decisions++;
	}
	game.free();
	return decisions;
}

function playMoves(rules, seed) {
	const game = new carc.Game({ rules, players: 2, seed });
	const r = rng(seed);
	let decisions = 0;
	for (;;) {
		const moves = game.legalMoves();
		if (moves.length === 0)
			break;
		game.apply(moves[(r() * moves.length) | 0]);
		decisions++;
	}
	game.free();
	return decisions;
}

// The module's exports without the package's checks and objects: what a
// caller pays at least for crossing into WebAssembly.
const raw = carc._module();
const scratch = raw._malloc(8);
const CAP = 4096;
const buf = raw._malloc(CAP * 8);
function playRaw(rules, seed) {
	raw._carc_game_new(rules._ptr, 2, BigInt(seed), scratch);
	const g = raw.HEAPU32[scratch >> 2];
	const r = rng(seed);
	let decisions = 0;
	let view = new BigUint64Array(raw.HEAPU8.buffer);
	for (;;) {
		const n = raw._carc_game_legal_moves(g, buf, CAP);
		if (n <= 0)
			break;
		if (view.buffer !== raw.HEAPU8.buffer)
			view = new BigUint64Array(raw.HEAPU8.buffer);
		if (raw._carc_game_apply(g, view[(buf >> 3) + ((r() * n) | 0)]) < 0)
			throw new Error('apply failed');
		decisions++;
	}
	raw._carc_game_free(g);
	return decisions;
}

function measure(play, rules) {
	const results = [];
	let decisions = 0;
	for (let rep = 0; rep < REPS; rep++) {
		const t0 = process.hrtime.bigint();
		const c0 = process.cpuUsage();
		decisions = 0;
		for (let i = 0; i < GAMES; i++)
			decisions += play(rules, i + 1);
		const wall = Number(process.hrtime.bigint() - t0) / 1e9;
		const c = process.cpuUsage(c0);
		results.push({ wall: GAMES / wall,
			cpu: GAMES / ((c.user + c.system) / 1e6) });
	}
	const median = (k) => results.map((r) => r[k]).sort((a, b) => a - b)[
		results.length >> 1];
	return { wall: median('wall'), cpu: median('cpu'),
		best: Math.max(...results.map((r) => r.wall)),
		bestCpu: Math.max(...results.map((r) => r.cpu)),
		decisions: decisions / GAMES };
}

const sets = {
	base: {},
	all: { phantom: true, 'crop-circles-i': true, 'crop-circles-ii': true,
		'little-buildings': true },
};
console.log(`libcarcassonne ${carc.version()} (WebAssembly, Node ` +
	`${process.versions.node}): 2 players, ${GAMES} games x ${REPS} reps, ` +
	'median games/s');
for (const [name, options] of Object.entries(sets)) {
	const rules = new carc.Rules(options);
	for (const [way, play] of [['into', playInto], ['values', playValues],
		['moves', playMoves],
		['raw', playRaw]]) {
		const m = measure(play, rules);
		(table[name] ??= {})[way] = m;
		console.log(`${name.padEnd(5)} ${way.padEnd(7)} ` +
			`${Math.round(m.wall).toString().padStart(7)} games/s wall ` +
			`(best ${Math.round(m.best)}), ` +
			`${Math.round(m.cpu).toString().padStart(7)} games/s CPU ` +
			`(best ${Math.round(m.bestCpu)}) ` +
			`(${m.decisions.toFixed(1)} decisions per game)`);
	}
	rules.free();
}

// Learn.stepBatch() of 64 two-player games with auto-reset, the default
// window and random legal actions: games stepped per second of CPU time
// of the call and its copies out (choosing the actions is not timed, nor
// the first 30 calls, while the engine compiles the module's hot code),
// without and with the observations.
function learnBench(options, observations) {
	const rules = new carc.Rules(options);
	const learn = new carc.Learn({ rules, players: 2 });
	const n = 64, steps = 300, warmUp = 30;	// untimed first steps
	const nActions = learn.shape().nActions;
	const games = Array.from({ length: n }, (_, i) =>
		new carc.Game({ rules, players: 2, seed: i + 1 }));
	let masks = games.map((g) => learn.mask(g));
	const r = rng(1);
	let seed = 1000, cpu = 0;
	for (let s = 0; s < warmUp + steps; s++) {
		const actions = masks.map((m) => {
			const legal = [];
			for (let k = 0; k < nActions; k++)
				if (m[k])
					legal.push(k);
			return legal[(r() * legal.length) | 0];
		});
		const resetSeeds = games.map(() => seed++);
		const c0 = process.cpuUsage();
		const res = learn.stepBatch(games, actions, { resetSeeds, observations });
		const c = process.cpuUsage(c0);
		if (s >= warmUp)
			cpu += c.user + c.system;
		masks = games.map((_, i) => res.masks.subarray(i * nActions, (i + 1) * nActions));
	}
	for (const g of games)
		g.free();
	learn.free();
	rules.free();
	return n * steps / (cpu / 1e6);
}
table.learn = {};
for (const [name, options] of Object.entries(sets)) {
	table.learn[name] = [learnBench(options, false), learnBench(options, true)];
	console.log(`learn ${name.padEnd(4)} stepBatch(64 games): ` +
		`${Math.round(table.learn[name][0])} games/s CPU with masks, ` +
		`${Math.round(table.learn[name][1])} with observations too`);
}

// The MCTS bot at its default setting (1000 playouts), the figure a
// person waits for in the page: milliseconds per decision over the first
// decisions of a 2-player game with every expansion, in CPU time.
if (carc.hasSearch()) {
	const rules = new carc.Rules(sets.all);
	const game = new carc.Game({ rules, players: 2, seed: 1 });
	rules.free();
	const times = [];
	for (let d = 0; d < 40 && !game.isOver(); d++) {
		const c0 = process.cpuUsage();
		const m = game.botMove({ seed: d });
		const c = process.cpuUsage(c0);
		if (game.legalMoveCount() > 1)
			times.push((c.user + c.system) / 1000);
		game.apply(m);
	}
	game.free();
	times.sort((a, b) => a - b);
	const mean = times.reduce((a, b) => a + b, 0) / times.length;
	table.mcts = { mean, median: times[times.length >> 1], max: times[times.length - 1] };
	console.log(`mcts, 1000 playouts: ${mean.toFixed(0)} ms CPU per decision ` +
		`(median ${times[times.length >> 1].toFixed(0)}, max ` +
		`${times[times.length - 1].toFixed(0)}, ${times.length} decisions ` +
		'with a choice, all expansions)');
}

const wasm = readFileSync(new URL('./carcassonne-wasm.wasm', import.meta.url));
const glue = readFileSync(new URL('./carcassonne-wasm.mjs', import.meta.url));
const pkg = readFileSync(new URL('./carcassonne.mjs', import.meta.url));
console.log(`carcassonne-wasm.wasm: ${wasm.length} bytes, ` +
	`${gzipSync(wasm, { level: 9 }).length} gzipped; carcassonne-wasm.mjs: ` +
	`${glue.length} bytes, ${gzipSync(glue, { level: 9 }).length} gzipped`);

// examples/bench for the same games: its own wall-clock median, and its
// CPU time per game over the whole run (which also times clones and
// copies, so that figure is a little low).
if (NATIVE) {
	for (const set of ['base', 'all']) {
		const out = execFileSync('bash', ['-c',
			'TIMEFORMAT="cpu %3U %3S"; { time "$@"; } 2>&1', 'bench', NATIVE,
			'--rules', set, '--games', String(GAMES), '--reps',
			String(REPS)], { encoding: 'utf8' });
		const line = out.split('\n').find((l) => /^\s*games\/s\s/.test(l));
		const best = out.split('\n').find((l) => /^\s*games\/s, best/.test(l));
		const cpu = out.match(/cpu ([\d.]+) ([\d.]+)/);
		const perCpu = GAMES * REPS / (Number(cpu[1]) + Number(cpu[2]));
		console.log(`native ${set.padEnd(4)} ${line.trim().split(/\s+/)[1]} ` +
			`games/s wall (best ${best.trim().split(/\s+/).pop()}; ` +
			`examples/bench), ${Math.round(perCpu)} games/s CPU (its ` +
			'run also times listings, clones and copies)');
	}
}

// The same games natively (native-bench): best games/s by CPU time, and
// the decisions, which must equal this run's.
if (SAME) {
	for (const [set, bits] of [['base', 0], ['all', 15]]) {
		const out = execFileSync(SAME, [String(bits), String(GAMES), String(REPS)],
			{ encoding: 'utf8' });
		const m = out.match(/^cpu (\d+) wall (\d+) decisions (\d+)$/m);
		if (!m)
			throw new Error(`native-bench printed ${JSON.stringify(out)}`);
		const decisions = Number(m[3]) / GAMES;
		for (const [way, r] of Object.entries(table[set]))
			if (Math.abs(r.decisions - decisions) > 1e-9)
				throw new Error(`${set} ${way}: ${r.decisions} decisions per game, natively ${decisions}: not the same games`);
		table[set].native = { bestCpu: Number(m[1]), best: Number(m[2]) };
		console.log(`same games natively ${set.padEnd(4)} ${m[1]} games/s CPU ` +
			`(best of ${REPS}), ${m[2]} wall; ${decisions.toFixed(1)} decisions per game, as here`);
	}
}

if (MARKDOWN) {
	const n = (x) => Math.round(x).toLocaleString('en-US');
	const r100 = (x) => Math.round(x / 100) * 100;
	const pct = (set, way) => table[set].native
		? ` (${Math.round(100 * table[set][way].bestCpu / table[set].native.bestCpu)} %)` : '';
	const row = (label, way) => `| ${label} | ${['base', 'all'].map((set) =>
		n(r100(table[set][way].bestCpu)) + pct(set, way)).join(' | ')} |`;
	console.log('');
	console.log(`Figures of this build (emscripten, Node ${process.versions.node}, ` +
		`2 players; best CPU time of ${REPS} repetitions of ${GAMES} games):`);
	console.log('');
	console.log('| Games/s (CPU time) | base game | all expansions |');
	console.log('| --- | --- | --- |');
	if (table.base.native)
		console.log(`| native library, same games | ${['base', 'all'].map((set) =>
			n(r100(table[set].native.bestCpu))).join(' | ')} |`);
	console.log(row('WebAssembly, `raw`', 'raw'));
	console.log(row('WebAssembly, `into` (the package\'s fast path)', 'into'));
	console.log(row('WebAssembly, `values`', 'values'));
	console.log(row('WebAssembly, `moves` (Move objects)', 'moves'));
	if (table.mcts)
		console.log(`\nMCTS, 1,000 playouts: ${Math.round(table.mcts.mean)} ms of CPU per ` +
			`decision (median ${Math.round(table.mcts.median)}, max ${Math.round(table.mcts.max)}), ` +
			'first 40 decisions, all expansions');
	const k1000 = (x) => n(Math.round(x / 1000) * 1000);
	console.log(`\nLearn.stepBatch() of 64 two-player games: ${k1000(table.learn.base[0])} ` +
		`(base game) and ${k1000(table.learn.all[0])} (all expansions) games a second ` +
		`with rewards, done flags and masks; ${k1000(table.learn.base[1])} and ` +
		`${k1000(table.learn.all[1])} with the observations as well`);
	const gz = (b) => n(gzipSync(b, { level: 9 }).length);
	console.log('');
	console.log('| File | bytes | gzip -9 |');
	console.log('| --- | --- | --- |');
	console.log(`| \`carcassonne-wasm.wasm\` | ${n(wasm.length)} | ${gz(wasm)} |`);
	console.log(`| \`carcassonne-wasm.mjs\` (emscripten's loader) | ${n(glue.length)} | ${gz(glue)} |`);
	console.log(`| \`carcassonne.mjs\` (the package, unminified) | ${n(pkg.length)} | ${gz(pkg)} |`);
}
