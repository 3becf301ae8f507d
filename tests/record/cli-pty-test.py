#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A person plays a whole game of carcassonne through a pseudo-terminal.

usage: cli-pty-test.py CARCASSONNE

The tool runs on a pty (so it sees a terminal and uses colour), and this
script reads the screen as a person would: it picks one of the listed
placements, answers the deploy prompts with the feature labels shown,
asks for help, looks at the whole board, types an unknown command, takes
a move back with undo, saves the game half way and checks that the saved
file replays, and plays to the end.  Then it checks the final scores line,
that the record written as the game went replays to the same scores, that
every screen line fits 80 columns, and that colour goes away with NO_COLOR
and when the output is not a terminal.  Standard library only.
"""
import codecs
import json
import os
import pty
import random
import re
import select
import signal
import subprocess
import sys
import tempfile
import time

ANSI = re.compile(r'\x1b\[[0-9;]*[A-Za-z]')
PROMPT = re.compile(r'P(\d) (place|choose)> $')
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL:', msg)


class Session:
    """The tool on a pty: send lines, read until the next prompt."""

    def __init__(self, args, env=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            e = dict(os.environ, TERM='xterm-256color', COLUMNS='80',
                     LINES='40')
            e.pop('NO_COLOR', None)
            e.update(env or {})
            os.execve(args[0], args, e)
        self.all = ''
        self.status = None
        # a character may be split between two reads
        self.decoder = codecs.getincrementaldecoder('utf-8')()

    def read_until_prompt(self, timeout=30):
        """The text up to the next prompt, or to the end of the program."""
        start = len(self.all)
        if self.status is not None:
            return ''
        deadline = time.monotonic() + timeout
        while True:
            if PROMPT.search(self.all[start:]):
                return self.all[start:]
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(self.all[start:][-2000:])
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                data = b''
            if not data:
                _, st = os.waitpid(self.pid, 0)
                self.status = os.waitstatus_to_exitcode(st)
                return self.all[start:]
            self.all += self.decoder.decode(data)

    def send(self, line):
        os.write(self.fd, (line + '\n').encode())

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            _, st = os.waitpid(self.pid, 0)
            self.status = os.waitstatus_to_exitcode(st)
        os.close(self.fd)


def plain(text):
    return ANSI.sub('', text).replace('\r', '')


def placements(screen):
    """The placement labels listed under 'where it fits'."""
    part = plain(screen).split('where it fits', 1)
    if len(part) < 2:
        return []
    return re.findall(r' ([a-zA-Z])(\d)(?= |$)', part[1], re.M)


def choices(screen):
    """(number, label, words) of the numbered choices of a prompt."""
    # '  %2d  %-9s ' and the words: a label longer than the column
    # (builder-r1) pushes the words by its excess
    return [(n, label, words) for n, label, pad, words in
            re.findall(r'^ *(\d+)  (\S*)( +)(\S.*)$', plain(screen), re.M)
            if len(label) + len(pad) == max(10, len(label) + 1)]


def play_whole_game(tool, tmp):
    record = os.path.join(tmp, 'game.rec')
    saved = os.path.join(tmp, 'saved.rec')
    before_undo = os.path.join(tmp, 'before-undo.rec')
    at_undo = os.path.join(tmp, 'at-undo.rec')
    rng = random.Random(7)
    # the expansions of 0.4 (the games below play the three of 0.5)
    s = Session([tool, 'play', '--human', '0', '--seed', '9', '--players',
                 '2', '--phantom', '--crop-circles', '--little-buildings',
                 '--record', record])
    screen = s.read_until_prompt()
    if '\x1b[' not in screen:
        fail('no colour on a terminal')
    text = plain(screen)
    for want in ('your tile is', 'r0', 'r3', 'where it fits', 'scores:'):
        if want not in text:
            fail(f'first screen lacks {want!r}')
    # the record exists before the first move
    if not os.path.exists(record):
        fail('the record is not written before the first move')

    s.send('?')
    out = plain(s.read_until_prompt())
    for want in ('board', 'undo', 'save FILE', 'quit', 'legend'):
        if want not in out:
            fail(f'help lacks {want!r}')
    s.send('frobnicate')
    out = plain(s.read_until_prompt())
    if "unknown command 'frobnicate'" not in out:
        fail(f'unknown input not rejected: {out!r}')
    # a well-formed move that is not legal: the engine's reason
    for typed, want in (
            ('place 99,99 r0', "illegal move 'place 99,99 r0': tile shares "
             "no side with the board"),
            ('a9', 'no turn 9: the turns are r0 to r3'),
            ('z0', "no square 'z': the squares marked on the board are a "
             "to ")):
        s.send(typed)
        out = plain(s.read_until_prompt())
        if want not in out:
            fail(f'{typed!r} answered {out!r}, want {want!r}')
    s.send('board')
    out = plain(s.read_until_prompt())
    if not re.search(r'^\s+-?\d+ ', out, re.M):
        fail('board shows no rows')

    human_moves = 0
    undone = saved_done = deployed_feature = False
    features_explained = asked_no_feature = False
    seen_closed = set()
    while True:
        m = PROMPT.search(screen)
        if not m:
            break
        kind = m.group(2)
        if human_moves == 11 and not undone:
            # the game at the decision that undo will come back to
            s.send('save ' + before_undo)
            s.read_until_prompt()
        if kind == 'place':
            labels = placements(screen)
            if not labels:
                fail('a placement prompt lists no placements')
                break
            letter, rot = rng.choice(labels)
            s.send(letter + rot)
        else:
            opts = choices(screen)
            if not opts:
                fail(f'a choice prompt lists nothing: {plain(screen)!r}')
                break
            feats = [o for o in opts if re.fullmatch(r'[crf]\d|monastery',
                                                     o[1])]
            for num, label, words in feats:
                if label[0] == 'c' and 'the city' not in words:
                    fail(f'{label} explained as {words!r}')
                if label[0] == 'f' and 'the field' not in words:
                    fail(f'{label} explained as {words!r}')
                features_explained = True
            # the library's words: what, where, worth now
            if feats and not re.search(
                    r'(worth \d+|borders no completed city yet)',
                    re.sub(r'\n {16}', ' ', plain(screen))):
                fail('no size and value under the features: '
                     + plain(screen)[-600:])
            # features nobody may take now are listed with the reason
            for closed in re.findall(r'^   -  (\S+) +\((.*?)\) (.*)$',
                                     plain(screen), re.M):
                if closed[1] == 'taken' and 'taken by P' not in \
                        re.sub(r'\n {16}', ' ', plain(screen)):
                    fail(f'taken feature without its holder: {closed}')
                seen_closed.add(closed[1])
            if feats and not asked_no_feature:
                s.send('c4')
                out = plain(s.read_until_prompt())
                if 'c4: the tile has no such feature' not in out:
                    fail(f'c4 answered {out!r}')
                asked_no_feature = True
            if feats and rng.random() < 0.4:
                s.send(rng.choice(feats)[1])
                deployed_feature = True
            elif any(o[1] == 'pass' for o in opts):
                s.send('pass')
            else:
                s.send(rng.choice(opts)[0])
        human_moves += 1
        screen = s.read_until_prompt()
        text = plain(screen)
        if human_moves == 12 and not undone:
            before = len(s.all)
            s.send('undo')
            screen = s.read_until_prompt()
            m = re.search(r'undone: back to move (\d+)', plain(screen))
            if not m:
                fail(f'undo: {plain(screen)[-300:]!r}')
            else:
                kept = int(m.group(1)) - 1
                after_undo = len(s.all)
            # back at the same decision: the same game, to the byte
            s.send('save ' + at_undo)
            s.read_until_prompt()
            with open(before_undo) as f, open(at_undo) as g:
                if f.read() != g.read():
                    fail('undo did not restore the game of the '
                         'previous decision')
            undone = True
            del before
        if human_moves == 20 and not saved_done:
            s.send('save ' + saved)
            out = plain(s.read_until_prompt())
            if 'saved the game so far' not in out:
                fail(f'save: {out!r}')
            r = subprocess.run([tool, 'replay', saved], capture_output=True,
                               text=True)
            if r.returncode != 0 or 'moves:' not in r.stdout:
                fail(f'the saved game does not replay: {r.stderr}')
            # the record written as the game goes replays too
            r = subprocess.run([tool, 'replay', record], capture_output=True,
                               text=True)
            if r.returncode != 0:
                fail(f'the record in progress does not replay: {r.stderr}')
            saved_done = True
        if s.status is not None:
            break
    s.read_until_prompt()
    s.close()
    text = plain(s.all)
    if s.status != 0:
        fail(f'play --human exit status {s.status}')
    if 'The game is over.' not in text or 'final scores:' not in text:
        fail('no game-over screen')
    m = re.search(r'^scores:( \d+)+$', text, re.M)
    if not m:
        fail('no final scores line')
    else:
        r = subprocess.run([tool, 'replay', record], capture_output=True,
                           text=True)
        if r.stdout.strip().splitlines()[-1:] != [m.group(0)]:
            fail(f'record replays to {r.stdout!r}, screen {m.group(0)!r}')
        if ', game over' not in r.stdout:
            fail('the record is not of a finished game')
    # every move after the undo was printed once as it happened: the
    # person's as 'you:', the bot's as 'bot:'
    if undone:
        r = subprocess.run([tool, 'replay', '--json', record],
                           capture_output=True, text=True)
        players = [o['player'] for o in map(json.loads, r.stdout.splitlines())
                   if 'move' in o][kept:]
        shown = plain(s.all[after_undo:])
        you = len(re.findall(r'^  you: P0 ', shown, re.M))
        bot = len(re.findall(r'^  bot: P1 ', shown, re.M))
        if (you, bot) != (players.count(0), players.count(1)):
            fail(f'moves shown after undo: {you} yours, {bot} bot, '
                 f'record {players.count(0)} and {players.count(1)}')
    if 'taken' not in seen_closed:
        fail(f'no feature listed as taken in a whole game: {seen_closed}')
    if human_moves < 40:
        fail(f'only {human_moves} human decisions in a whole game')
    if not (undone and saved_done and deployed_feature and
            features_explained):
        fail('the session did not try every command')
    wide = [l for l in text.split('\n') if len(l) > 80]
    if wide:
        fail(f'{len(wide)} lines wider than 80 columns: {set(wide)!r}')


def no_colour_checks(tool, tmp):
    # NO_COLOR and --no-color turn colour off on a terminal; quit leaves
    # a loadable record of the game so far
    record = os.path.join(tmp, 'quit.rec')
    for env, flags in (({'NO_COLOR': '1'}, []), ({}, ['--no-color'])):
        s = Session([tool, 'play', '--human', '1', '--seed', '4',
                     '--record', record, *flags], env)
        screen = s.read_until_prompt()
        if '\x1b[' in screen:
            fail(f'colour with {env} {flags}')
        if 'bot: P0 places' not in screen:
            fail('the bot move before the first human move is not shown')
        s.send('quit')
        s.read_until_prompt()
        s.close()
        if s.status != 0:
            fail(f'quit: exit status {s.status}')
        r = subprocess.run([tool, 'replay', record], capture_output=True,
                           text=True)
        if r.returncode != 0 or 'moves: 2\n' not in r.stdout:
            fail(f'record after quit: {r.stdout!r} {r.stderr!r}')
    # not a terminal: no colour either
    r = subprocess.run([tool, 'play', '--human', '0', '--seed', '4'],
                       input='quit\n', capture_output=True, text=True)
    if '\x1b[' in r.stdout or r.returncode != 0:
        fail('colour or failure when stdout is not a terminal')


def expansions_games(tool, tmp):
    """The River, Inns & Cathedrals and Traders & Builders as a person
    plays them: the large follower, the builder, the pig and the optional
    second tile are offered with their own labels and taken when typed
    (a mandatory second tile is said); the goods show in the status and
    at the end; the river's course and a river tile that fits nowhere are
    reported.  Games that meet all of it with this player."""
    seen = set()
    for seed, turn in ((9, 'optional'), (13, 'optional'), (9, 'mandatory')):
        record = os.path.join(tmp, f'expansions-{seed}-{turn}.rec')
        rng = random.Random(seed)
        s = Session([tool, 'play', '--human', '0', '--seed', str(seed),
                     '--players', '2', '--traders-builders',
                     '--inns-cathedrals', '--river', '--option',
                     'builder-turn=' + turn, '--record', record])
        screen = s.read_until_prompt()
        if 'goods (wine grain cloth):  P0 0 0 0  P1 0 0 0' not in \
                plain(screen):
            fail('expansions: no goods line in the status')
        tried_wrong = False
        while True:
            m = PROMPT.search(screen)
            if not m:
                break
            if m.group(2) == 'place':
                s.send(''.join(rng.choice(placements(screen))))
                screen = s.read_until_prompt()
                continue
            names = [o[1] for o in choices(screen)]
            pick = want = None
            for prefix, said in (
                    ('second', 'you: P0 takes the second tile the builder '
                               'gives'),
                    ('builder-', 'you: P0 chose to put the builder on '),
                    ('pig-', 'you: P0 chose to put the pig on '),
                    ('large-', 'you: P0 chose to put the large follower '
                               'on ')):
                found = [n for n in names if n.startswith(prefix)]
                if found and not (prefix == 'large-' and 'large-' in seen):
                    pick, want = found[0], said
                    seen.add(prefix)
                    break
            if pick and pick.startswith('second'):
                if 'take a second tile this turn?' not in \
                        plain(screen).replace('\n', ' '):
                    fail('expansions: the second tile is not asked for')
            if not pick and not tried_wrong and any(
                    re.fullmatch(r'f\d', n) for n in names) and \
                    not any(n.startswith('pig-') for n in names):
                # a pig where P0 has no farmer: the engine's reason
                feat = next(n for n in names if re.fullmatch(r'f\d', n))
                s.send('pig-' + feat)
                out = re.sub(r'\n +', ' ', plain(s.read_until_prompt()))
                if f'pig-{feat}: not allowed by the rules in force: the ' \
                        'pig goes only into a field of the tile just ' \
                        'placed that holds one of your farmers' not in out:
                    fail(f'expansions: pig-{feat} answered {out!r}')
                tried_wrong = True
            if not pick:
                roads = [n for n in names if re.fullmatch(r'[cr]\d', n)]
                pick = roads[0] if roads else \
                    'pass' if 'pass' in names else '1'
            s.send(pick)
            screen = s.read_until_prompt()
            if want and want not in plain(screen):
                fail(f'expansions: {pick!r} answered '
                     f'{plain(screen)[:300]!r}')
            if s.status is not None:
                break
        s.read_until_prompt()
        s.close()
        text = re.sub(r'\n {6,}', ' ', plain(s.all))
        if s.status != 0:
            fail(f'expansions: exit status {s.status}')
        if re.search(r', who completed it, takes \d+ (wine|grain|cloth)',
                     text):
            seen.add('goods taken')
        if re.search(r'the (wine|grain|cloth) tokens at the end: P\d '
                     r'holds \d+', text):
            seen.add('goods at the end')
        if re.search(r'tile RI-\d+ fits nowhere on the board: discarded',
                     text):
            seen.add('river discard')
        # the second tile always taken: said, not asked
        if turn == 'mandatory' and re.search(
                r'^      the builder gives P\d a second tile this turn$',
                plain(s.all), re.M):
            seen.add('second, mandatory')
        if re.search(r'^  (you|bot): P\d places RI-\d+ at -?\d+,-?\d+ r\d; '
                     r'the river flows on to the (north|east|south|west)$',
                     text, re.M) and re.search(
                         r'^  (you|bot): P\d places RI-2 at -?\d+,-?\d+ '
                         r'r\d; the lake ends the river$', text, re.M):
            seen.add('river course')
        m = re.search(r'^final scores:.*\ngoods \(wine grain cloth\):'
                      r'  P0 \d+ \d+ \d+  P1 \d+ \d+ \d+$', text, re.M)
        if not m:
            fail('expansions: no goods under the final scores')
        r = subprocess.run([tool, 'replay', record], capture_output=True,
                           text=True)
        final = re.search(r'^scores:( \d+)+$', text, re.M)
        if not final or r.stdout.strip().splitlines()[-1:] != \
                [final.group(0)]:
            fail(f'expansions: record replays to {r.stdout[-40:]!r}')
        wide = [l for l in plain(s.all).split('\n') if len(l) > 80]
        if wide:
            fail(f'expansions: {len(wide)} lines wider than 80 columns: '
                 f'{set(wide)!r}')
    want = {'second', 'builder-', 'pig-', 'large-', 'goods taken',
            'goods at the end', 'river discard', 'river course',
            'second, mandatory'}
    if seen != want:
        fail(f'expansions: met {sorted(seen)}, not {sorted(want - seen)}')


# ---- the full screen -------------------------------------------------

class Screen:
    """Just enough of a terminal for the tool's full screen: cursor
    moves (H, G, C, D), erasing (J, K), the alternate screen (?1049),
    colours ignored, scrolling at the bottom."""

    CSI = re.compile(r'\x1b\[([?0-9;]*)([A-Za-z])')

    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.alt = False
        self.ever_alt = False
        self.grid = [[' '] * cols for _ in range(rows)]
        self.r = self.c = 0
        self.main = ''          # what the main screen received, plain
        self.rest = ''

    def feed(self, text):
        # an escape sequence may be split between two reads
        text, self.rest = self.rest + text, ''
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == '\x1b':
                m = self.CSI.match(text, i)
                if not m and re.fullmatch(r'\x1b(\[[?0-9;]*)?', text[i:]):
                    self.rest = text[i:]
                    return
                if not m:       # another escape: skip ESC and one char
                    i += 2
                    continue
                self.csi(m.group(1), m.group(2))
                i = m.end()
                continue
            i += 1
            if not self.alt:
                if ch != '\r':
                    self.main += ch
                continue
            if ch == '\r':
                self.c = 0
            elif ch == '\n':
                self.r += 1
                if self.r == self.rows:
                    self.grid = self.grid[1:] + [[' '] * self.cols]
                    self.r = self.rows - 1
            elif ch == '\b':
                self.c = max(0, self.c - 1)
            elif ch >= ' ':
                if self.c < self.cols:
                    self.grid[self.r][self.c] = ch
                self.c += 1

    def csi(self, params, op):
        if params.startswith('?'):
            if params == '?1049':
                self.alt = op == 'h'
                self.ever_alt |= self.alt
                self.grid = [[' '] * self.cols for _ in range(self.rows)]
            return
        if not self.alt:
            return
        nums = [int(x) if x else 0 for x in params.split(';')] if params \
            else []
        n = nums[0] if nums and nums[0] else 1
        if op == 'H':
            self.r = (nums[0] if nums and nums[0] else 1) - 1
            self.c = (nums[1] if len(nums) > 1 and nums[1] else 1) - 1
        elif op == 'G':
            self.c = n - 1
        elif op == 'C':
            self.c += n
        elif op == 'D':
            self.c = max(0, self.c - n)
        elif op == 'J':
            if nums and nums[0] == 2:
                self.grid = [[' '] * self.cols for _ in range(self.rows)]
            else:
                for r in range(self.r, self.rows):
                    start = self.c if r == self.r else 0
                    self.grid[r][start:] = [' '] * (self.cols - start)
        elif op == 'K':
            if nums and nums[0] == 2:
                self.grid[self.r] = [' '] * self.cols
            else:
                self.grid[self.r][self.c:] = [' '] * (self.cols - self.c)

    def line(self, r):
        return ''.join(self.grid[r]).rstrip()

    def text(self):
        return '\n'.join(self.line(r) for r in range(self.rows))


def full_screen_game(tool, tmp, rules=()):
    """A whole game on a 120 x 40 terminal: the board, the panel, the log
    and the prompt stay in their places on the alternate screen.  With
    Traders & Builders among @rules, the goods stay on the status row."""
    import fcntl
    import struct
    import termios
    rows, cols = 40, 120
    record = os.path.join(tmp, 'full.rec')
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ,
                struct.pack('HHHH', rows, cols, 0, 0))
    env = dict(os.environ, TERM='xterm-256color')
    env.pop('NO_COLOR', None)
    proc = subprocess.Popen([tool, 'play', '--human', '0', '--seed', '11',
                             '--record', record, *rules], stdin=slave,
                            stdout=slave, stderr=slave, env=env,
                            start_new_session=True)
    os.close(slave)
    screen = Screen(rows, cols)
    decoder = codecs.getincrementaldecoder('utf-8')()
    raw = ['']

    def until_prompt(timeout=30):
        start = len(raw[0])
        deadline = time.monotonic() + timeout
        while not PROMPT.search(plain(raw[0][start:])[-20:]):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(screen.text())
            r, _, _ = select.select([master], [], [], left)
            if not r:
                continue
            try:
                data = os.read(master, 65536)
            except OSError:
                data = b''
            if not data:
                return False
            text = decoder.decode(data)
            raw[0] += text
            screen.feed(text)
        return True

    def send(line):
        os.write(master, (line + '\r').encode())

    log_row = rows - 6 - 3          # the rule above the log, 0-based
    # the board takes 15 tiles or what a panel of 50 columns leaves
    panel_col = min(cols - 50 - 3, 4 + 5 * 15) + 2
    decisions = 0
    saw_bot_in_log = saw_choices = history_checked = False
    try:
        if not until_prompt():
            fail('full screen: no first prompt')
            return
        if not screen.alt:
            fail('full screen: not on the alternate screen')
        while screen.alt:
            text = screen.text()
            if '--traders-builders' in rules and not re.search(
                    r'   goods \(wine grain cloth\):  P0 \d+ \d+ \d+  '
                    r'P1 \d+ \d+ \d+$', screen.line(0)):
                fail(f'full screen: no goods on row 1: {screen.line(0)!r}')
                break
            if not screen.line(0).startswith('scores:'):
                fail(f'full screen: row 1 is {screen.line(0)!r}')
                break
            if '── log ─' not in screen.line(log_row):
                fail(f'full screen: row {log_row + 1} is '
                     f'{screen.line(log_row)!r}, not the rule of the log')
                break
            prompt = screen.line(rows - 2)
            m = PROMPT.search(prompt + ' ')
            if not m:
                fail(f'full screen: the prompt row is {prompt!r}')
                break
            panel = '\n'.join(screen.line(r)[panel_col:]
                              for r in range(1, log_row))
            board = '\n'.join(screen.line(r)[:panel_col - 2]
                              for r in range(1, log_row))
            if not re.search(r'^ +-?\d+ ', board, re.M):
                fail('full screen: the board has no rows: ' + board)
                break
            if any('bot: P1' in screen.line(r)
                   for r in range(log_row + 1, rows - 2)):
                saw_bot_in_log = True
            if m.group(2) == 'place':
                if 'where it fits' not in panel:
                    fail('full screen: no placements in the panel: '
                         + panel)
                    break
                labels = re.findall(r' ([a-zA-Z])(\d)(?= |$)',
                                    panel.split('where it fits', 1)[1],
                                    re.M)
                if not labels:
                    fail('full screen: no placement labels: ' + panel)
                    break
                if not history_checked and os.environ.get('CARC_LIBEDIT'):
                    # libedit: the arrow up gives the line typed before
                    send('z0')
                    until_prompt()
                    os.write(master, b'\x1b[A\r')
                    until_prompt()
                    if "no square 'z'" not in screen.line(rows - 1):
                        fail('full screen: the arrow up did not recall '
                             f'z0: {screen.line(rows - 1)!r}')
                    history_checked = True
                send(''.join(labels[decisions % len(labels)]))
            else:
                opts = re.findall(r'^ +(\d+)  (\S+)', panel, re.M)
                if not opts:
                    fail('full screen: no choices in the panel: ' + panel)
                    break
                saw_choices = True
                names = [o[1] for o in opts]
                if decisions % 3 == 0 and len(names) > 1:
                    send(names[0])
                else:
                    send('pass' if 'pass' in names else opts[0][0])
            decisions += 1
            if not until_prompt():
                break
        try:
            proc.wait(timeout=30 if not screen.alt else 1)
        except subprocess.TimeoutExpired:
            fail('full screen: the game did not end')
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    if proc.returncode != 0:
        fail(f'full screen: exit status {proc.returncode}')
    if screen.alt:
        fail('full screen: the alternate screen was not left')
    after = plain(screen.main)
    if 'The game is over.' not in after or 'final scores:' not in after:
        fail(f'full screen: no game-over lines after it: {after[-300:]!r}')
    m = re.search(r'^scores:( \d+)+$', after, re.M)
    r = subprocess.run([tool, 'replay', record], capture_output=True,
                       text=True)
    if not m or r.stdout.strip().splitlines()[-1:] != [m.group(0)]:
        fail(f'full screen: record replays to {r.stdout[-40:]!r}')
    if decisions < 40 or not saw_bot_in_log or not saw_choices:
        fail(f'full screen: {decisions} decisions, bot moves in the log '
             f'{saw_bot_in_log}, choices {saw_choices}')


def main():
    tool = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        play_whole_game(tool, tmp)
        expansions_games(tool, tmp)
        no_colour_checks(tool, tmp)
        full_screen_game(tool, tmp)
        full_screen_game(tool, tmp, ('--traders-builders',
                                     '--inns-cathedrals', '--river'))
    if failures:
        print(f'{len(failures)} failure(s)')
        return 1
    print('ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
