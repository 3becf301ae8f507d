// SPDX-License-Identifier: MIT
// JCloisterZone saved games (include/carcassonne/jcz.h, doc/users/jcz.md):
// Game.fromJcz() and game.toJcz() on the .jcz files of tests/jcz (JCZ's
// own test games and the hand-written expansion games), compared byte
// for byte with the native tool's import-jcz and export-jcz; seeded
// games of every expansion JCZ plays through toJcz() and back; and bad
// documents, which throw JczError and leak nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { carc, tool, nativeSkip, run, playSeeded } from './helpers.mjs';

const { Game, Rules, JczError, RecordError, CarcassonneError, ErrorCode } = carc;

// The source tree: given by the meson suite, else the checkout this
// package is in (npm test in bindings/js).
function sourceTree() {
	for (const top of [process.env.CARCASSONNE_SOURCE,
		fileURLToPath(new URL('../../..', import.meta.url))]) {
		if (top && existsSync(join(top, 'tests', 'jcz', 'scoring.jcz')))
			return top;
	}
	return null;
}
const top = sourceTree();
if (!top && process.env.CI === 'true')
	throw new Error('CI=true: tests/jcz must be found (CARCASSONNE_SOURCE)');
const noFiles = top ? false : 'no tests/jcz (set CARCASSONNE_SOURCE)';

function jczFiles() {
	const out = [];
	const walk = (dir) => {
		for (const e of readdirSync(dir, { withFileTypes: true }).sort(
			(a, b) => a.name < b.name ? -1 : 1)) {
			if (e.isDirectory())
				walk(join(dir, e.name));
			else if (e.name.endsWith('.jcz'))
				out.push(join(dir, e.name));
		}
	};
	walk(join(top, 'tests', 'jcz'));
	return out;
}

test('the .jcz files of tests/jcz import, and export back', { skip: noFiles }, () => {
	const files = jczFiles();
	assert.ok(files.length >= 15, `${files.length} files`);
	for (const file of files) {
		const text = readFileSync(file, 'utf8');
		const game = Game.fromJcz(text);
		const bytes = Game.fromJcz(readFileSync(file));
		assert.equal(bytes.save(), game.save(), file);
		assert.ok(game.history().length > 0, file);
		// what toJcz() writes imports as the same game
		const again = Game.fromJcz(game.toJcz());
		assert.equal(again.hash(), game.hash(), file);
		assert.equal(again.save(), game.save(), file);
		assert.equal(again.toJcz(), game.toJcz(), file);
		for (const g of [game, bytes, again])
			g.free();
	}
});

test('the same records and documents as the native tool', { skip: noFiles || nativeSkip(tool) }, () => {
	const dir = mkdtempSync(join(tmpdir(), 'carc-jcz-'));
	try {
		for (const file of jczFiles()) {
			const game = Game.fromJcz(readFileSync(file, 'utf8'));
			const rec = join(dir, 'game.rec'), jcz = join(dir, 'game.jcz');
			run(tool, ['import-jcz', file, '-o', rec]);
			assert.equal(game.save(), readFileSync(rec, 'utf8'), file);
			run(tool, ['export-jcz', rec, '-o', jcz]);
			assert.equal(game.toJcz(), readFileSync(jcz, 'utf8'), file);
			game.free();
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

test('the expansion games equal their hand-written records', { skip: noFiles }, () => {
	const dir = join(top, 'tests', 'jcz', 'expansions');
	const names = readdirSync(dir).filter((n) => n.endsWith('.rec'));
	assert.ok(names.length >= 10);
	for (const name of names) {
		const game = Game.fromJcz(readFileSync(join(dir, name.replace(/\.rec$/, '.jcz'))));
		const rec = Game.load(readFileSync(join(dir, name), 'utf8'));
		assert.equal(game.hash(), rec.hash(), name);
		assert.deepEqual(game.scores(), rec.scores(), name);
		assert.deepEqual(game.history().map(String), rec.history().map(String), name);
		game.free();
		rec.free();
	}
});

test('seeded games of every expansion JCZ plays go through toJcz() and back', () => {
	// phantom 1, crop circles 2 and 4, little buildings 8 (JCZ deals
	// their tokens: lb-distribution jcz)
	for (let bits = 0; bits < 16; bits++) {
		for (const players of [2, 5]) {
			const rules = new Rules({
				phantom: (bits & 1) !== 0,
				'crop-circles-i': (bits & 2) !== 0,
				'crop-circles-ii': (bits & 4) !== 0,
				'little-buildings': (bits & 8) !== 0,
				'lb-distribution': 'jcz',
			});
			const game = new Game({ rules, players, seed: 1000n + BigInt(bits * 7 + players) });
			rules.free();
			// halfway, then at the end
			const half = game.copy();
			while (!half.isOver() && half.drawnCount() < 30)
				half.apply(half.legalMoveValues()[Number(half.hash() % BigInt(half.legalMoveCount()))]);
			playSeeded(game);
			for (const g of [half, game]) {
				const back = Game.fromJcz(g.toJcz());
				assert.equal(back.hash(), g.hash(), `bits ${bits}, ${players} players`);
				assert.deepEqual(back.scores(), g.scores());
				assert.equal(back.isOver(), g.isOver());
				back.free();
				g.free();
			}
		}
	}
});

test('bad documents throw JczError with the place, and change nothing', () => {
	const game = new Game({ players: 2, seed: 3 });
	for (let i = 0; i < 12; i++)
		game.apply(game.legalMoveValues()[0]);
	const good = game.toJcz();
	const cases = [
		['', ErrorCode.PARSE],
		['{"setup": ', ErrorCode.PARSE],
		['[1, 2]', ErrorCode.PARSE],
		['{\n  "setup": {\n    "sets": {"basic:1": 1}\n  },\n  "x": tru\n}', ErrorCode.PARSE],
		[good.replace('"basic:1"', '"basic:2"'), null],
		[good.replace(/"PLACE_TILE"/, '"PLACE_TILES"'), ErrorCode.PARSE],
	];
	const top0 = carc.heapTop();
	for (let round = 0; round < 3; round++) {
		for (const [text, code] of cases) {
			let err = null;
			try {
				Game.fromJcz(text);
			} catch (e) {
				err = e;
			}
			assert.ok(err instanceof JczError, `${JSON.stringify(text.slice(0, 40))}: ${err}`);
			assert.ok(err instanceof RecordError && err instanceof CarcassonneError);
			assert.equal(err.name, 'JczError');
			if (code !== null)
				assert.equal(err.code, code, err.message);
			assert.ok(err.code < 0);
			assert.equal(typeof err.reason, 'string');
			assert.ok(err.reason.length > 0, err.message);
			assert.ok(err.message.startsWith(`${err.line}:${err.column}: `), err.message);
		}
		if (round === 0)
			continue;
		assert.equal(carc.heapTop(), top0, 'a refused document leaks');
	}
	// a syntax error: its line and column
	try {
		Game.fromJcz('{\n  "setup": {\n    "sets": {"basic:1": 1}\n  },\n  "x": tru\n}');
		assert.fail('no error');
	} catch (e) {
		assert.equal(e.line, 5, e.message);
		assert.ok(e.column > 0, e.message);
	}
	// a replay entry at fault (the first tile placed far away): the line
	// where the entry starts, and its index in the reason
	const far = good.replace(/("tileId": "[^"]+",\s*"rotation": "R\d+",\s*"position": \[\s*)-?\d+(,\s*)-?\d+/,
		'$19$29');
	assert.notEqual(far, good);
	const entryLine = good.split('\n').findIndex((l) => l.includes('"PLACE_TILE"')) + 1;
	assert.throws(() => Game.fromJcz(far), (e) => e instanceof JczError &&
		/^replay\[0\] PLACE_TILE/.test(e.reason) && e.column === 0 &&
		e.line >= entryLine - 1 && e.line <= entryLine && e.code < 0);
	for (const bad of [undefined, null, 3, {}, ['{}'], new ArrayBuffer(2)])
		assert.throws(() => Game.fromJcz(bad), TypeError);
	game.free();
});

test('toJcz() refuses rules JCZ does not play, and changes nothing', () => {
	const rules = new Rules({ 'little-buildings': true, 'lb-distribution': 'rules' });
	const game = new Game({ rules, players: 3, seed: 9 });
	rules.free();
	game.apply(game.legalMoveValues()[0]);
	const before = game.save();
	assert.throws(() => game.toJcz(), (e) => e instanceof CarcassonneError &&
		e.code === ErrorCode.NOT_ALLOWED && !(e instanceof RecordError));
	assert.equal(game.save(), before);
	game.free();
	assert.throws(() => game.toJcz(), carc.InvalidArgumentError);
});

test('toJcz() of rules JCZ does not play names the option, and changes nothing', () => {
	const rules = new carc.Rules({ 'traders-builders': 1 });
	const game = new Game({ rules, seed: 3 });
	rules.free();
	const hash = game.hash();
	assert.throws(() => game.toJcz(), (e) => e.code === carc.ErrorCode.NOT_ALLOWED &&
		e.message.includes('option builder-turn is optional: JCloisterZone always plays the builder\'s second tile (builder-turn mandatory)'));
	assert.equal(game.hash(), hash);
	game.free();
});
