# SPDX-License-Identifier: MIT
"""Run pytest on test files, for meson (suite 'ffi').

usage: run_pytest.py TEST_FILE... [pytest options]

pytest runs on the interpreter that runs this script: meson's
python-interpreter option (by default the one that runs meson).  On
Debian, pytest comes from python3-pytest (tools/install-deps.sh --tests)
for Debian's own interpreter.  Without pytest it exits 77 (meson's skip),
except under CI=true, where it fails.
"""
import importlib.util
import os
import subprocess
import sys


def main():
    python = sys.executable
    if importlib.util.find_spec('pytest') is None:
        msg = (f'pytest is missing for {python}: install it there (Debian: '
               'python3-pytest, tools/install-deps.sh --tests) or set '
               'meson\'s python-interpreter to one that has it')
        if os.environ.get('CI') == 'true':
            print('FAIL:', msg)
            return 1
        print('SKIP:', msg)
        return 77
    args = [python, '-m', 'pytest', '-q', '-p', 'no:cacheprovider',
            *sys.argv[1:]]
    return subprocess.run(args).returncode


if __name__ == '__main__':
    sys.exit(main())
