# SPDX-License-Identifier: MIT
"""Run pytest on the files given with the real PettingZoo and Gymnasium
importable (suite 'conformance').

Their sources are kept in ``<top>/../shared/vendor/python`` (Debian
packages neither; see the README there), and they need numpy, pytest,
python3-cloudpickle and python3-typing-extensions for Debian's
/usr/bin/python3.  Without the directory or those modules this exits 77
(meson: skipped) with the reason, unless CI=true, where it fails.

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 run_conformance.py test_conformance.py
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VENDOR = os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared',
                                       'vendor', 'python'))


def unavailable(why):
    print(f'{why}: the conformance tests need the real PettingZoo and '
          f'Gymnasium', file=sys.stderr)
    if os.environ.get('CI') == 'true':
        print('CI=true: failing instead of skipping', file=sys.stderr)
        sys.exit(1)
    print('SKIP', file=sys.stderr)
    sys.exit(77)


if not os.path.isdir(os.path.join(VENDOR, 'pettingzoo')) or \
        not os.path.isdir(os.path.join(VENDOR, 'gymnasium')):
    unavailable(f'{VENDOR} (../shared/vendor/python beside the source '
                f'tree) has no pettingzoo/ and gymnasium/')
missing = [m for m in ('numpy', 'pytest', 'cloudpickle',
                       'typing_extensions')
           if importlib.util.find_spec(m) is None]
if missing:
    unavailable(f'{sys.executable} lacks {", ".join(missing)} (Debian: '
                f'apt-get install '
                f'{" ".join("python3-" + m.replace("_", "-") for m in missing)})')
sys.path.insert(0, VENDOR)
os.environ['PYTHONPATH'] = os.pathsep.join(
    [VENDOR] + [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep)
                if p])

import pytest  # noqa: E402

sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-rs']
                     + sys.argv[1:]))
