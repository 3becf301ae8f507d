// SPDX-License-Identifier: MIT
// The module exports every function of lib/carcassonne.map (the public
// API), and the package's own constants equal the header's enums.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { carc } from './helpers.mjs';

const source = process.env.CARCASSONNE_SOURCE ||
	fileURLToPath(new URL('../../..', import.meta.url));
const mapPath = join(source, 'lib', 'carcassonne.map');
const headerPath = join(source, 'include', 'carcassonne', 'carcassonne.h');
const skip = existsSync(mapPath) ? false
	: 'lib/carcassonne.map not found (set CARCASSONNE_SOURCE)';

test('every symbol of lib/carcassonne.map is exported', { skip }, () => {
	const text = readFileSync(mapPath, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
	const names = [...text.matchAll(/^\s*(carc_\w+);/gm)].map((m) => m[1]);
	assert.ok(names.length > 90, `only ${names.length} symbols`);
	const M = carc._module();
	for (const name of names)
		assert.equal(typeof M['_' + name], 'function', name);
});

test('constants equal the header\'s enums', { skip }, () => {
	const h = readFileSync(headerPath, 'utf8');
	const value = (name) => {
		const m = h.match(new RegExp(`\\b${name}\\s*=\\s*(-?(?:0x)?[0-9a-fA-F]+)`));
		assert.ok(m, name);
		return Number(m[1]);
	};
	const groups = [
		[carc.ErrorCode, 'CARC_E_', { OK: 'CARC_OK' }],
		[carc.Phase, 'CARC_PHASE_'],
		[carc.MoveKind, 'CARC_MOVE_'],
		[carc.Figure, 'CARC_FIGURE_'],
		[carc.FeatureKind, 'CARC_FEATURE_'],
		[carc.CropChoice, 'CARC_CROP_'],
		[carc.CropSymbol, 'CARC_SYMBOL_'],
		[carc.Edge, 'CARC_EDGE_'],
		[carc.EventType, 'CARC_EVENT_'],
		[carc.OptionType, 'CARC_OPTION_'],
		[carc.RenderFlag, 'CARC_RENDER_'],
		[carc.Goods, 'CARC_GOODS_'],
		[carc.TurnPart, 'CARC_TURN_'],
		[carc.FeatureFlag, 'CARC_FLAG_'],
	];
	for (const [obj, prefix, special = {}] of groups)
		for (const [k, v] of Object.entries(obj))
			assert.equal(v, value(special[k] || prefix + k), prefix + k);
	assert.equal(carc.TILE_TYPES, value('CARC_TILE_TYPES'));
	assert.match(h, new RegExp(`#define CARC_TILE_UNITS ${carc.TILE_UNITS}\\b`));
	assert.match(h, new RegExp(`#define CARC_SHAPE_MAX_POINTS ${carc.SHAPE_MAX_POINTS}\\b`));
	// the size of struct carc_render_options the package writes: 12
	// uint32-sized members
	const body = h.match(/struct carc_render_options \{([\s\S]*?)\};/)[1];
	const members = [...body.matchAll(/^\s*u?int32_t (\w+)(?:\[(\d+)\])?;/gm)];
	assert.equal(members.reduce((n, m) => n + Number(m[2] || 1), 0) * 4, 48);
});

test('load() resolves to every export of the module', async () => {
	const api = await carc.load();
	assert.deepEqual(Object.keys(api).sort(), Object.keys(carc).sort());
	for (const name of Object.keys(carc))
		assert.equal(api[name], carc[name], name);
	assert.equal(await carc.init(), api);
	assert.ok(Object.isFrozen(api));
});
