#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A bot that breaks the bot protocol (doc/bindings/bot-protocol.md) on purpose,
for tests/referee/referee-test.py.

usage: broken-bot.py MODE[@N]

It speaks the protocol properly (it hands every line to `carcassonne bot
random`, the program in $CARC_BIN) until its N-th move (1 by default),
then, by MODE:

  illegal          answers a well-formed move that is not legal
  garbage          answers "move" with words that are not a move
  chatter          answers a line that is not "move ..."
  control          answers "move" with control characters and UTF-8
  slow             answers three times the move time too late
  hang             ignores SIGTERM, starts a grandchild that sleeps, sleeps
  escape           sleeps; has started, when greeted, a grandchild in a
                   session of its own (its pid appended to $ESCAPE_PIDS)
  crash            dies of SIGSEGV
  close-stdout     closes its output and sleeps
  flood            writes 8 MB without a newline
  flood-lines      writes "info" lines without end
and at the handshake (no N):
  exit-handshake   exits with status 3 when greeted
  hang-handshake   never answers the greeting
  version          claims protocol version 3
and after its N-th move:
  unasked          answers with two moves, the second unasked
  twice            answers its move, flushes, waits a little (0 to 50 ms,
                   by the move's number) and writes the answer again as
                   "move ID pass" (version 2: the same request id)
  count            plays well, and at "quit" appends "PID GAMES" to the
                   file $COUNT_FILE: the games it was told ("newgame")
Modes that end in "-v1" speak protocol version 1 (no request ids; the
second move of "twice-v1" is "move pass"); "old" is a well-behaved bot of
version 1.
"""
import os
import signal
import subprocess
import sys
import time

mode, _, when = sys.argv[1].partition('@')
when = int(when or 1)
v1 = mode.endswith('-v1') or mode == 'old'
mode = mode[:-3] if mode.endswith('-v1') else mode


def out(text):
    sys.stdout.write(text + '\n')
    sys.stdout.flush()


def sleep_forever():
    while True:
        time.sleep(1000)


def escape():
    """A grandchild in a session of its own, which keeps every descriptor
    the bot inherited (close_fds=False)."""
    child = subprocess.Popen(['sleep', '1000'], start_new_session=True,
                             close_fds=False, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    with open(os.environ['ESCAPE_PIDS'], 'a') as f:
        f.write(f'{child.pid}\n')


def misbehave(go_line):
    # "move ID" in version 2 ("go ID movetime MS")
    move = 'move' if v1 else 'move ' + go_line.split()[1]
    if mode == 'illegal':
        out(move + ' place 50,50 r0')
    elif mode == 'garbage':
        out(move + ' place here please')
    elif mode == 'chatter':
        out('I think I will pass')
    elif mode == 'control':
        sys.stdout.buffer.write(
            f'{move} pass\x07\x1b[31m \u00e9t\u00e9\n'.encode())
        sys.stdout.flush()
    elif mode == 'slow':
        words = go_line.split()
        movetime = int(words[words.index('movetime') + 1])
        time.sleep(3 * movetime / 1000)
        out(move + ' pass')
    elif mode == 'hang':
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        subprocess.Popen(['sleep', '1000'])
        sleep_forever()
    elif mode == 'escape':
        sleep_forever()
    elif mode == 'crash':
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == 'close-stdout':
        os.close(1)
        sleep_forever()
    elif mode == 'flood':
        os.write(1, b'x' * (8 << 20))
        sleep_forever()
    elif mode == 'flood-lines':
        while True:
            os.write(1, b'info ' + b'y' * 1000 + b'\n')


def main():
    inner = subprocess.Popen([os.environ['CARC_BIN'], 'bot', 'random'],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, bufsize=1)
    moves = games = 0
    for line in sys.stdin:
        line = line.strip()
        if line == 'newgame':
            games += 1
        if line == 'quit' and mode == 'count':
            with open(os.environ['COUNT_FILE'], 'a') as f:
                f.write(f'{os.getpid()} {games}\n')
        if line.startswith('protocol '):
            if mode == 'exit-handshake':
                sys.exit(3)
            if mode == 'hang-handshake':
                sleep_forever()
            if mode == 'escape':
                escape()
            if mode == 'version':
                out('protocolok 3')
                continue
            if v1:
                line = 'protocol 1'
        if line.startswith('go'):
            moves += 1
            if moves == when and mode not in ('unasked', 'twice', 'old',
                                              'count'):
                misbehave(line)
                continue
        inner.stdin.write(line + '\n')
        inner.stdin.flush()
        if line == 'quit':
            break
        # the lines that get an answer: read it through the last line
        last = {'protocol': 'protocolok', 'isready': 'readyok',
                'go': 'move'}.get(line.split(' ')[0])
        while last:
            reply = inner.stdout.readline()
            if not reply:
                sys.exit(1)
            again = None
            if reply.startswith('move') and moves == when:
                # the same request id (version 2), a pass
                again = ' '.join(reply.split()[:1 if v1 else 2] + ['pass'])
                if mode == 'unasked':
                    reply += again + '\n'   # in the same write
                    again = None
            out(reply.rstrip('\n'))
            if again and mode == 'twice':
                time.sleep((0, 0.001, 0.01, 0.05)[moves % 4])
                out(again)
            if reply.startswith(last):
                break
    inner.wait()


if __name__ == '__main__':
    main()
