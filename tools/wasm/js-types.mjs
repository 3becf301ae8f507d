// SPDX-License-Identifier: MIT
//
// Usage: node tools/wasm/js-types.mjs TYPESCRIPT_DIR
//
// Checks the TypeScript declarations of the JavaScript package,
// bindings/js/index.d.ts, with the TypeScript compiler of TYPESCRIPT_DIR
// (the `typescript` package `tsc` belongs to); tools/wasm/test-js-types.sh
// (meson test js-types) runs it.
//
// 1. bindings/js/test/types.ts, which imports the package as a user does
//    (`from 'carcassonne'`), type-checks as `tsc --noEmit --strict
//    --module nodenext --target es2022 --lib es2022,dom
//    --skipDefaultLibCheck` would: index.d.ts is checked in full (no
//    skipLibCheck), only TypeScript's own lib files are not.
// 2. Each `// @ts-expect-error TSnnnn` line of types.ts is needed: with the
//    directives made plain comments, the line after each fails with
//    exactly the error(s) it names, and no other line fails.
// 3. types.ts uses every declaration of index.d.ts: each function,
//    constant, class, constructor, method, property, interface and
//    property of an object type is referred to at least once.
// 4. The module and its declarations agree: carcassonne.mjs is imported
//    (beside a stub of the emscripten module, so no WebAssembly build is
//    needed, and the carcassonne-abi.mjs meson generated from the headers,
//    so the constants' declared literal types must equal the header's) and its exported names, the methods and getters on its
//    classes' prototypes, their static methods, the fields their
//    constructors set, the keys and values of its constant objects, and
//    the parameters of its functions, methods and constructors, equal
//    what index.d.ts declares, both ways.
//
// Prints what it checked; exits 1 with a list of every problem.

import { createRequire } from 'node:module';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const top = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const pkg = join(top, 'bindings', 'js');
const dtsPath = join(pkg, 'index.d.ts');
const typesPath = join(pkg, 'test', 'types.ts');
const modulePath = join(pkg, 'carcassonne.mjs');

if (process.argv.length !== 3) {
	console.error('usage: node tools/wasm/js-types.mjs TYPESCRIPT_DIR');
	process.exit(2);
}
const ts = createRequire(import.meta.url)(resolve(process.argv[2]));

const problems = [];
const problem = (text) => problems.push(text);
const same = (a, b) => resolve(a) === resolve(b);

// -- 1. type-check types.ts --

const { options, errors: optionErrors } = ts.convertCompilerOptionsFromJson({
	noEmit: true, strict: true, module: 'nodenext', moduleResolution: 'nodenext',
	target: 'es2022', lib: ['es2022', 'dom'], types: [],
	// TypeScript's own lib files (lib.dom.d.ts ...) need no check, and
	// that check is a third of the time; index.d.ts is checked in full
	skipDefaultLibCheck: true,
}, pkg);
if (optionErrors.length) {
	console.error(ts.formatDiagnostics(optionErrors, ts.createCompilerHost({})));
	process.exit(1);
}
const formatHost = {
	getCanonicalFileName: (f) => f,
	getCurrentDirectory: () => top,
	getNewLine: () => '\n',
};
const show = (diags) => ts.formatDiagnostics(diags, formatHost).trimEnd();

const host = ts.createCompilerHost(options);
const program = ts.createProgram([typesPath], options, host);
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length)
	problem(`types.ts does not type-check:\n${show(diagnostics)}`);
const checker = program.getTypeChecker();
const dts = program.getSourceFiles().find((f) => same(f.fileName, dtsPath));
const typesFile = program.getSourceFile(typesPath);
if (!dts) {
	console.error(`js-types: types.ts did not resolve 'carcassonne' to ${dtsPath}`);
	console.error(show(diagnostics));
	process.exit(1);
}

// -- 2. each @ts-expect-error fails for its reason --

const typesText = readFileSync(typesPath, 'utf8');
const expected = new Map();	// 0-based line of the code -> error codes
typesText.split('\n').forEach((line, i) => {
	const m = line.match(/^\s*\/\/ @ts-expect-error\b(.*)$/);
	if (!m)
		return;
	const codes = [...m[1].matchAll(/\bTS(\d+)\b/g)].map((c) => Number(c[1]));
	if (!codes.length)
		problem(`types.ts:${i + 1}: @ts-expect-error names no TSnnnn code`);
	expected.set(i + 1, new Set(codes));
});
if (expected.size < 2)
	problem(`types.ts has ${expected.size} @ts-expect-error lines, fewer than 2`);
const plainText = typesText.replace(/\/\/ @ts-expect-error\b/g, '// expected error:');
const plainHost = Object.assign(Object.create(host), {
	getSourceFile(name, ...rest) {
		if (same(name, typesPath))
			return ts.createSourceFile(name, plainText, options.target, true);
		return host.getSourceFile(name, ...rest);
	},
});
const plainProgram = ts.createProgram([typesPath], options, plainHost, program);
const plainFile = plainProgram.getSourceFile(typesPath);
const failed = new Map();	// 0-based line -> codes found
for (const d of [...plainProgram.getSyntacticDiagnostics(plainFile),
	...plainProgram.getSemanticDiagnostics(plainFile)]) {
	const line = d.file && same(d.file.fileName, typesPath)
		? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
	if (!expected.has(line)) {
		if (diagnostics.length)
			continue;	// reported above
		problem(`with the @ts-expect-error directives removed, an error ` +
			`where none is expected:\n${show([d])}`);
		continue;
	}
	if (!failed.has(line))
		failed.set(line, new Set());
	failed.get(line).add(d.code);
}
for (const [line, codes] of expected) {
	const got = failed.get(line) || new Set();
	const want = [...codes].sort().join(', ');
	const have = [...got].sort().join(', ');
	if (want !== have)
		problem(`types.ts:${line + 1}: expected error TS${want || '?'}, ` +
			`tsc gives ${have ? 'TS' + have : 'none'}`);
}

// -- 3. types.ts uses every declaration of index.d.ts --

const DECLARATION_KINDS = new Set([
	ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.VariableDeclaration,
	ts.SyntaxKind.ClassDeclaration, ts.SyntaxKind.InterfaceDeclaration,
	ts.SyntaxKind.TypeAliasDeclaration, ts.SyntaxKind.Constructor,
	ts.SyntaxKind.MethodDeclaration, ts.SyntaxKind.PropertyDeclaration,
	ts.SyntaxKind.GetAccessor, ts.SyntaxKind.SetAccessor,
	ts.SyntaxKind.MethodSignature, ts.SyntaxKind.PropertySignature,
]);
const declarations = [];
(function collect(node) {
	// `declare global { interface SymbolConstructor ... }` augments the
	// lib: its members count, the interface itself is the lib's
	const augmentsLib = node.kind === ts.SyntaxKind.InterfaceDeclaration &&
		node.parent.parent?.kind === ts.SyntaxKind.ModuleDeclaration;
	if (DECLARATION_KINDS.has(node.kind) && !augmentsLib)
		declarations.push(node);
	ts.forEachChild(node, collect);
})(dts);

const used = new Set();
const useSymbol = (sym) => {
	if (!sym)
		return;
	if (sym.flags & ts.SymbolFlags.Alias)
		sym = checker.getAliasedSymbol(sym);
	for (const root of checker.getRootSymbols(sym)) {
		const decls = root.declarations || [];
		// an overloaded function: only the overloads calls resolve to
		const overloaded = decls.filter((d) => ts.isFunctionLike(d)).length > 1;
		for (const d of decls)
			if (!overloaded || !ts.isFunctionLike(d))
				used.add(d);
	}
};
const flatten = (type) => (type.isUnion() ? type.types : [type]);
(function visit(node) {
	if (ts.isIdentifier(node))
		useSymbol(checker.getSymbolAtLocation(node));
	if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
		const declaration = checker.getResolvedSignature(node)?.declaration;
		if (declaration)
			used.add(declaration);
	}
	if (ts.isObjectLiteralExpression(node)) {
		const contextual = checker.getContextualType(node);
		for (const prop of node.properties) {
			if (!prop.name || !contextual)
				continue;
			for (const t of flatten(contextual))
				useSymbol(checker.getPropertyOfType(t, prop.name.getText()));
		}
	}
	ts.forEachChild(node, visit);
})(typesFile);

const where = (node) => {
	const { line } = dts.getLineAndCharacterOfPosition(node.getStart());
	const name = node.name ? node.name.getText()
		: node.kind === ts.SyntaxKind.Constructor ? 'constructor' : '?';
	let owner = node.parent;
	while (owner && !owner.name && owner.kind !== ts.SyntaxKind.SourceFile)
		owner = owner.parent;
	const prefix = owner && owner.name ? owner.name.getText() + '.' : '';
	return `index.d.ts:${line + 1}: ${ts.SyntaxKind[node.kind]} ${prefix}${name}`;
};
const unused = declarations.filter((d) => !used.has(d));
for (const d of unused)
	problem(`types.ts does not use ${where(d)}`);

// -- 4. the module and its declarations agree --

const dtsModule = checker.getSymbolAtLocation(dts);
const dtsExports = new Map();
for (const sym of checker.getExportsOfModule(dtsModule))
	if (sym.flags & ts.SymbolFlags.Value)
		dtsExports.set(sym.name, sym);

// carcassonne.mjs beside a stub of carcassonne-wasm.mjs: the classes and
// constants exist without load()
const dir = mkdtempSync(join(tmpdir(), 'carc-js-types-'));
let runtime;
try {
	copyFileSync(modulePath, join(dir, 'carcassonne.mjs'));
	// the constants generated from the headers (meson: CARCASSONNE_JS_ABI;
	// else an in-place tools/build-wasm.sh's copy)
	copyFileSync(process.env.CARCASSONNE_JS_ABI ||
		join(pkg, 'carcassonne-abi.mjs'), join(dir, 'carcassonne-abi.mjs'));
	writeFileSync(join(dir, 'carcassonne-wasm.mjs'),
		'export default function createCarcassonneModule() {\n' +
		'\tthrow new Error(\'js-types: a stub, not the WebAssembly module\');\n}\n');
	runtime = await import(pathToFileURL(join(dir, 'carcassonne.mjs')).href);
} finally {
	rmSync(dir, { recursive: true, force: true });
}

const compare = (what, runtimeNames, declaredNames) => {
	for (const n of runtimeNames)
		if (!declaredNames.has(n))
			problem(`${what}: ${n} is in carcassonne.mjs but not declared in index.d.ts`);
	for (const n of declaredNames)
		if (!runtimeNames.has(n))
			problem(`${what}: ${n} is declared in index.d.ts but not in carcassonne.mjs`);
};
compare('export', new Set(Object.keys(runtime)), new Set(dtsExports.keys()));

// The fields a class's constructor sets (`this.name = ...`), from the
// module's source.
const moduleSource = ts.createSourceFile(modulePath,
	readFileSync(modulePath, 'utf8'), ts.ScriptTarget.ES2022, true);
const constructorFields = (className) => {
	const fields = new Set();
	const cls = moduleSource.statements.find((s) =>
		ts.isClassDeclaration(s) && s.name?.text === className);
	const ctor = cls?.members.find((m) => ts.isConstructorDeclaration(m));
	if (ctor) {
		(function visit(node) {
			if (ts.isBinaryExpression(node) &&
			    node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
			    ts.isPropertyAccessExpression(node.left) &&
			    node.left.expression.kind === ts.SyntaxKind.ThisKeyword)
				fields.add(node.left.name.getText());
			ts.forEachChild(node, visit);
		})(ctor);
	}
	return fields;
};

// Symbol-keyed members by their names in TypeScript ([Symbol.dispose]);
// Node's own Symbol.dispose is described as 'nodejs.dispose'.
const wellKnown = new Map(Object.getOwnPropertyNames(Symbol)
	.filter((n) => typeof Symbol[n] === 'symbol')
	.map((n) => [Symbol[n], `[Symbol.${n}]`]));
const keyName = (key) => (typeof key !== 'symbol' ? key
	: wellKnown.get(key) || `[${key.description}]`);
// Members of a runtime class: name -> 'method' | 'getter' | 'field'.
const runtimeMembers = (cls, statics) => {
	const members = new Map();
	const stop = statics ? new Set([Function.prototype, Error, Object])
		: new Set([Object.prototype, Error.prototype]);
	const skip = statics ? new Set(['length', 'name', 'prototype'])
		: new Set(['constructor']);
	for (let holder = statics ? cls : cls.prototype;
		holder && !stop.has(holder); holder = Object.getPrototypeOf(holder)) {
		for (const key of Reflect.ownKeys(holder)) {
			const name = keyName(key);
			if (skip.has(name) || name.startsWith('_') || members.has(name))
				continue;
			const d = Object.getOwnPropertyDescriptor(holder, key);
			members.set(name, d.get ? 'getter'
				: typeof d.value === 'function' ? 'method' : 'field');
		}
		if (!statics)
			for (const f of constructorFields(holder.constructor.name))
				if (!/^[_#]/.test(f) && !members.has(f))
					members.set(f, 'field');
	}
	return members;
};
const memberName = (sym) => {
	const d = sym.declarations?.[0];
	return d?.name ? (ts.isComputedPropertyName(d.name)
		? `[${d.name.expression.getText()}]` : d.name.getText()) : sym.name;
};
// Members of a declared class: name -> declaration kinds, and the names
// its type has from anywhere (the lib's Error included).
const declaredMembers = (type) => {
	const inDts = new Map();
	const all = new Set();
	for (const sym of checker.getPropertiesOfType(type)) {
		const name = memberName(sym);
		if (name === 'prototype')
			continue;
		all.add(name);
		const decls = (sym.declarations || []).filter((d) =>
			d.getSourceFile() === dts);
		if (decls.length)
			inDts.set(name, decls.map((d) => d.kind));
	}
	return { inDts, all };
};
const METHOD_KINDS = new Set([ts.SyntaxKind.MethodDeclaration, ts.SyntaxKind.MethodSignature]);

let classes = 0;
let memberCount = 0;
let constants = 0;
for (const [name, sym] of dtsExports) {
	const value = runtime[name];
	if (value === undefined)
		continue;
	const decl = sym.valueDeclaration;
	if (sym.flags & ts.SymbolFlags.Class) {
		classes++;
		if (typeof value !== 'function') {
			problem(`export ${name}: a class in index.d.ts, a ${typeof value} in carcassonne.mjs`);
			continue;
		}
		for (const statics of [false, true]) {
			const type = statics ? checker.getTypeOfSymbolAtLocation(sym, decl)
				: checker.getDeclaredTypeOfSymbol(sym);
			const what = `${name}${statics ? ' (static)' : '.prototype'}`;
			const run = runtimeMembers(value, statics);
			const { inDts, all } = declaredMembers(type);
			memberCount += run.size;
			for (const [m, kind] of run)
				if (!all.has(m))
					problem(`${what}: ${m} is in carcassonne.mjs but not declared in index.d.ts`);
			for (const [m, kinds] of inDts) {
				if (!run.has(m)) {
					problem(`${what}: ${m} is declared in index.d.ts but not in carcassonne.mjs`);
					continue;
				}
				const method = kinds.every((k) => METHOD_KINDS.has(k));
				if (method !== (run.get(m) === 'method'))
					problem(`${what}: ${m} is a ${run.get(m)} in carcassonne.mjs ` +
						`but declared as a ${method ? 'method' : 'property'}`);
			}
		}
		continue;
	}
	if (!(sym.flags & ts.SymbolFlags.Variable))
		continue;
	// constants: the declared properties and literal types hold
	const type = checker.getTypeOfSymbolAtLocation(sym, decl);
	const literal = (t) => (t.isLiteral() ? t.value : undefined);
	if (typeof value === 'number' || typeof value === 'string') {
		constants++;
		if (literal(type) !== undefined && literal(type) !== value)
			problem(`export ${name}: ${value} in carcassonne.mjs, ${literal(type)} in index.d.ts`);
		continue;
	}
	const props = checker.getPropertiesOfType(type);
	if (typeof value !== 'object' || value === null || Array.isArray(value) ||
	    !props.length)
		continue;
	constants++;
	compare(`export ${name}`, new Set(Object.keys(value)),
		new Set(props.map((p) => p.name)));
	for (const p of props) {
		const t = literal(checker.getTypeOfSymbolAtLocation(p, decl));
		if (p.name in value && t !== undefined && t !== value[p.name])
			problem(`export ${name}.${p.name}: ${value[p.name]} in ` +
				`carcassonne.mjs, ${t} in index.d.ts`);
	}
	const readonly = checker.typeToString(type).startsWith('Readonly<');
	if (readonly && !Object.isFrozen(value))
		problem(`export ${name}: Readonly in index.d.ts but not frozen in carcassonne.mjs`);
}

// Parameters: each function, method and constructor of the module takes
// as many parameters as its declaration (the longest overload), under
// the same names, and one the module gives a default is optional in a
// declaration.  Rules and Game take a second, internal parameter (the
// library object of build(), load() and copies), which is not declared.
const INTERNAL_PARAMETERS = new Map([['Rules.constructor', 1], ['Game.constructor', 1]]);
const sourceParams = new Map();
const paramsOf = (fn) => fn.parameters.map((p) => ({
	name: p.name.getText(), optional: Boolean(p.initializer || p.dotDotDotToken),
}));
for (const st of moduleSource.statements) {
	if (ts.isFunctionDeclaration(st) && st.name)
		sourceParams.set(st.name.text, paramsOf(st));
	if (!ts.isClassDeclaration(st) || !st.name)
		continue;
	for (const m of st.members) {
		if (ts.isConstructorDeclaration(m))
			sourceParams.set(`${st.name.text}.constructor`, paramsOf(m));
		else if (ts.isMethodDeclaration(m) && ts.isIdentifier(m.name)) {
			const isStatic = ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static;
			sourceParams.set(`${st.name.text}${isStatic ? '.' : '#'}${m.name.text}`,
				paramsOf(m));
		}
	}
}
let signatureCount = 0;
const compareParams = (what, key, signatures) => {
	const source = sourceParams.get(key);
	if (!source) {
		problem(`${what}: carcassonne.mjs has no function ${key} to compare with`);
		return;
	}
	signatureCount++;
	const declared = signatures.map((sig) => sig.getParameters().map((p) => {
		const d = p.valueDeclaration;
		return { name: p.name, optional: Boolean(d && (d.questionToken ||
			d.initializer || d.dotDotDotToken)) };
	}));
	const longest = declared.reduce((a, b) => (b.length > a.length ? b : a), []);
	const count = source.length - (INTERNAL_PARAMETERS.get(key) || 0);
	const names = (ps) => ps.map((p) => p.name + (p.optional ? '?' : '')).join(', ');
	if (longest.length !== count ||
	    longest.some((p, i) => p.name !== source[i].name))
		problem(`${what}: parameters (${names(source.slice(0, count))}) in ` +
			`carcassonne.mjs, (${names(longest)}) in index.d.ts`);
	// (an overload may require it: botMove({ stats: true }))
	source.forEach((p, i) => {
		if (p.optional && i < count &&
		    !declared.some((ps) => ps.length <= i || ps[i].optional))
			problem(`${what}: parameter ${p.name} has a default in ` +
				'carcassonne.mjs but is required in index.d.ts');
	});
};
// the class of the runtime prototype chain that defines a member
const ownerOf = (holder, key) => {
	for (let h = holder; h; h = Object.getPrototypeOf(h))
		if (Object.prototype.hasOwnProperty.call(h, key))
			return h;
	return null;
};
for (const [name, sym] of dtsExports) {
	const value = runtime[name];
	if (typeof value !== 'function')
		continue;
	const decl = sym.valueDeclaration;
	const staticType = checker.getTypeOfSymbolAtLocation(sym, decl);
	if (!(sym.flags & ts.SymbolFlags.Class)) {
		compareParams(name, value.name,
			staticType.getCallSignatures());
		continue;
	}
	let ctorOwner = value;
	while (ctorOwner && !sourceParams.has(`${ctorOwner.name}.constructor`))
		ctorOwner = Object.getPrototypeOf(ctorOwner);
	compareParams(`new ${name}()`, `${ctorOwner?.name}.constructor`,
		staticType.getConstructSignatures());
	for (const statics of [false, true]) {
		const type = statics ? staticType : checker.getDeclaredTypeOfSymbol(sym);
		for (const prop of checker.getPropertiesOfType(type)) {
			const d = prop.declarations?.[0];
			if (!d || d.getSourceFile() !== dts || !METHOD_KINDS.has(d.kind) ||
			    ts.isComputedPropertyName(d.name))
				continue;
			const holder = ownerOf(statics ? value : value.prototype, prop.name);
			if (!holder)
				continue;	// reported above
			const owner = statics ? holder : holder.constructor;
			compareParams(`${name}${statics ? '.' : '#'}${prop.name}()`,
				`${owner.name}${statics ? '.' : '#'}${prop.name}`,
				checker.getTypeOfSymbolAtLocation(prop, decl).getCallSignatures());
		}
	}
}

if (problems.length) {
	console.error(`js-types: ${problems.length} problem(s) with TypeScript ${ts.version}:`);
	for (const p of problems)
		console.error(`- ${p}`);
	process.exit(1);
}
console.log(`js-types: TypeScript ${ts.version}: types.ts type-checks (strict, nodenext, no skipLibCheck);` +
	` ${expected.size} @ts-expect-error lines fail as they say;` +
	` it uses all ${declarations.length} declarations of index.d.ts`);
console.log(`js-types: carcassonne.mjs and index.d.ts agree on ${dtsExports.size} exports,` +
	` ${classes} classes (${memberCount} members) and ${constants} constants,` +
	` and on the parameters of ${signatureCount} functions, methods and constructors`);
