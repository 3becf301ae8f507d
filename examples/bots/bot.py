#!/usr/bin/python3
# SPDX-License-Identifier: CC0-1.0
"""A bot for the bot protocol of libcarcassonne (doc/bot-protocol.md), on
the Python binding: it plays the legal move that scores most for itself
right away, ties broken at random.  Play it with

    carcassonne match random '/usr/bin/python3 bot.py'

It keeps the lines the referee sends and, when asked to move, rebuilds
the game as a record: the rules lines, a deck of the tiles drawn so far
followed by the unseen ones in any order, and the move lines, which are
record lines already.  Free to copy; see examples/COPYING.
"""
import random
import sys

import carcassonne as carc


class Follower:
    """The game as the referee told it."""

    def __init__(self):
        self.rules, self.drawn, self.moves = [], [], []

    def game(self):
        head = 'carcassonne-record 1\n' + ''.join(self.rules)
        fresh = carc.Game.load(head + 'end\n')    # the whole stack
        unseen = {carc.tile_name(t): fresh.remaining(t)
                  for t in range(carc.TILE_TYPES)}
        unseen[fresh.current_tile()] += 1
        for tile in self.drawn:
            unseen[tile] -= 1
        deck = self.drawn + [t for t, n in unseen.items() for _ in range(n)]
        return carc.Game.load(head + 'deck ' + ' '.join(deck) + '\n'
                              + ''.join(self.moves) + 'end\n')


def choose(game, rng):
    """The move that scores most for the player to move right after it."""
    me, best, choice = game.current_player(), None, []
    for move in game.legal_moves():
        trial = game.clone()
        trial.apply(move)
        value = trial.score(me)
        if best is None or value > best:
            best, choice = value, []
        if value == best:
            choice.append(move)
    return rng.choice(choice)


def main():
    rng, follow = random.Random(1), Follower()
    for line in sys.stdin:
        line = line.strip()
        word = line.split(' ', 1)[0]
        if word == 'protocol':
            print('id name bot.py')
            print('id author libcarcassonne examples')
            print('option seed int 1')
            print('protocolok 1')
        elif word == 'isready':
            print('readyok')
        elif line.startswith('setoption seed '):
            rng.seed(int(line.split()[2]))
        elif word == 'newgame':
            follow = Follower()
        elif word in ('players', 'option', 'tiles'):
            follow.rules.append(line + '\n')
        elif word in ('draw', 'discard'):
            follow.drawn.append(line.split()[1])
        elif word[:1] == 'P' and word[1:].isdigit():
            follow.moves.append(line + '\n')
        elif word == 'go':
            print('move', carc.describe(choose(follow.game(), rng)))
        elif word == 'quit':
            break
        # seat, scores, forfeit, end and unknown lines: nothing to do
        sys.stdout.flush()


if __name__ == '__main__':
    main()
