# SPDX-License-Identifier: MIT
"""Run pytest on the files given (suite 'python-env').

The suite needs numpy and pytest (Debian: python3-numpy, python3-pytest,
which tools/install-deps.sh --tests installs) for the interpreter that
runs this script.  Without them it exits 77, which meson counts as a
skip, unless CI=true: there a missing package is a failure.

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 run_env_tests.py test_env.py
"""
import importlib.util
import os
import sys

missing = [m for m in ('numpy', 'pytest')
           if importlib.util.find_spec(m) is None]
if missing:
    print(f'{sys.executable} lacks {", ".join(missing)} (Debian: '
          f'apt-get install {" ".join("python3-" + m for m in missing)}; '
          f'tools/install-deps.sh --tests)', file=sys.stderr)
    if os.environ.get('CI') == 'true':
        print('CI=true: failing instead of skipping', file=sys.stderr)
        sys.exit(1)
    print('SKIP', file=sys.stderr)
    sys.exit(77)

import pytest  # noqa: E402

sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-rs']
                     + sys.argv[1:]))
