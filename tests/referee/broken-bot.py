#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A bot that breaks the bot protocol (doc/bot-protocol.md) on purpose,
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
  version          claims protocol version 2
and after its N-th move:
  unasked          answers with two moves, the second unasked
"""
import os
import signal
import subprocess
import sys
import time

mode, _, when = sys.argv[1].partition('@')
when = int(when or 1)


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
    if mode == 'illegal':
        out('move place 50,50 r0')
    elif mode == 'garbage':
        out('move place here please')
    elif mode == 'chatter':
        out('I think I will pass')
    elif mode == 'control':
        sys.stdout.buffer.write('move pass\x07\x1b[31m \u00e9t\u00e9\n'
                                .encode())
        sys.stdout.flush()
    elif mode == 'slow':
        movetime = int(go_line.split()[2])
        time.sleep(3 * movetime / 1000)
        out('move pass')
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
    moves = 0
    for line in sys.stdin:
        line = line.strip()
        if line.startswith('protocol '):
            if mode == 'exit-handshake':
                sys.exit(3)
            if mode == 'hang-handshake':
                sleep_forever()
            if mode == 'escape':
                escape()
            if mode == 'version':
                out('protocolok 2')
                continue
        if line.startswith('go'):
            moves += 1
            if moves == when and mode != 'unasked':
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
            if reply.startswith('move') and mode == 'unasked' \
                    and moves == when:
                reply += 'move pass\n'   # in the same write
            out(reply.rstrip('\n'))
            if reply.startswith(last):
                break
    inner.wait()


if __name__ == '__main__':
    main()
