// SPDX-License-Identifier: MIT
// npm's prepack script of the package (npm pack, npm publish): the
// tarball must hold the WebAssembly module, which is built, not kept in
// git.  In a source tree with emscripten it builds the module here
// (tools/build-wasm.sh) when it is missing or older than the library's
// sources; without emscripten it refuses with what to do.  It also puts
// the licence (the tree's COPYING) beside the package as LICENSE.  Not
// part of the package itself.  `node prepack.mjs --module` (npm's pretest
// script) does the first part only: npm test in a fresh clone builds the
// module it tests, or says why it cannot.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const module = ['carcassonne-wasm.mjs', 'carcassonne-wasm.wasm', 'carcassonne-abi.mjs',
	'carcassonne-abi.d.mts'].map((f) => join(here, f));

// The source tree: the package's own directory bindings/js, or the one
// CARCASSONNE_SOURCE names (a copy made by tools/build-wasm.sh OUTDIR).
const top = [join(here, '..', '..'), process.env.CARCASSONNE_SOURCE]
	.find((t) => t && existsSync(join(t, 'tools', 'build-wasm.sh')) &&
		existsSync(join(t, 'lib', 'carcassonne.map')));

const step = process.argv.includes('--module') ? 'pretest' : 'prepack';
function refuse(why) {
	console.error(`carcassonne ${step}: ${why}`);
	process.exit(1);
}

// The newest modification time of the library's sources.
function newestSource() {
	let newest = 0;
	const walk = (dir) => {
		for (const e of readdirSync(dir, { withFileTypes: true })) {
			const p = join(dir, e.name);
			if (e.isDirectory())
				walk(p);
			else if (/\.(c|h|map)$|^meson\.build$/.test(e.name))
				newest = Math.max(newest, statSync(p).mtimeMs);
		}
	};
	for (const d of ['lib', 'include'])
		walk(join(top, d));
	return newest;
}

const built = module.every((f) => existsSync(f));
const stale = built && top && module.some((f) => statSync(f).mtimeMs < newestSource());
if (!built || stale) {
	const what = built ? 'is older than the library\'s sources'
		: 'is not built (carcassonne-wasm.mjs, .wasm, carcassonne-abi.mjs and .d.mts are made by the build, not kept in git)';
	if (!top)
		refuse(`the WebAssembly module ${what}, and no source tree is here to build it from`);
	const emcc = spawnSync('emcc', ['--version'], { stdio: 'ignore' });
	if (emcc.error || emcc.status !== 0)
		refuse(`the WebAssembly module ${what}; build it first with tools/build-wasm.sh, ` +
			'which needs emscripten (Debian: apt-get install emscripten, or tools/install-deps.sh --tests)');
	console.error(`carcassonne ${step}: the WebAssembly module ${what}: building it (tools/build-wasm.sh)`);
	const r = spawnSync('bash', [join(top, 'tools', 'build-wasm.sh'), here], { stdio: 'inherit' });
	if (r.status !== 0)
		refuse(`tools/build-wasm.sh failed (exit ${r.status})`);
}

if (process.argv.includes('--module'))
	process.exit(0);
const licence = join(here, 'LICENSE');
if (top)
	copyFileSync(join(top, 'COPYING'), licence);
else if (!existsSync(licence))
	refuse('no LICENSE beside the package and no source tree to take COPYING from');
