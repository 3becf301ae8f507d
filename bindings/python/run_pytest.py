# SPDX-License-Identifier: MIT
"""Run pytest on test files, for meson (suite 'ffi').

usage: run_pytest.py TEST_FILE... [pytest options]

pytest comes from Debian's python3-pytest (tools/install-deps.sh --tests),
which serves /usr/bin/python3; meson's python3 may be another interpreter,
so this script runs pytest with the first of this interpreter and
/usr/bin/python3 that has it.  Without pytest it exits 77 (meson's skip),
except under CI=true, where it fails.
"""
import os
import subprocess
import sys


def has_pytest(python):
    return subprocess.run([python, '-c', 'import pytest'],
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def main():
    for python in (sys.executable, '/usr/bin/python3'):
        if python and os.path.exists(python) and has_pytest(python):
            break
    else:
        msg = ('pytest is missing: install python3-pytest '
               '(tools/install-deps.sh --tests)')
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
