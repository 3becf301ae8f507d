#!/usr/bin/python3
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
    return [(n, label.strip(), words) for n, label, words in
            re.findall(r'^ *(\d+)  (.{9}) (.*)$', plain(screen), re.M)]


def play_whole_game(tool, tmp):
    record = os.path.join(tmp, 'game.rec')
    saved = os.path.join(tmp, 'saved.rec')
    before_undo = os.path.join(tmp, 'before-undo.rec')
    at_undo = os.path.join(tmp, 'at-undo.rec')
    rng = random.Random(7)
    s = Session([tool, 'play', '--human', '0', '--seed', '9', '--players',
                 '2', '--all', '--record', record])
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


def main():
    tool = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        play_whole_game(tool, tmp)
        no_colour_checks(tool, tmp)
    if failures:
        print(f'{len(failures)} failure(s)')
        return 1
    print('ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
