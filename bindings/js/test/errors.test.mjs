// SPDX-License-Identifier: MIT
// Errors that say what is allowed, from the library's option table, and
// the all-expansions preset: the same words as the
// tool and the Python package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carc } from './helpers.mjs';

const { Rules, Game, CarcassonneError, InvalidArgumentError, ErrorCode } = carc;

function message(fn) {
	try {
		fn();
	} catch (e) {
		return e;
	}
	assert.fail('no exception');
}

test('an unknown option names its close matches', () => {
	let e = message(() => new Rules({ crop_circles_1: true }));
	assert.ok(e instanceof CarcassonneError);
	assert.equal(e.code, ErrorCode.UNKNOWN_OPTION);
	assert.match(e.message, /unknown rule option 'crop-circles-1'; did you mean 'crop-circles-i'\?/);
	e = message(() => new Rules({ buildings: true }));
	assert.match(e.message, /did you mean 'little-buildings'\?/);
	e = message(() => Rules.builder().set('crop_circles_2', 1));
	assert.match(e.message, /did you mean 'crop-circles-ii'\?/);
	assert.equal(carc.optionExplain('crop_circles_1'),
		"unknown rule option 'crop_circles_1'; did you mean 'crop-circles-i'?");
});

test('a refused value prints the range or the words', () => {
	const cases = [
		[{ followers: 99 }, 'followers must be 1 to 15, not 99'],
		[{ phantom: 2 }, 'phantom must be on or off (1 or 0), not 2'],
		[{ 'farm-scoring': 'per-town' }, "farm-scoring must be per-field, per-city or per-field-once (0 to 2), not 'per-town'"],
		[{ farmScoring: 7 }, 'farm-scoring must be per-field, per-city or per-field-once (0 to 2), not 7'],
	];
	for (const [options, text] of cases) {
		const e = message(() => new Rules(options));
		assert.ok(e instanceof InvalidArgumentError, text);
		assert.ok(e.message.includes(text), `${e.message} lacks ${text}`);
	}
	assert.equal(carc.optionExplain('followers', 99),
		'followers must be 1 to 15, not 99');
	assert.equal(carc.optionExplain('followers'), 'followers takes 1 to 15');
});

test('players print their range', () => {
	for (const players of [1, 7]) {
		const e = message(() => new Game({ players }));
		assert.ok(e instanceof InvalidArgumentError);
		assert.equal(e.code, ErrorCode.INVALID);
		assert.match(e.message, new RegExp(`players must be 2 to 6, not ${players}`));
	}
	assert.equal(carc.MIN_PLAYERS, 2);
	assert.equal(carc.MAX_PLAYERS, 6);
	new Game({ players: 6 }).free();
});

test('allExpansions() sets every option the library marks', () => {
	const marked = carc.OPTION_INFO.filter((o) => carc.optionIsExpansion(o.number))
		.map((o) => o.name);
	assert.deepEqual(marked, ['phantom', 'crop-circles-i', 'crop-circles-ii',
		'little-buildings', 'river', 'inns-cathedrals', 'traders-builders']);
	assert.equal(carc.optionIsExpansion('farm-scoring'), false);
	const all = Rules.allExpansions();
	const want = new Rules({ phantom: 1, 'crop-circles-i': 1,
		'crop-circles-ii': 1, 'little-buildings': 1, river: 1,
		'inns-cathedrals': 1, 'traders-builders': 1 });
	assert.deepEqual(all.options(), want.options());
	const some = Rules.allExpansions({ phantom: false, followers: 5 });
	assert.equal(some.get('phantom'), 0);
	assert.equal(some.get('little-buildings'), 1);
	assert.equal(some.get('followers'), 5);
	assert.throws(() => Rules.allExpansions(null), TypeError);
	for (const r of [all, want, some])
		r.free();
});
