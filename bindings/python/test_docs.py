# SPDX-License-Identifier: MIT
"""The examples of the documentation run and print what they show (suite
'ffi'): the tour doc/bindings/python.md and every docstring of the package, with
doctest.  By hand:

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 -m pytest -q test_docs.py
"""
import doctest
import importlib
import os
import pkgutil

import pytest

import carcassonne as carc

HERE = os.path.dirname(os.path.abspath(__file__))
TOUR = os.path.join(HERE, '..', '..', 'doc', 'bindings', 'python.md')
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_tour_runs():
    failed, attempted = doctest.testfile(TOUR, module_relative=False,
                                         optionflags=FLAGS, verbose=False)
    assert attempted >= 40
    assert failed == 0


def test_docstring_examples_run():
    failed, attempted = doctest.testmod(carc, optionflags=FLAGS,
                                        verbose=False)
    assert attempted >= 20
    assert failed == 0


def package_modules():
    """The package and each of its public modules that imports here
    (one that needs numpy is left out where numpy is missing)."""
    yield carc
    for info in pkgutil.iter_modules(carc.__path__):
        if info.name.startswith('_'):
            continue
        try:
            yield importlib.import_module(f'{carc.__name__}.{info.name}')
        except ImportError as e:
            if e.name != 'numpy':
                raise


@pytest.mark.parametrize('module', list(package_modules()),
                         ids=lambda m: m.__name__)
def test_every_public_name_has_a_docstring(module):
    missing = []
    assert (module.__doc__ or '').strip()
    names = getattr(module, '__all__', None) or [
        n for n, v in vars(module).items() if not n.startswith('_') and
        getattr(v, '__module__', None) == module.__name__]
    for name in names:
        obj = getattr(module, name)
        if isinstance(obj, type):
            if not (obj.__doc__ or '').strip():
                missing.append(name)
            for attr, member in vars(obj).items():
                if attr.startswith('_') or not callable(member) and \
                        not isinstance(member, (property, classmethod,
                                                staticmethod)):
                    continue
                fn = member.__func__ if isinstance(
                    member, (classmethod, staticmethod)) else member
                if not (getattr(fn, '__doc__', None) or '').strip():
                    missing.append(f'{name}.{attr}')
        elif callable(obj) and not (obj.__doc__ or '').strip():
            missing.append(name)
    assert missing == []


def test_every_public_name_is_listed():
    # a public function or class the module defines is in __all__, so
    # that the checks above (and the probe of test_safety) see it
    defined = {name for name, obj in vars(carc).items()
               if not name.startswith('_') and
               getattr(obj, '__module__', None) == carc.__name__ and
               (callable(obj) or isinstance(obj, type))}
    assert defined - set(carc.__all__) == set()
