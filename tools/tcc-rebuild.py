#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Rebuild a meson build directory's C objects with tcc.

Usage: tools/tcc-rebuild.py BUILD-DIR [TCC]

Meson 1.0 cannot drive tcc as its C compiler.  So the 'portable' stage of
tools/setup-and-test.sh has meson configure and build the tree with gcc and
-Dportable=true (config.h then selects every fallback of lib/compat.h),
and this script then:

1. compiles every C file again with `tcc -std=c11 -Wall -Werror`, from the
   commands in BUILD-DIR/compile_commands.json: the same source, include
   directories and -D definitions, written over the same object file, whose
   time stamp is then set back so that ninja takes it as up to date;
2. deletes every library and program of the build (meson introspect), so
   that the following `ninja` links them all again from the tcc objects;
3. runs that `ninja` and fails if it compiled anything, or if any object
   carries gcc's .comment note.

`meson test -C BUILD-DIR --no-rebuild` then runs the suites on the library,
tests, tool and examples compiled by tcc.  Linking stays with the gcc
driver (tcc's objects are ordinary ELF objects); C++ files (the header's
C++ build test) keep their g++ objects.
"""
import json
import os
import shlex
import subprocess
import sys


def tcc_command(tcc, argv):
    """The tcc command line for one gcc compile command, and its object."""
    out = [tcc, "-std=c11", "-Wall", "-Werror"]
    src = obj = None
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("-o", "-MQ", "-MF", "-isystem"):
            if a == "-o":
                obj = argv[i + 1]
            elif a == "-isystem":
                out.append("-I" + argv[i + 1])
            i += 2
            continue
        if a.startswith(("-I", "-D", "-U")) or a in ("-fPIC", "-pthread"):
            out.append(a)
        elif not a.startswith("-"):
            src = a
        # any other flag (-c, warnings, optimisation, -MD,
        # -pedantic-errors) is gcc's own and left out
        i += 1
    if src is None or obj is None:
        sys.exit("tcc-rebuild: cannot read the command %s" % argv)
    return out + ["-c", src, "-o", obj], obj


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: tools/tcc-rebuild.py BUILD-DIR [TCC]")
    build = os.path.abspath(sys.argv[1])
    tcc = sys.argv[2] if len(sys.argv) == 3 else "tcc"

    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    objects = []
    for e in entries:
        if not e["file"].endswith(".c"):
            continue
        argv = e.get("arguments") or shlex.split(e["command"])
        cmd, obj = tcc_command(tcc, argv)
        obj = os.path.join(e["directory"], obj)
        st = os.stat(obj)
        print(" ".join(shlex.quote(a) for a in cmd), flush=True)
        subprocess.run(cmd, cwd=e["directory"], check=True)
        os.utime(obj, ns=(st.st_atime_ns, st.st_mtime_ns))
        objects.append(obj)
    if not objects:
        sys.exit("tcc-rebuild: no C file in compile_commands.json")
    print("tcc-rebuild: %d C files compiled with %s" % (len(objects), tcc))

    targets = json.loads(subprocess.run(
        ["meson", "introspect", "--targets", build],
        check=True, capture_output=True, text=True).stdout)
    for t in targets:
        if t["type"] in ("executable", "shared library", "static library",
                         "shared module"):
            for path in t["filename"]:
                if os.path.exists(path):
                    os.unlink(path)

    log = subprocess.run(["ninja", "-C", build], check=True,
                         capture_output=True, text=True).stdout
    print(log, end="")
    if "Compiling C object" in log:
        sys.exit("tcc-rebuild: ninja compiled C files again with gcc")
    for obj in objects:
        r = subprocess.run(["readelf", "-p", ".comment", obj],
                           capture_output=True, text=True)
        if "GCC:" in r.stdout:
            sys.exit("tcc-rebuild: %s was compiled by gcc" % obj)
    print("tcc-rebuild: every library and program relinked from tcc objects")


if __name__ == "__main__":
    main()
