# SPDX-License-Identifier: MIT
"""The pip package: one wheel with the library inside, built offline.

Copies the tracked files of the source tree (``git ls-files``, as a fresh
clone would have them) into a temporary directory, builds a wheel there
with Debian's meson-python (``python3 -m build --no-isolation --wheel``,
or ``pip wheel --no-build-isolation`` without python3-build or patchelf),
installs it
with ``pip install --no-index --target``, and in a clean interpreter (no
PYTHONPATH, no CARCASSONNE_LIBRARY) imports the package from there: it
must load the libcarcassonne.so bundled in the wheel and play the seeded
games exactly as the C helper does.

Run by meson (suite 'packaging'), which sets CARCASSONNE_SOURCE,
CARCASSONNE_SEEDED_GAME, CARCASSONNE_BUILD_LIBRARY (the build tree's
library) and CARCASSONNE_VERSION (the project version).  Exit status 77
(skipped) when the source is not a git checkout or meson-python is
missing.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

PYTHON = '/usr/bin/python3'     # Debian's, the one python3-mesonpy serves

# Runs in the installed copy: prints where the library came from and the
# result of each seeded game, in seeded-game's format.
CHILD = r'''
import sys
sys.path.insert(0, sys.argv[1])
import carcassonne as carc
print(carc.__file__)
print(carc.library_path)
for arg in sys.argv[2:]:
    seed, players, exp = map(int, arg.split(','))
    rules = carc.Rules(phantom=bool(exp & 1), crop_circles_i=bool(exp & 2),
                       crop_circles_ii=bool(exp & 4),
                       little_buildings=bool(exp & 8))
    game = carc.Game(rules, players=players, seed=seed)
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[game.hash() % len(moves)])
    print('hash %016x scores %s' % (game.hash(),
                                    ' '.join(map(str, game.scores()))))
'''

GAMES = [(1, 2, 0), (3, 4, 15), (6, 6, 15)]


def fail(msg):
    print('FAIL:', msg)
    sys.exit(1)


def skip(msg):
    print('SKIP:', msg)
    sys.exit(77)


def run(cmd, **kw):
    print('+', ' '.join(cmd), flush=True)
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        print(r.stdout[-4000:], r.stderr[-4000:])
        fail(f'exit status {r.returncode}: {" ".join(cmd)}')
    return r.stdout


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k in ('PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR')}
    env.update(extra)
    return env


def copy_tracked(src, dst):
    try:
        out = subprocess.run(['git', '-C', src, 'ls-files', '-z'],
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        skip(f'{src} is not a git checkout')
    names = [n.decode() for n in out.split(b'\0') if n]
    if 'pyproject.toml' not in names:
        fail('pyproject.toml is not tracked')
    for name in names:
        path = os.path.join(src, name)
        if not os.path.lexists(path):   # deleted in the work tree
            continue
        os.makedirs(os.path.join(dst, os.path.dirname(name)), exist_ok=True)
        shutil.copy2(path, os.path.join(dst, name), follow_symlinks=False)


def has_module(name):
    return subprocess.run([PYTHON, '-c', f'import {name}'],
                          capture_output=True).returncode == 0


def main():
    source = os.environ['CARCASSONNE_SOURCE']
    helper = os.environ['CARCASSONNE_SEEDED_GAME']
    build_lib = os.environ['CARCASSONNE_BUILD_LIBRARY']
    version = os.environ['CARCASSONNE_VERSION']
    if not os.path.exists(PYTHON) or not has_module('mesonpy'):
        skip('needs /usr/bin/python3 with meson-python (python3-mesonpy)')

    with tempfile.TemporaryDirectory(prefix='carc-wheel-') as tmp:
        src = os.path.join(tmp, 'src')
        dist = os.path.join(tmp, 'dist')
        site = os.path.join(tmp, 'site')
        copy_tracked(source, src)

        env = clean_env()
        # python3 -m build checks meson-python's wish for patchelf.
        if has_module('build') and shutil.which('patchelf'):
            run([PYTHON, '-m', 'build', '--no-isolation', '--wheel',
                 '--outdir', dist, src], env=env, cwd=tmp)
        else:
            run([PYTHON, '-m', 'pip', 'wheel', '--no-build-isolation',
                 '--no-index', '--no-deps', '--wheel-dir', dist, src],
                env=env, cwd=tmp)
        wheels = os.listdir(dist)
        if len(wheels) != 1 or not wheels[0].endswith('.whl'):
            fail(f'expected one wheel, got {wheels}')
        wheel = os.path.join(dist, wheels[0])
        if not wheels[0].startswith(f'carcassonne-{version}-'):
            fail(f'wheel {wheels[0]} does not carry version {version}')
        with zipfile.ZipFile(wheel) as z:
            names = set(z.namelist())
        for want in ('carcassonne/__init__.py', 'carcassonne/py.typed',
                     'carcassonne/search.py',
                     'carcassonne/env.py', 'carcassonne/_learn.py',
                     'carcassonne/libcarcassonne.so'):
            if want not in names:
                fail(f'{want} missing from the wheel: {sorted(names)}')
        extra = [n for n in names if not n.startswith(
            ('carcassonne/', f'carcassonne-{version}.dist-info/'))]
        if extra:
            fail(f'unexpected files in the wheel: {extra}')

        run([PYTHON, '-m', 'pip', 'install', '--no-build-isolation',
             '--no-index', '--no-deps', '--target', site, wheel],
            env=env, cwd=tmp)

        expected = [run([helper, str(s), str(p), str(e)]).strip()
                    for s, p, e in GAMES]
        args = [f'{s},{p},{e}' for s, p, e in GAMES]
        pkg = os.path.join(site, 'carcassonne')
        # -I: no PYTHONPATH, no user site, not the script's directory.
        # The bundled library comes first even when CARCASSONNE_LIBRARY
        # names another one.
        for extra_env in ({}, {'CARCASSONNE_LIBRARY': build_lib}):
            out = run([PYTHON, '-I', '-c', CHILD, site] + args,
                      env=clean_env(**extra_env), cwd=tmp).splitlines()
            where = f' (with {extra_env})' if extra_env else ''
            if os.path.dirname(out[0]) != pkg:
                fail(f'imported {out[0]}, not the installed copy{where}')
            if os.path.dirname(out[1]) != pkg:
                fail(f'loaded {out[1]}, not the bundled library{where}')
            if out[2:] != expected:
                fail(f'games differ from C{where}: {out[2:]} != {expected}')
        print('ok: wheel', wheels[0], 'plays', len(GAMES),
              'seeded games as C does, with its bundled library')


if __name__ == '__main__':
    main()
