"""Sell Me a Sasquatch's quiz questions (see :mod:`tutor.quiz`): how many point tokens
a player still needs, how many cards a creature set still needs, whether a move is
allowed now."""

from __future__ import annotations

from collections import Counter

from tutor.core.wording import joined, plural
from tutor.games.sell_me_a_sasquatch.deck import CREATURE, KIND_OF, SET_SIZE
from tutor.games.sell_me_a_sasquatch.moves import Accept, Choose, Done, LastChance, Reverse
from tutor.quiz import legality_question, make_question, near_amounts, sentence


def tokens_to_win(game, state, seat, rng):
    """How many more point tokens a player needs to win, the others standing still: as
    many as the target (SQ-8.4, SQ-9.6), and more than anyone else (SQ-8.5)."""
    if not game.to_act(state):
        return None
    data = game.public_data(state, seat)
    tokens, target = data["tokens"], data["target"]
    player = rng.randrange(state.num_players)
    name, have = state.players[player], tokens[player]
    best_other = max(t for s, t in enumerate(tokens) if s != player)
    need = max(target, best_other + 1) - have
    if need <= 0:
        return None
    others = ", ".join(f"{state.players[s]} {tokens[s]}"
                       for s in range(state.num_players) if s != player)
    enough = f"With {state.num_players} players the winner needs {target} point tokens " \
             f"at the end of a turn"
    if best_other + 1 > target:
        clause = "SQ-8.5"
        leaders = [state.players[s] for s, t in enumerate(tokens)
                   if s != player and t == best_other]
        why = (f"{enough} and more than anyone else: {joined(leaders)} "
               f"{'has' if len(leaders) == 1 else 'have'} {best_other}, so {name} needs "
               f"{best_other + 1}, which is {need} more than {have}.")
    else:
        clause = "SQ-9.6" if state.num_players == 2 else "SQ-8.4"
        why = (f"{enough} and more than anyone else. Nobody else has {target} yet, so "
               f"{name}, with {have}, needs {need} more.")
    # The slip to catch: counting up to the target and forgetting the others.
    distractors = [str(n) for n in near_amounts(need, (1, 2), 1)] + \
        [str(target - have)] * (have <= target)
    return make_question(
        game, "tokens_to_win", seat,
        f"{name} has {plural(have, 'point token')} (the others: {others}). How many more "
        f"does {name} need to win?", str(need), distractors, clause, why, rng)


def set_needs(game, state, seat, rng):
    """How many more cards of a creature in a collection complete a set."""
    options = [(s, label) for s in range(state.num_players)
               for label in sorted(set(game.labels(state, f"coll:{s}")))
               if KIND_OF[label] == CREATURE]
    if not options:
        return None
    owner, label = rng.choice(options)
    have = Counter(game.labels(state, f"coll:{owner}"))[label]
    size = SET_SIZE[label]
    need = size - have % size
    name = state.players[owner]
    return make_question(
        game, "set_needs", seat,
        f"{name}'s collection holds {plural(have, label + ' card')}. How many more {label} cards "
        f"make a set that {name} trades in?", str(need),
        [str(n) for n in near_amounts(need, (1, 2), 1)] + [str(size)], "SQ-7.5",
        f"A set of {label} is {size} cards and {name} has {have} of them, so "
        f"{need} more complete a set (each set traded in earns a point token).", rng)


def move_legal(game, state, seat, rng):
    """Whether a move that names no hidden card is allowed for the seat now: one of its
    legal moves or a buyer's move (choose, last chance, done, accept, reverse). When it
    is refused, the one right choice is the engine's clause and the wrong one "yes"."""
    if not game.to_act(state):
        return None
    others = [p for s, p in enumerate(state.players) if s != seat]
    candidates = [Done(), LastChance(), Choose(rng.choice(others))]
    if state.num_players == 2:
        candidates += [Accept(), Reverse()]
    legal = game.legal_moves(state, seat)
    if legal:
        candidates.append(rng.choice(legal))
    move = rng.choice(candidates)
    text = game.format_move_for(state, seat, move, seat)
    prompt = f"May {state.players[seat]} play '{text}' now?"
    # Refused, the wrong choice is "yes" only (see tutor.quiz.legality_question):
    # another refusal could hold as well, e.g. SQ-3.1 and SQ-6.1 for 'choose Bob'.
    return legality_question(game, state, seat, move, "move_legal", prompt,
                             game.move_rules(move)[0], rng)

GENERATORS = {"tokens_to_win": tokens_to_win, "set_needs": set_needs,
              "move_legal": move_legal}
