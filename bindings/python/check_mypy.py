# SPDX-License-Identifier: MIT
"""mypy --strict on the package, for meson (suite 'ffi').

The mypy command on PATH, else the mypy module of the interpreter that
runs this script (meson's python-interpreter option); Debian's mypy
(tools/install-deps.sh --tests) is both.
Without mypy the check exits 77 (meson's skip), except under CI=true,
where it fails.  The cache goes to a temporary directory: the source tree
stays clean.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    mypy = shutil.which('mypy')
    command = [mypy] if mypy else None
    if command is None:
        if subprocess.run([sys.executable, '-c', 'import mypy'],
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            command = [sys.executable, '-m', 'mypy']
    if command is None:
        msg = 'mypy is missing: install mypy (tools/install-deps.sh --tests)'
        if os.environ.get('CI') == 'true':
            print('FAIL:', msg)
            return 1
        print('SKIP:', msg)
        return 77
    # the package as installed: its sources beside the modules the build
    # generated (the arguments: _abi.py, _version.py)
    with tempfile.TemporaryDirectory() as tmp:
        package = os.path.join(tmp, 'carcassonne')
        shutil.copytree(os.path.join(HERE, 'carcassonne'), package,
                        ignore=shutil.ignore_patterns('__pycache__',
                                                      'meson.build', '*.in'))
        for generated in sys.argv[1:]:
            shutil.copy(generated, package)
        r = subprocess.run(command + ['--strict', '--cache-dir',
                                      os.path.join(tmp, 'cache'),
                                      '--no-error-summary', package],
                           cwd=tmp)
    if r.returncode == 0:
        print('mypy --strict: no issues in carcassonne')
    return r.returncode


if __name__ == '__main__':
    sys.exit(main())
