"""Twins of a position: states that differ from it only in cards one seat cannot see.

Shared by the secret tests (tests/test_secrets.py compares the texts the tutor makes for
a seat, tests/test_secrets_app.py the whole app's widget state); the construction is
explained in test_secrets' docstring. In short: the ids of the cards hidden from the
seat are permuted among themselves, slot by slot; what is known about a slot (its zone,
its place, who else sees the card lying there) stays with the slot. Cards the seat has
seen at any point of the game so far are never exchanged, and in games where a hidden
place's contents can be worked out from the public history (``WITHIN_ZONES``) cards are
exchanged only inside their own place. Leaving cards alone only weakens a twin; it
never invents a leak.
"""

from __future__ import annotations

import random
from itertools import permutations

from tutor import scenario as scenarios
from tutor.core.match import Match
from tutor.core.state import Visibility
from tutor.core.views import hidden_card_ids, laid_face_up
from tutor.games import GAMES, example_order, scenario_dir

# Random play: (players, seed) per game, spread over the positions asked for; a game not
# listed plays its fewest and its most players (random_plans).
RANDOM_GAMES = {"sneaky_bastard": [(3, 1), (5, 2)], "bargain_hunter": [(3, 1), (4, 2)],
                "cover_your_assets": [(3, 1), (4, 2)],
                "sell_me_a_sasquatch": [(2, 1), (3, 2), (4, 3)],
                "sneaky_snakes": [(3, 38), (5, 2)]}
# Games whose hidden places have contents everyone can work out, so that only the order
# inside a place is secret: Sneaky Bastard's hands (every player starts with the same
# money and pays face up, so each hand's total is public) and its house pile.
WITHIN_ZONES = {"sneaky_bastard"}
# Games where a ply shows the cards it moves on the way (a trick is played face up and
# then goes to a private junk pile; a bid is laid face up): a twin ply leaves the cards
# the ply moves alone.
MOVED_CARDS_SHOWN = {"bargain_hunter", "sneaky_bastard"}


# -- permutations of card ids --------------------------------------------------------------

def _rename(value, sigma):
    if isinstance(value, str):
        return sigma.get(value, value)
    if isinstance(value, list):
        return [_rename(v, sigma) for v in value]
    if isinstance(value, dict):
        return {_rename(k, sigma): _rename(v, sigma) for k, v in value.items()}
    return value


def permutation(ids, rng) -> dict[str, str]:
    ids = sorted(ids)
    shuffled = ids[:]
    rng.shuffle(shuffled)
    return dict(zip(ids, shuffled))


def apply_permutation(state, sigma):
    """``state`` with card ids renamed by ``sigma``; slot facts stay with the slot."""
    twin = state.clone()
    twin.zones = {name: [sigma.get(c, c) for c in cards] for name, cards in state.zones.items()}
    twin.seen_by = {sigma.get(c, c): seats[:] for c, seats in state.seen_by.items()}
    twin.data = _rename(state.data, sigma)
    return twin


def permutation_within_zones(state, ids, rng) -> dict[str, str]:
    sigma = {}
    for cards in state.zones.values():
        sigma.update(permutation([c for c in cards if c in ids], rng))
    return sigma


def twin_permutation(game, state, ids, rng):
    if game.id in WITHIN_ZONES:
        return permutation_within_zones(state, ids, rng)
    return permutation(ids, rng)


# -- positions and what each seat has seen ---------------------------------------------------

def scenario_matches(game_id, stems=None):
    """(name, match) of every shipped scenario of the game (or of the ``stems`` given),
    played to its end."""
    paths = (sorted(scenario_dir(game_id).glob("*.yaml")) if stems is None
             else [scenario_dir(game_id) / f"{stem}.yaml" for stem in stems])
    for path in paths:
        loaded = scenarios.load(path)
        match = loaded.new_match()
        for _ in scenarios.play(loaded, match):
            pass
        yield path.stem, match


def first_example_match(game_id):
    """(name, match) of the game's first worked example in teaching order."""
    return next(scenario_matches(game_id, example_order(game_id)[:1]))


def random_plans(game_id) -> list[tuple[int, int]]:
    """The (players, seed) of the random games of ``game_id`` the twin tests play."""
    counts = GAMES[game_id].player_counts
    return RANDOM_GAMES.get(game_id, [(counts[0], 1), (counts[-1], 2)])


def random_matches(game_id, positions):
    """(name, match) of seeded random games of ``RANDOM_GAMES``, about ``positions``
    states in all (each match's states count, its setup included)."""
    game = GAMES[game_id]
    plans = random_plans(game_id)
    budget = positions // len(plans)
    for players, seed in plans:
        chooser = random.Random(seed)
        taken = 0
        while taken < budget:
            match = Match(game, tuple(f"P{i}" for i in range(players)), seed=seed + taken)
            play_randomly(match, chooser, budget - taken)
            taken += len(match.plies) + 1
            yield f"random {players}p seed {seed}", match


def play_randomly(match, chooser, plies):
    """Play on until the game ends or the match has ``plies`` moves, each seat to act
    and each move drawn by ``chooser`` (a random.Random) among the legal ones."""
    game = match.game
    while match.to_act() and len(match.plies) < plies:
        seat = chooser.choice(match.to_act())
        match.play(seat, chooser.choice(game.legal_moves(match.state, seat)))
    return match


def seen_so_far(game, match):
    """(index, state, seen) for every state of the match, where ``seen[seat]`` is the set
    of cards that seat has seen up to and including that state (faces it saw, and cards
    laid face up on a pile on the way)."""
    players = match.states[0].num_players
    seen = [set() for _ in range(players)]
    for i, state in enumerate(match.states):
        for seat in range(players):
            seen[seat] |= ({c for cards in state.zones.values() for c in cards}
                           - hidden_card_ids(game, state, seat))
            if i:
                seen[seat] |= laid_face_up(game, match.states[i - 1], state)
        yield i, state, [frozenset(cards) for cards in seen]


# -- twins ---------------------------------------------------------------------------------

def position_twin(game, state, seat, seen, rng):
    """A twin of ``state`` for ``seat``: the cards hidden from it that it has not seen
    (``seen``: its set from :func:`seen_so_far`) exchanged among themselves."""
    hidden = hidden_card_ids(game, state, seat) - seen
    return apply_permutation(state, twin_permutation(game, state, hidden, rng))


def layout(game, state):
    """Where each face lies and who sees each slot; two cards of one face (two
    Mediums) are interchangeable, so which id a move took does not matter."""
    deck, places = game.deck(state.options), {}
    for name, cards in state.zones.items():
        slots = [(deck[c].label, tuple(state.seen_by.get(c, ()))) for c in cards]
        # A hand seen by its owner alone has no order anyone could tell.
        owner_only = game.visibility(name) is Visibility.OWNER
        places[name] = sorted(slots) if owner_only else slots
    return places


def twin_move(game, state, seat, move, target):
    """(move, events) of ``seat`` at ``state`` that lays the table out as ``target``
    (a :func:`layout`): ``move`` itself if it does, else another; None if none does."""
    extra = TWIN_MOVES.get(game.id, lambda *a: [])(game, state, seat, move)
    for candidate in [move, *game.legal_moves(state, seat), *extra]:
        if game.check(state, seat, candidate) is not None:
            continue
        after, events = game.apply(state, seat, candidate)
        if layout(game, after) == target:
            return candidate, events
    return None


def ply_twin(game, before, after, seat, move, viewer, seen, rng):
    """A twin of the ply ``before`` -> ``after`` (``seat`` playing ``move``) for
    ``viewer``: (twin of ``before``, the move that plays the twin ply, its events), or
    None if no move of ``seat`` does.

    Only cards hidden from the viewer both before and after the ply are exchanged (a
    card the ply shows the viewer may be named), never one laid face up on the way or
    one the viewer saw earlier (``seen``). A twin that breaks what the ply itself shows
    (a player who cannot follow suit holds no card of it) has no twin move; then one
    that keeps every hidden place's contents and changes only their order is tried."""
    moved = set()
    if game.id in MOVED_CARDS_SHOWN:
        moved = {c for name, cards in after.zones.items()
                 for c in set(cards) - set(before.zones[name])}
    hidden = (hidden_card_ids(game, before, viewer) & hidden_card_ids(game, after, viewer)) \
        - laid_face_up(game, before, after) - seen - moved
    for sigma in (twin_permutation(game, before, hidden, rng),
                  permutation_within_zones(before, hidden, rng)):
        other_before = apply_permutation(before, sigma)
        target = layout(game, apply_permutation(after, sigma))
        found = twin_move(game, other_before, seat, move, target)
        if found is not None:
            return (other_before, *found)
    return None


def sasquatch_twin_moves(game, state, seat, move):
    """Sasquatch's legal moves list one order of each deal; a twin may need another."""
    from tutor.games.sell_me_a_sasquatch.moves import EXPANDER, Deal, Split, Thingamabob
    hand = game.labels(state, f"hand:{seat}")
    if isinstance(move, Deal):
        for cards in set(permutations(hand, len(move.cards))):
            yield Deal(cards, cards[-1])
    elif isinstance(move, Split):
        size = len(move.mine) + len(move.theirs)
        for cards in set(permutations(hand, size)):
            mine, theirs = cards[:len(move.mine)], cards[len(move.mine):]
            up = (mine if move.up_side == "mine" else theirs)[-1]
            yield Split(mine, theirs, up, move.up_side)
    elif isinstance(move, Thingamabob) and move.name == EXPANDER:
        for card in set(hand):
            yield Thingamabob(EXPANDER, player=move.player, card=card)


# Moves a twin ply may need that a game's legal_moves leave out (they list a few).
TWIN_MOVES = {"sell_me_a_sasquatch": sasquatch_twin_moves}
