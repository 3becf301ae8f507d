#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ABI checks for libcarcassonne, run by meson in suite 'abi'.

One script, one subcommand per test:

  map-format  MAP                  the version script is well formed
  map-header  MAP HEADER [--also HEADER].. -- CC..
                                   map globals == functions of the headers
  exports     MAP SOURCE...        map globals == CARC_EXPORT definitions
  layers      MAP SOURCE...        the layer comment of each map global ==
                                   the lib/<layer>/ its definition is in
  shared      MAP LIB --nm NM      dynamic symbols of the .so == map globals
  static      ARCHIVE --nm NM      the .a defines only carc_* globals
  cdef        HEADER -- CC..       the header preprocesses cleanly for cffi
  pkgconfig   PCFILE --version V [--layer NAME=yes|no]..
                                   pkg-config accepts the generated .pc

Exit status follows meson: 0 pass, 1 fail, 77 skip.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

SKIP = 77
PREFIX = "carc_"

# Global symbols that instrumented builds (sanitizers, coverage, PIC thunks)
# add to every object file; they are not ours.
TOOLCHAIN_PREFIXES = (
    "__odr_asan",
    "__asan_",
    "__ubsan_",
    "__tsan_",
    "__msan_",
    "__sancov_",
    "__gcov",
    "__llvm_",
    "__profc_",
    "__profd_",
    "__x86.get_pc_thunk",
)


class CheckFailed(Exception):
    pass


def fail(msg):
    raise CheckFailed(msg)


def strip_c_comments(text):
    return re.sub(r"/\*.*?\*/", " ", text, flags=re.S)


def parse_map(path):
    """Return [(node, [globals in file order], has_local_star)]."""
    with open(path, encoding="utf-8") as f:
        text = strip_c_comments(f.read())
    # Linker scripts also accept '#' line comments.
    text = re.sub(r"#[^\n]*", " ", text)
    nodes = []
    pos = 0
    node_re = re.compile(r"\s*([A-Za-z_][\w.]*)\s*\{(.*?)\}\s*([\w.]*)\s*;",
                         re.S)
    while True:
        rest = text[pos:]
        if not rest.strip():
            break
        m = node_re.match(text, pos)
        if not m:
            fail("%s: cannot parse near: %r" % (path, rest.strip()[:60]))
        name, body = m.group(1), m.group(2)
        section = None
        names = []
        has_local_star = False
        for tok in re.findall(r"[^\s;]+:|[^\s;]+", body):
            if tok in ("global:", "local:"):
                section = tok[:-1]
                continue
            if section == "global":
                names.append(tok)
            elif section == "local":
                if tok == "*":
                    has_local_star = True
                else:
                    fail("%s: unexpected local entry %s" % (path, tok))
            else:
                fail("%s: entry %s outside global:/local:" % (path, tok))
        nodes.append((name, names, has_local_star))
        pos = m.end()
    if not nodes:
        fail("%s: no version node" % path)
    return nodes


def map_globals(path):
    names = []
    for _, globs, _ in parse_map(path):
        names.extend(globs)
    return names


def report_sets(what_a, a, what_b, b):
    """Fail listing the differences between two sets of names."""
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    if not only_a and not only_b:
        return
    lines = []
    for n in only_a:
        lines.append("  in %s but not in %s: %s" % (what_a, what_b, n))
    for n in only_b:
        lines.append("  in %s but not in %s: %s" % (what_b, what_a, n))
    fail("symbol lists differ:\n" + "\n".join(lines))


def cmd_map_format(args):
    nodes = parse_map(args.map)
    seen = {}
    for i, (node, globs, local_star) in enumerate(nodes):
        if not re.fullmatch(r"CARC_\d+\.\d+", node):
            fail("node %s is not named CARC_<major>.<minor>" % node)
        if i == 0 and not local_star:
            fail("the first node %s lacks 'local: *;'" % node)
        if i > 0 and local_star:
            fail("node %s repeats 'local: *;' (first node only)" % node)
        if globs != sorted(globs):
            for a, b in zip(globs, globs[1:]):
                if a > b:
                    fail("node %s is not sorted: %s before %s" % (node, a, b))
        for g in globs:
            if not g.startswith(PREFIX):
                fail("%s in node %s lacks the %s prefix" % (g, node, PREFIX))
            if g.startswith("carc__"):
                fail("%s in node %s is an internal name" % (g, node))
            if g in seen:
                fail("%s listed in %s and %s" % (g, seen[g], node))
            seen[g] = node
    print("%d nodes, %d symbols, well formed" % (len(nodes), len(seen)))


def run_cpp(cpp, header):
    # -E even for a plain cpp: a compiler driver given a header without it
    # would write a precompiled header next to the source.
    cmd = list(cpp) + ["-E", "-P", "-DCARC_CDEF", header]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)
    if proc.returncode != 0:
        fail("%s failed (%d):\n%s" % (" ".join(cmd), proc.returncode,
                                      proc.stderr))
    return proc.stdout


def header_functions(text):
    # Every identifier called like a function in the preprocessed header is
    # a prototype: the header holds no macros or inline code after cpp.
    return set(re.findall(r"\b(carc_\w+)\s*\(", text))


def cmd_map_header(args):
    funcs = set()
    for header in [args.header] + args.also:
        found = header_functions(run_cpp(args.cpp, header))
        if not found:
            fail("no carc_ function found in %s" % header)
        funcs |= found
    report_sets("the header", funcs, "the map", map_globals(args.map))
    print("%d functions in header and map" % len(funcs))


def exported_definitions(path):
    with open(path, encoding="utf-8") as f:
        text = strip_c_comments(f.read())
    # CARC_EXPORT, the return type (may span lines and contain '*'), the
    # name, the parameter list and the opening brace of the body: a
    # prototype marked CARC_EXPORT is not a definition.
    return re.findall(r"\bCARC_EXPORT\b[^;{}()]*?\b(\w+)\s*"
                      r"\([^;{}]*\)\s*\{", text)


def cmd_exports(args):
    defs = []
    for src in args.sources:
        defs.extend(exported_definitions(src))
    dups = sorted({d for d in defs if defs.count(d) > 1})
    if dups:
        fail("defined with CARC_EXPORT more than once: %s" % ", ".join(dups))
    report_sets("CARC_EXPORT definitions", defs, "the map",
                map_globals(args.map))
    print("%d CARC_EXPORT definitions match the map" % len(defs))


LAYERS = ("picture", "search", "learn", "jcz")


def map_layer_comments(path):
    """{name: layer or None} from the map's lines 'carc_x; /* layer */'."""
    layers = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*(carc_\w+)\s*;\s*(?:/\*\s*(\w+)\s*\*/)?\s*$",
                         line)
            if m:
                layers[m.group(1)] = m.group(2)
    return layers


def source_layer(path):
    """The layer of a library source: lib/<layer>/..., else None (core)."""
    parts = os.path.normpath(path).split(os.sep)
    if len(parts) >= 3 and parts[-3] == "lib" and parts[-2] in LAYERS:
        return parts[-2]
    return None


def cmd_layers(args):
    comments = map_layer_comments(args.map)
    problems = []
    for name, layer in sorted(comments.items()):
        if layer is not None and layer not in LAYERS:
            problems.append("%s: unknown layer %s" % (name, layer))
    count = 0
    for src in args.sources:
        layer = source_layer(src)
        for name in exported_definitions(src):
            count += 1
            if name not in comments:
                continue	# 'exports' reports it
            if comments[name] != layer:
                problems.append("%s is defined in %s (%s) but marked %s in "
                                "the map" % (name, src, layer or "core",
                                             comments[name] or "core"))
    if problems:
        fail("\n".join(problems))
    print("%d definitions, each in the layer the map names"
          % count)


def nm_symbols(nm, nm_args, path):
    cmd = [nm] + nm_args + [path]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)
    if proc.returncode != 0:
        fail("%s failed (%d):\n%s" % (" ".join(cmd), proc.returncode,
                                      proc.stderr))
    return proc.stdout.splitlines()


def cmd_shared(args):
    nodes = parse_map(args.map)
    node_names = {n for n, _, _ in nodes}
    wanted = map_globals(args.map)
    exported = []
    problems = []
    for line in nm_symbols(args.nm, ["-D", "--defined-only"], args.lib):
        fields = line.split()
        if len(fields) < 2:
            continue
        kind, name = fields[-2], fields[-1]
        version = None
        if "@" in name:
            name, _, version = name.partition("@")
            version = version.lstrip("@")
        if kind == "A" and name in node_names:
            continue	# the version node's own marker symbol
        exported.append(name)
        if not name.startswith(PREFIX):
            problems.append("exported without the %s prefix: %s"
                            % (PREFIX, name))
        if version is not None and version not in node_names:
            problems.append("%s has version %s, not a node of the map"
                            % (name, version))
    if problems:
        fail("\n".join(problems))
    report_sets("the shared library", exported, "the map", wanted)
    if args.readelf and args.soname:
        out = subprocess.run([args.readelf, "-d", args.lib],
                             stdout=subprocess.PIPE,
                             universal_newlines=True).stdout
        m = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", out)
        if not m:
            fail("%s has no SONAME" % args.lib)
        if m.group(1) != args.soname:
            fail("SONAME is %s, expected %s" % (m.group(1), args.soname))
    print("%d exported symbols, all in the map" % len(exported))


def cmd_static(args):
    bad = []
    count = 0
    member = "?"
    for line in nm_symbols(args.nm, ["-g", "--defined-only"], args.archive):
        if line.endswith(":"):
            member = line[:-1]
            continue
        fields = line.split()
        if len(fields) < 2:
            continue
        name = fields[-1]
        if name.startswith(TOOLCHAIN_PREFIXES):
            continue
        count += 1
        if not name.startswith(PREFIX):
            bad.append("%s: %s" % (member, name))
    if bad:
        fail("global symbols without the %s prefix in %s:\n  %s"
             % (PREFIX, args.archive, "\n  ".join(bad)))
    if count == 0:
        fail("no global symbol defined in %s" % args.archive)
    print("%d global symbols, all prefixed %s" % (count, PREFIX))


def cmd_cdef(args):
    text = run_cpp(args.cpp, args.header)
    problems = []
    for i, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#"):
            problems.append("line %d: directive left: %s" % (i, line))
        # Double-underscore names come from system headers or compiler
        # attributes, neither of which cffi's parser accepts.
        for word in re.findall(r"\b__\w+", line):
            problems.append("line %d: %s: %s" % (i, word, line.strip()))
        if "extern \"C\"" in line:
            problems.append("line %d: C++ linkage block left" % i)
    if "#include" in text:
        problems.append("#include left in the output")
    if problems:
        shown = problems[:20]
        if len(problems) > len(shown):
            shown.append("... and %d more" % (len(problems) - len(shown)))
        fail("cpp -P -DCARC_CDEF output is not a clean cdef:\n  "
             + "\n  ".join(shown))
    funcs = header_functions(text)
    if not funcs:
        fail("no function declaration left after preprocessing")
    print("%d lines, %d functions, no directives or system declarations"
          % (len(text.splitlines()), len(funcs)))


def cmd_pkgconfig(args):
    pkg_config = shutil.which("pkg-config")
    if pkg_config is None:
        print("pkg-config not found, skipping")
        return SKIP
    proc = subprocess.run([pkg_config, "--validate", args.pcfile],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)
    if proc.returncode != 0 or proc.stdout.strip():
        fail("pkg-config --validate %s failed (%d):\n%s"
             % (args.pcfile, proc.returncode, proc.stdout))
    env = dict(os.environ)
    env["PKG_CONFIG_PATH"] = os.path.dirname(os.path.abspath(args.pcfile))
    env.pop("PKG_CONFIG_LIBDIR", None)
    module = os.path.splitext(os.path.basename(args.pcfile))[0]

    def query(*flags):
        p = subprocess.run([pkg_config] + list(flags) + [module], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        if p.returncode != 0:
            fail("pkg-config %s %s failed:\n%s"
                 % (" ".join(flags), module, p.stderr))
        return p.stdout.split()

    version = query("--modversion")
    if version != [args.version]:
        fail("--modversion gives %s, expected %s" % (version, args.version))
    libs = query("--libs")
    if "-lcarcassonne" not in libs:
        fail("--libs lacks -lcarcassonne: %s" % " ".join(libs))
    for spec in args.layer:
        name, _, want = spec.partition("=")
        got = query("--variable=" + name)
        if got != [want]:
            fail("--variable=%s gives %s, expected %s" % (name, got, want))
    print("%s is valid, version %s, libs %s"
          % (args.pcfile, args.version, " ".join(libs)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command")
    sub.required = True

    p = sub.add_parser("map-format")
    p.add_argument("map")
    p.set_defaults(func=cmd_map_format)

    p = sub.add_parser("map-header")
    p.add_argument("map")
    p.add_argument("header")
    p.add_argument("--also", action="append", default=[],
                   help="another public header (repeat for more)")
    p.add_argument("cpp", nargs="+", help="C compiler or preprocessor command, after --")
    p.set_defaults(func=cmd_map_header)

    p = sub.add_parser("exports")
    p.add_argument("map")
    p.add_argument("sources", nargs="+")
    p.set_defaults(func=cmd_exports)

    p = sub.add_parser("layers")
    p.add_argument("map")
    p.add_argument("sources", nargs="+")
    p.set_defaults(func=cmd_layers)

    p = sub.add_parser("shared")
    p.add_argument("map")
    p.add_argument("lib")
    p.add_argument("--nm", default="nm")
    p.add_argument("--readelf")
    p.add_argument("--soname")
    p.set_defaults(func=cmd_shared)

    p = sub.add_parser("static")
    p.add_argument("archive")
    p.add_argument("--nm", default="nm")
    p.set_defaults(func=cmd_static)

    p = sub.add_parser("cdef")
    p.add_argument("header")
    p.add_argument("cpp", nargs="+", help="C compiler or preprocessor command, after --")
    p.set_defaults(func=cmd_cdef)

    p = sub.add_parser("pkgconfig")
    p.add_argument("pcfile")
    p.add_argument("--version", required=True)
    p.add_argument("--layer", action="append", default=[],
                   help="NAME=yes|no, the expected value of a variable")
    p.set_defaults(func=cmd_pkgconfig)

    args = ap.parse_args()
    try:
        rc = args.func(args)
    except CheckFailed as e:
        print("FAIL: %s" % e, file=sys.stderr)
        return 1
    return rc or 0


if __name__ == "__main__":
    sys.exit(main())
