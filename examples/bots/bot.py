#!/usr/bin/python3
# SPDX-License-Identifier: CC0-1.0
"""A bot for the bot protocol of libcarcassonne
(doc/bindings/bot-protocol.md), on the Python binding: it plays the legal
move that leaves it the best margin over the best other player once its
turn is over (the tile and the best deployment that can follow it, as the
built-in greedy bot does), ties broken at random.  Play it with

    carcassonne match random 'exec /usr/bin/python3 bot.py'

It keeps the lines the referee sends and, when asked to move, rebuilds
the game as a record: the rules lines, a deck of the tiles drawn so far
followed by the unseen ones in an order the rules allow, and the move
lines, which are
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
        # the whole stack in an order these rules allow (with The River
        # the river's tiles first, the lake after them); the unseen tiles
        # keep that order, the tiles drawn so far taken out of it
        unseen = carc.Game.load(head + 'end\n').draw_order()
        for tile in self.drawn:
            unseen.remove(tile)
        deck = self.drawn + unseen
        return carc.Game.load(head + 'deck ' + ' '.join(deck) + '\n'
                              + ''.join(self.moves) + 'end\n')


def turn_over(game, me):
    """Whether the turn of player me is over: a tile to place (the next
    turn), another player to move (a crop-circle response), the end."""
    return (game.is_over() or game.phase() == carc.PHASE_PLACE_TILE
            or game.current_player() != me)


def margin(game, me):
    """Own score minus the best other score."""
    return game.score(me) - max(game.score(p) for p in range(game.players())
                                if p != me)


def value(game, me, bonus, deployed):
    """The best value the player can reach by finishing his turn from
    here: once it is over, 4 * margin, plus 3 per follower deployed on the
    way while more than two were in the supply (so that it does claim
    features instead of always passing)."""
    if turn_over(game, me):
        return 4 * margin(game, me) + (3 * deployed if bonus else 0)
    best = None
    for move in game.legal_moves():
        trial = game.clone()
        trial.apply(move)
        v = value(trial, me, bonus,
                  deployed + (carc.move_kind(move) == carc.MOVE_DEPLOY))
        best = v if best is None else max(best, v)
    return best


def choose(game, rng):
    """The move after which the best way to finish the turn (deployment,
    phantom, crop choice) scores most.  Placing a tile never scores by
    itself: the features it completes are scored after the deployment, so
    a placement is worth what the turn it starts is worth."""
    me = game.current_player()
    bonus = game.supply(me, carc.FIGURE_FOLLOWER) > 2
    best, choice = None, []
    for move in game.legal_moves():
        trial = game.clone()
        trial.apply(move)
        v = value(trial, me, bonus, carc.move_kind(move) == carc.MOVE_DEPLOY)
        if best is None or v > best:
            best, choice = v, []
        if v == best:
            choice.append(move)
    return rng.choice(choice)


def main():
    seed, follow, version = 1, Follower(), 2
    rng = random.Random(seed)
    for line in sys.stdin:
        line = line.strip()
        word = line.split(' ', 1)[0]
        if word == 'protocol':
            # version 2 has request ids; an older referee speaks 1
            version = 2 if int(line.split()[1]) >= 2 else 1
            print('id name bot.py')
            print('id author libcarcassonne examples')
            print('option seed int 1')
            print('protocolok', version)
        elif word == 'isready':
            print('readyok')
        elif line.startswith('setoption seed '):
            seed = int(line.split()[2])
        elif word == 'newgame':
            # every game from the seed: the same games in one process
            # for the match (--keep-bots) as in one per game
            follow, rng = Follower(), random.Random(seed)
        elif word in ('players', 'option', 'tiles'):
            follow.rules.append(line + '\n')
        elif word in ('draw', 'discard'):
            follow.drawn.append(line.split()[1])
        elif word[:1] == 'P' and word[1:].isdigit():
            follow.moves.append(line + '\n')
        elif word == 'go':
            # "go ID ..." is answered "move ID ..." (version 2)
            request = line.split()[1:2] if version >= 2 else []
            print('move', *request, carc.describe(choose(follow.game(),
                                                          rng)))
        elif word == 'quit':
            break
        # seat, scores, forfeit, end and unknown lines: nothing to do;
        # nor "cpu MS", the CPU time per decision: one turn ahead takes
        # far less, and a bot that searches would stop after it
        sys.stdout.flush()


if __name__ == '__main__':
    main()
