#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Two SVG renderers draw the picture alike.

Usage: compare-renderers.py PICTURE-SAMPLES
       compare-renderers.py --svg FILE.svg...

PICTURE-SAMPLES (tests/picture/picture-samples.c) writes pictures of
crowded features, every junction tile, every figure kind, phantoms,
buildings and crop circles, and the river, inns, cathedrals, goods,
builders and pigs of the three large expansions.  Each is drawn to PNG by librsvg
(rsvg-convert, Debian librsvg2-bin) and by QtSvg (Debian
python3-pyqt5.qtsvg, offscreen), at 300 and 800 pixels wide (the crowded
one at 1600 too), and the two images are compared: a pixel counts as different when no pixel
within one pixel of it in the other image has nearly its colour (so
antialiasing and sub-pixel text placement do not count, a shape drawn
elsewhere or in another colour does).  At most 0.1 % of the pixels may
differ, and in every 16-pixel cell at most 8 %: a missing figure or a
solid phantom is caught even on a big board.  With --svg, the given files
at 300, 800 and 1600 pixels.

Skips (exit 77) with a message when a renderer is missing, fails instead
when CI=true.  PICTURE_PNG_DIR=DIR keeps the PNGs there, to look at.
"""
import os
import shutil
import subprocess
import sys
import tempfile

WIDTHS = (300, 800)
LARGE = ('crowded',)          # also at 1600
COLOUR_TOLERANCE = 60        # of 255, per channel
MAX_DIFFERENT = 0.001        # of all pixels
CELL = 16                    # pixels
MAX_CELL_DIFFERENT = 0.08    # of a cell's pixels


def unavailable(why):
    if os.environ.get('CI') == 'true':
        print(f'FAIL: {why} (required when CI=true)')
        sys.exit(1)
    print(f'SKIP: {why}')
    sys.exit(77)


try:
    import numpy as np
    from PyQt5.QtCore import QRectF
    from PyQt5.QtGui import QColor, QImage, QPainter
    from PyQt5.QtSvg import QSvgRenderer
    from PyQt5.QtWidgets import QApplication
except ImportError as e:
    unavailable(f'QtSvg or numpy for {sys.executable} is missing ({e}); '
                'install python3-pyqt5.qtsvg and python3-numpy')
RSVG = shutil.which('rsvg-convert')
if not RSVG:
    unavailable('rsvg-convert is missing; install librsvg2-bin')


def size_of(path, width):
    """The picture's height at @width, from its viewBox."""
    with open(path, encoding='utf-8') as f:
        head = f.read(400)
    box = head.split("viewBox='", 1)[1].split("'", 1)[0].split()
    return round(width * float(box[3]) / float(box[2]))


def to_array(img):
    """The R, G and B planes of @img drawn over white."""
    img = img.convertToFormat(QImage.Format_ARGB32)
    flat = QImage(img.size(), QImage.Format_RGB32)
    flat.fill(QColor('white'))
    p = QPainter(flat)
    p.drawImage(0, 0, img)
    p.end()
    ptr = flat.constBits()
    ptr.setsize(flat.sizeInBytes())
    a = np.frombuffer(ptr, np.uint8).reshape(flat.height(),
                                             flat.bytesPerLine() // 4, 4)
    # three planes: numpy takes a maximum of planes faster than over an
    # axis of three
    return [a[:, :flat.width(), k].astype(np.int16) for k in range(3)]


def by_rsvg(svg, png, w, h):
    subprocess.run([RSVG, '-w', str(w), '-h', str(h), '-o', png, svg],
                   check=True)
    img = QImage(png)
    if img.isNull() or img.width() != w or img.height() != h:
        raise RuntimeError(f'rsvg-convert drew {img.width()}x{img.height()}'
                           f', not {w}x{h}')
    return to_array(img)


def by_qt(svg, png, w, h, keep):
    r = QSvgRenderer(svg)
    if not r.isValid():
        raise RuntimeError(f'QtSvg cannot read {svg}')
    img = QImage(w, h, QImage.Format_ARGB32)
    img.fill(QColor(0, 0, 0, 0))
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing)
    r.render(p, QRectF(0, 0, w, h))
    p.end()
    if keep:
        img.save(png)
    return to_array(img)


def unmatched(a, b):
    """Pixels of @a with no pixel of nearly their colour within one pixel
    in @b."""
    h, w = a[0].shape
    pad = [np.pad(p, 1, mode='edge') for p in b]
    best = None
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            d = None
            for k in range(3):
                e = np.abs(a[k] - pad[k][dy:dy + h, dx:dx + w])
                d = e if d is None else np.maximum(d, e, out=d)
            best = d if best is None else np.minimum(best, d, out=best)
    return best > COLOUR_TOLERANCE


def compare(name, a, b):
    bad = unmatched(a, b) | unmatched(b, a)
    h, w = bad.shape
    share = bad.mean()
    cells = np.pad(bad, ((0, -h % CELL), (0, -w % CELL)))
    worst = cells.reshape(cells.shape[0] // CELL, CELL,
                          cells.shape[1] // CELL, CELL).mean(axis=(1, 3)).max()
    ok = share <= MAX_DIFFERENT and worst <= MAX_CELL_DIFFERENT
    print(f"{'ok' if ok else 'FAIL'}: {name}: {share * 100:.3f} % of "
          f'{w}x{h} pixels differ, worst {CELL}-pixel cell '
          f'{worst * 100:.1f} %')
    return ok


def main():
    if len(sys.argv) < 2 or (sys.argv[1] == '--svg') == (len(sys.argv) == 2):
        print(__doc__)
        return 2
    os.environ.setdefault('QT_QPA_PLATFORM', 'offscreen')
    app = QApplication.instance() or QApplication(['compare-renderers'])
    keep = os.environ.get('PICTURE_PNG_DIR')
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        if sys.argv[1] == '--svg':
            svgs = sys.argv[2:]
        else:
            out = subprocess.run([sys.argv[1], tmp], check=True,
                                 capture_output=True, text=True).stdout
            print(out.strip())
            svgs = sorted(os.path.join(tmp, f) for f in os.listdir(tmp)
                          if f.endswith('.svg'))
            if len(svgs) < 4:
                print(f'FAIL: only {svgs} written')
                return 1
        pngs = keep or tmp
        os.makedirs(pngs, exist_ok=True)
        for svg in svgs:
            name = os.path.basename(svg)[:-4]
            widths = WIDTHS + ((1600,) if name in LARGE or
                               sys.argv[1] == '--svg' else ())
            for w in widths:
                h = size_of(svg, w)
                stem = os.path.join(pngs, f'{name}-{w}')
                a = by_rsvg(svg, stem + '-rsvg.png', w, h)
                b = by_qt(svg, stem + '-qt.png', w, h, keep)
                failures += not compare(f'{name} at {w} px', a, b)
    del app
    print(f'{failures} failure(s)')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
