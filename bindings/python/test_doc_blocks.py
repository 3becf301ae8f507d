# SPDX-License-Identifier: MIT
"""Every Python code block of the documents runs verbatim.

Each ```python block of README.md, bindings/python/README.md,
doc/bindings/python-env.md, doc/bindings/bots.md and
doc/bindings/cluster.md is written to a file and run as a script by
this interpreter (a block written as a doctest, ``>>>``, is run by
doctest instead), in a fresh process with the package on PYTHONPATH.
doc/bindings/python-env.md says its examples work with and without
PettingZoo and Gymnasium: its blocks run both ways, with the real
packages (``<top>/../shared/vendor/python``, which run_conformance.py
checks) and with them hidden.  doc/bindings/python.md is a doctest run by
test_docs.py (suite 'ffi') and is run here too.
"""
import os
import re
import subprocess
import sys
import tempfile

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, '..', '..'))
VENDOR = os.path.normpath(os.path.join(TOP, '..', 'shared', 'vendor',
                                       'python'))

DOCS = ['README.md', 'bindings/python/README.md', 'doc/bindings/python.md',
        'doc/bindings/python-env.md', 'doc/bindings/bots.md',
        'doc/bindings/cluster.md']
# documents whose text says the examples work without the real packages
BOTH_WAYS = {'doc/bindings/python-env.md'}
# runs a doctest given as a file name, verbatim
DOCTEST = '''
import doctest, sys
failed, tried = doctest.testfile(sys.argv[1], module_relative=False,
    optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
sys.exit(1 if failed or not tried else 0)
'''


def blocks(doc):
    with open(os.path.join(TOP, doc), encoding='utf-8') as f:
        text = f.read()
    return re.findall(r'^```python\n(.*?)^```$', text, re.S | re.M)


def cases():
    for doc in DOCS:
        found = blocks(doc)
        assert found, f'{doc} has no python block'
        if all(b.lstrip().startswith('>>>') for b in found):
            # a doctest document: its blocks build on each other
            found = [None]
        for i, block in enumerate(found):
            yield pytest.param(doc, i, block, True, id=f'{doc}#{i}')
            if doc in BOTH_WAYS:
                yield pytest.param(doc, i, block, False,
                                   id=f'{doc}#{i}-without-pettingzoo')


def test_every_listed_document_has_blocks():
    assert sum(len(blocks(d)) for d in DOCS) >= 8


@pytest.mark.parametrize('doc,index,block,real', list(cases()))
def test_block_runs_verbatim(doc, index, block, real, tmp_path):
    if block is not None and 'cluster' in block:
        try:
            import distributed  # noqa: F401
        except ImportError:
            if os.environ.get('CI') == 'true':
                raise
            pytest.skip('needs python3-distributed for doc/bindings/cluster.md')
    # the package's directory, the real packages or not, and the rest of
    # the caller's path (a build tree's generated carcassonne/_abi.py)
    rest = [p for p in os.environ.get('PYTHONPATH', '').split(os.pathsep)
            if p and os.path.normpath(p) not in (HERE, VENDOR)]
    paths = [HERE] + ([VENDOR] if real else []) + rest
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    if block is None:
        cmd = [sys.executable, '-c', DOCTEST, os.path.join(TOP, doc)]
    else:
        path = tmp_path / 'block.py'
        path.write_text(block, encoding='utf-8')
        cmd = [sys.executable, str(path)]
    r = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True,
                       text=True, timeout=240)
    assert r.returncode == 0, f'{doc} block {index}:\n{block}\n' \
        f'{r.stdout[-3000:]}\n{r.stderr[-3000:]}'
    if not real:
        # the block ran with neither package importable
        probe = subprocess.run(
            [sys.executable, '-c', 'import importlib.util as u; '
             'print(u.find_spec("pettingzoo"), u.find_spec("gymnasium"))'],
            env=env, capture_output=True, text=True)
        assert probe.stdout.strip() == 'None None'
    else:
        probe = subprocess.run(
            [sys.executable, '-c', 'import pettingzoo, gymnasium'],
            env=env, capture_output=True, text=True)
        assert probe.returncode == 0
