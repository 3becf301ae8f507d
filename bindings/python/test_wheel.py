# SPDX-License-Identifier: MIT
"""The pip package installed exactly as the README says.

Copies the tracked files of the source tree (``git ls-files``, as a fresh
clone would have them) into a temporary directory, commits them there (so
that ``git status`` can judge), makes the copy read-only, and runs the
README's virtual-environment commands verbatim (the ``sh`` block with
``venv --system-site-packages``, which bindings/python/README.md repeats)
from its top, with HOME in the temporary directory.  Then:

* the tree is unchanged: ``git status --porcelain --ignored`` prints
  nothing (no ``.mesonpy-*``, no ``__pycache__``) and every file has its
  old size and time;
* the installed wheel is tagged ``py3-none-<platform>``, holds only the
  package (with libcarcassonne.so) and its dist-info, and its long
  description is bindings/python/README.md;
* the venv's interpreter, isolated (``-I``: no PYTHONPATH), imports the
  installed package, loads the library bundled in it (even when
  CARCASSONNE_LIBRARY names another one) and plays the seeded games
  exactly as the C helper does.

One wheel build, about 20 s.  Run by meson (suite 'packaging'), which
sets CARCASSONNE_SOURCE, CARCASSONNE_SEEDED_GAME,
CARCASSONNE_BUILD_LIBRARY (the build tree's library) and
CARCASSONNE_VERSION.  Exit status 77 (skipped) when the source is not a
git checkout or the interpreter the README's commands name lacks
meson-python or venv, unless CI=true, where that fails.
"""

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile

# Runs in the installed copy: prints where the library came from and the
# result of each seeded game, in seeded-game's format.
CHILD = r'''
import sys
sys.path.insert(0, sys.argv[1])
import carcassonne as carc
print(carc.__file__)
print(carc.library_path)
print(carc.__version__, carc.library_version)
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
    if os.environ.get('CI') == 'true':
        print('CI=true: failing instead of skipping')
        sys.exit(1)
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


def has_module(python, name):
    return subprocess.run([python, '-c', f'import {name}'],
                          capture_output=True).returncode == 0


def readme_block(path):
    """The sh block of ``path`` that makes the virtual environment."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    found = [b for b in re.findall(r'^```sh\n(.*?)^```$', text, re.S | re.M)
             if 'venv --system-site-packages' in b]
    if len(found) != 1:
        fail(f'{path}: expected one sh block with the venv commands, '
             f'found {len(found)}')
    return found[0]


def snapshot(top):
    out = {}
    for d, dirs, files in os.walk(top):
        for n in dirs + files:
            p = os.path.join(d, n)
            st = os.lstat(p)
            out[os.path.relpath(p, top)] = (st.st_size, st.st_mtime_ns)
    return out


def set_writable(top, writable):
    for d, dirs, files in os.walk(top):
        for n in files + dirs + ['.']:
            p = os.path.join(d, n)
            if os.path.islink(p):
                continue
            mode = os.stat(p).st_mode
            os.chmod(p, mode | 0o200 if writable else mode & ~0o222)


def main():
    source = os.environ['CARCASSONNE_SOURCE']
    helper = os.environ['CARCASSONNE_SEEDED_GAME']
    build_lib = os.environ['CARCASSONNE_BUILD_LIBRARY']
    version = os.environ['CARCASSONNE_VERSION']
    block = readme_block(os.path.join(source, 'README.md'))
    if readme_block(os.path.join(source, 'bindings', 'python',
                                 'README.md')) != block:
        fail('README.md and bindings/python/README.md show different '
             'venv commands')
    python, venv = re.search(r'^(\S+) -m venv --system-site-packages '
                             r'(\S+)', block, re.M).groups()
    # the interpreter the README's commands run, which builds the wheel
    if not shutil.which(python) or not has_module(python, 'mesonpy') or \
            not has_module(python, 'ensurepip'):
        skip(f'needs {python} (the README\'s) with meson-python and venv '
             '(Debian: python3-mesonpy, python3-venv)')

    with tempfile.TemporaryDirectory(prefix='carc-install-') as tmp:
        src = os.path.join(tmp, 'src')
        home = os.path.join(tmp, 'home')
        os.makedirs(home)
        copy_tracked(source, src)
        git = ['git', '-C', src, '-c', 'user.name=t', '-c', 'user.email=t@t',
               '-c', 'core.hooksPath=/dev/null']
        run(git[:3] + ['init', '-q'])
        run(git + ['add', '-A'])
        run(git + ['commit', '-q', '-m', 'tree'])
        before = snapshot(src)
        set_writable(src, False)
        try:
            env = clean_env(HOME=home)
            script = os.path.join(tmp, 'install.sh')
            with open(script, 'w') as f:
                f.write('set -ex\n' + block)
            cmd = ['bash', script]
            if os.geteuid() == 0:
                # root writes through any mode bits: run as nobody, for
                # whom the copy is read-only
                os.chmod(tmp, 0o755)
                for d, dirs, files in os.walk(home):
                    os.chown(d, 65534, 65534)
                cmd = ['setpriv', '--reuid=65534', '--regid=65534',
                       '--clear-groups', '--'] + cmd
            out = run(cmd, env=env, cwd=src)
            if out.strip().splitlines()[-1] != version:
                fail(f'the last command printed {out!r}, not {version}')
            status = run(git[:3] + ['--no-optional-locks', 'status',
                                    '--porcelain', '--ignored'])
            if status.strip():
                fail(f'the install changed the tree:\n{status}')
            if snapshot(src) != before:
                fail('the install changed files of the tree')
        finally:
            set_writable(src, True)

        vpy = os.path.join(venv.replace('~', home, 1), 'bin', 'python')
        site = run([vpy, '-c', 'import sysconfig; '
                    'print(sysconfig.get_paths()["platlib"])'],
                   env=clean_env()).strip()
        info = os.path.join(site, f'carcassonne-{version}.dist-info')
        plat = sysconfig.get_platform().replace('-', '_').replace('.', '_')
        with open(os.path.join(info, 'WHEEL')) as f:
            tags = [l.split(':', 1)[1].strip() for l in f
                    if l.startswith('Tag:')]
        if tags != [f'py3-none-{plat}']:
            fail(f'the wheel is tagged {tags}, not py3-none-{plat}')
        with open(os.path.join(info, 'RECORD')) as f:
            names = {l.split(',')[0] for l in f if l.strip()}
        for want in ('carcassonne/__init__.py', 'carcassonne/py.typed',
                     'carcassonne/search.py', 'carcassonne/cluster.py',
                     'carcassonne/env.py', 'carcassonne/_learn.py',
                     'carcassonne/libcarcassonne.so',
                     # generated by the build
                     'carcassonne/_abi.py', 'carcassonne/_version.py',
                     'carcassonne/_enumbase.py',
                     # the modules of __init__.py
                     'carcassonne/_loader.py', 'carcassonne/_protos.py',
                     'carcassonne/_constants.py', 'carcassonne/_args.py',
                     'carcassonne/_errors.py', 'carcassonne/_names.py',
                     'carcassonne/_geometry.py', 'carcassonne/_moves.py',
                     'carcassonne/_rules.py', 'carcassonne/_results.py',
                     'carcassonne/_views.py', 'carcassonne/_picture.py',
                     'carcassonne/_jcz.py', 'carcassonne/_game.py'):
            if want not in names:
                fail(f'{want} missing from the wheel: {sorted(names)}')
        if 'carcassonne/_buildtree.py' in names:
            fail('the wheel carries _buildtree.py, which names a build '
                 'directory')
        extra = [n for n in names if not n.startswith(
            ('carcassonne/', f'carcassonne-{version}.dist-info/'))]
        if extra:
            fail(f'unexpected files in the wheel: {extra}')
        with open(os.path.join(info, 'METADATA'), encoding='utf-8') as f:
            meta = f.read()
        with open(os.path.join(source, 'bindings', 'python', 'README.md'),
                  encoding='utf-8') as f:
            readme = f.read()
        if 'Description-Content-Type: text/markdown' not in meta or \
                readme.strip() not in meta:
            fail('the long description is not bindings/python/README.md')

        expected = [run([helper, str(s), str(p), str(e)]).strip()
                    for s, p, e in GAMES]
        args = [f'{s},{p},{e}' for s, p, e in GAMES]
        pkg = os.path.join(site, 'carcassonne')
        # -I: no PYTHONPATH, no user site, not the script's directory.
        # The bundled library comes first even when CARCASSONNE_LIBRARY
        # names another one.
        for extra_env in ({}, {'CARCASSONNE_LIBRARY': build_lib}):
            out = run([vpy, '-I', '-c', CHILD, site] + args,
                      env=clean_env(**extra_env), cwd=tmp).splitlines()
            where = f' (with {extra_env})' if extra_env else ''
            if os.path.dirname(out[0]) != pkg:
                fail(f'imported {out[0]}, not the installed copy{where}')
            if os.path.dirname(out[1]) != pkg:
                fail(f'loaded {out[1]}, not the bundled library{where}')
            if out[2] != f'{version} {version}':
                fail(f'__version__, library_version: {out[2]}, not '
                     f'{version} {version}{where}')
            if out[3:] != expected:
                fail(f'games differ from C{where}: {out[3:]} != {expected}')
        print(f'ok: installed as the README says from a read-only tree '
              f'left unchanged; wheel py3-none-{plat}; plays', len(GAMES),
              'seeded games as C does, with its bundled library')


if __name__ == '__main__':
    main()
