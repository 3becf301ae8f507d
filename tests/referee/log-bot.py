#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""A bot that logs what another bot and its referee say to each other,
for the transcripts of doc/bindings/bot-protocol.md (referee-test.py).

usage: log-bot.py COMMAND [ARG...]

It runs COMMAND, hands it every line of the referee and the referee every
line of COMMAND, and appends them to the file $LOG_DIR/PID.log, "> " before
the referee's lines and "< " before the bot's.  It reads the bot's lines
only while the referee waits for an answer (after protocol, isready and
go, through the answer's last line), so that the log comes in the same
order on every run.
"""
import os
import subprocess
import sys

ANSWER = {'protocol': 'protocolok', 'isready': 'readyok', 'go': 'move'}


def main():
    inner = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, bufsize=1)
    path = os.path.join(os.environ['LOG_DIR'], f'{os.getpid()}.log')
    with open(path, 'w', buffering=1) as log:
        for line in sys.stdin:
            line = line.rstrip('\n')
            log.write(f'> {line}\n')
            inner.stdin.write(line + '\n')
            inner.stdin.flush()
            last = ANSWER.get(line.split(' ')[0])
            while last:
                reply = inner.stdout.readline()
                if not reply:
                    return 1
                reply = reply.rstrip('\n')
                log.write(f'< {reply}\n')
                sys.stdout.write(reply + '\n')
                sys.stdout.flush()
                if reply.startswith(last):
                    break
            if line == 'quit':
                break
    inner.stdin.close()
    return inner.wait()


if __name__ == '__main__':
    sys.exit(main())
