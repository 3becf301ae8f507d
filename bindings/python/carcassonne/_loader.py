# SPDX-License-Identifier: MIT
"""Finding and loading the shared library (see the package's
docstring for the order of the places it looks)."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Iterator


# The runtime a sanitizer build of the library needs loaded first: such a
# library dlopen()ed into a process without it ends the process at once.
_SANITIZER_RUNTIMES = {
    'address': (b'libasan.so', b'libclang_rt.asan'),
    'thread': (b'libtsan.so', b'libclang_rt.tsan'),
    'memory': (b'libmsan.so', b'libclang_rt.msan'),
}


def _runtimes_loaded() -> bytes:
    try:
        with open('/proc/self/maps', 'rb') as f:
            return f.read()
    except OSError:
        return b''


def _loadable(sanitize: str, maps: bytes) -> bool:
    """False for a build with ``b_sanitize`` = ``sanitize`` whose runtime
    this process (``maps``: its /proc/self/maps) has not loaded."""
    for part in sanitize.split(','):
        runtimes = _SANITIZER_RUNTIMES.get(part.strip())
        if runtimes and not any(r in maps for r in runtimes):
            return False
    return True


def _candidates() -> Iterator[str]:
    """Where the library may be, in order: the copy bundled in the
    package directory, CARCASSONNE_LIBRARY, the library of the build tree
    the package is imported from (never for an installed package), and
    the dynamic linker's own search."""
    here = os.path.dirname(os.path.abspath(__file__))
    # The copy a wheel bundles next to the package comes first.
    for name in ('libcarcassonne.so', 'libcarcassonne.dylib',
                 'carcassonne.dll'):
        if os.path.isfile(os.path.join(here, name)):
            yield os.path.join(here, name)
    env = os.environ.get('CARCASSONNE_LIBRARY')
    if env:
        yield env
    try:
        # written by meson into the build directory, never installed
        from ._buildtree import LIBRARY, SANITIZE  # type: ignore
    except ImportError:
        pass
    else:
        if _loadable(SANITIZE, _runtimes_loaded()):
            yield str(LIBRARY)
    found = ctypes.util.find_library('carcassonne')
    if found:
        yield found
    yield 'libcarcassonne.so.0'
    yield 'libcarcassonne.dylib'


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(f'{path}: {e}')
    raise ImportError('libcarcassonne not found; set CARCASSONNE_LIBRARY '
                      'to its path, or from a source tree put '
                      'build/bindings/python on PYTHONPATH too (' +
                      '; '.join(errors) + ')')


#: The loaded shared library (a ``ctypes.CDLL``).
library = _load()
_L = library
#: The path (or soname) the shared library was loaded from.
library_path: str = library._name
