"""Dealing (CYA-1.1, CYA-1.3, CYA-1.4, CYA-1.5; rulings CYA-R13, CYA-R15 and CYA-R16):
the options, a new game or the position a scenario's setup describes (refused when play
could not reach it: CYA-3.3, CYA-6.1, CYA-7.1, CYA-R5), and the setup told at step 0 as
events a learner steps through (with the game length, the stacks of a position, CYA-3.5,
and whose turn it is in a round under way, CYA-2.1).
"""

from __future__ import annotations

from collections import Counter

from tutor.core.game import Event, SetupError
from tutor.core.position import Position, check_setup_keys, draw_and_discard
from tutor.core.rng import Rng
from tutor.core.state import State
from tutor.core.wording import plain_value, plural
from tutor.games.cover_your_assets.deck import (ADVANCED, ASSET, DEFAULT_EDITION, EDITIONS,
                                                WILD, Edition, money, read_name)
from tutor.games.cover_your_assets.table import (DEFAULT_MODE, HAND_SIZE, MILLION, MODE_RULE,
                                                 MODES, arranged, describe_set, edition_of,
                                                 hand_text, sets_of, stack_value)

SETUP_KEYS = {"dealer", "first", "hands", "stacks", "discard", "draw", "draw_size", "round",
              "totals", "rounds_won"}


# -- setting up --------------------------------------------------------------


def checked_options(options: dict) -> dict:
    """The options (their names checked already) with their defaults filled in;
    SetupError for a wrong value."""
    deck = options.get("deck", DEFAULT_EDITION)
    if not isinstance(deck, str) or deck not in EDITIONS:
        raise SetupError(f"options.deck: {plain_value(deck)} is not an edition; the "
                         f"editions are {', '.join(EDITIONS)}")
    mode = options.get("mode", DEFAULT_MODE)
    if not isinstance(mode, str) or mode not in MODES:
        raise SetupError(f"options.mode: {plain_value(mode)} is not a game length; the "
                         f"modes are {', '.join(MODES)}")
    return {"deck": deck, "mode": mode}


def set_up(game_id: str, players: tuple[str, ...], seed: int, options: dict,
           setup: dict | None) -> State:
    """A new game, or the position that ``setup`` describes.

    ``setup`` keys (all optional; cards are written as in the notation):

    ``dealer``, ``first``   who deals, and who moves first (by default the player
                            left of the dealer; the dealer is drawn by lot)
    ``hands``               name -> the cards in that hand (at most five); players
                            not named are dealt five cards from the shuffled rest
    ``stacks``              name -> the sets of that stack, bottom first, each a
                            list of cards or a text like ``Jewels+Jewels+Gold``
    ``discard``             cards on the discard pile, top first (otherwise one card
                            is turned up from the shuffled rest)
    ``draw``                cards on top of the draw pile, top first; the rest of the
                            cards are shuffled below them
    ``draw_size``           how many cards the draw pile holds; the cards that do not
                            fit go under the discard pile (0: the draw pile is empty)
    ``round``, ``totals``, ``rounds_won``   for a later round of a longer game
    """
    setup = dict(setup or {})
    check_setup_keys(setup, SETUP_KEYS)
    edition = EDITIONS[options["deck"]]
    rng = Rng.from_seed(seed)
    position = _Position(edition, players, setup)
    n = len(players)
    zones = {"draw": [], "discard": [], "battle": [],
             "box": [c.id for c in edition.deck if c.kind == ADVANCED]}
    data = {"round": 1, "dealer": 0, "turn": 0, "challenger": None, "defender": None,
            "answering": None, "last_winner": None, "last_loser": None,
            "totals": [0] * n, "round_wins": [0] * n, "round_scores": [],
            "round_winners": [], "over": False, "previous": None,
            "dealer_by_lot": False}
    for seat in range(n):
        zones[f"hand:{seat}"] = []
        zones[f"stack:{seat}"] = []
        data[f"sets:{seat}"] = []

    first = position.seat_of(setup["first"], "first") if "first" in setup else None
    if "dealer" in setup:
        dealer = position.seat_of(setup["dealer"], "dealer")
    elif first is not None:
        dealer = (first - 1) % n
    else:
        dealer = rng.below(n)   # drawn by lot (CYA-R15)
        data["dealer_by_lot"] = True
    if first is None:
        first = (dealer + 1) % n   # CYA-1.5

    for seat, sets in position.per_player("stacks").items():
        for cards in position.stack_sets(seat, sets):
            zones[f"stack:{seat}"] += arranged(edition, cards)
            data[f"sets:{seat}"].append(len(cards))
    dealt_by_setup = position.hands(HAND_SIZE, "CYA-6.1")
    for seat, cards in dealt_by_setup.items():
        zones[f"hand:{seat}"] = cards
    discard_top = position.take_cards(setup.get("discard"), "discard")
    draw_top = position.take_cards(setup.get("draw"), "draw")

    rest = position.free_cards()
    rng.shuffle(rest)
    order = [(dealer + 1 + k) % n for k in range(n)]
    undealt = [seat for seat in order if seat not in dealt_by_setup]
    for _ in range(HAND_SIZE):
        for seat in undealt:
            if not rest:
                raise SetupError(f"setup: no card is left to deal {players[seat]} a "
                                 f"hand of {HAND_SIZE}; name fewer cards elsewhere")
            zones[f"hand:{seat}"].append(rest.pop())
    if not discard_top and "discard" not in setup:
        if not rest:
            raise SetupError("setup: no card is left to turn up on the discard pile")
        discard_top = [rest.pop()]   # CYA-1.4
    zones["draw"], zones["discard"] = draw_and_discard(setup.get("draw_size"), draw_top,
                                                       discard_top, rest)

    round_number, totals, rounds_won = position.scores(options["mode"], MILLION)
    data.update(round=round_number, dealer=dealer, turn=first, totals=totals,
                round_wins=rounds_won)
    state = State(game_id, players, options, zones, data, rng.state)
    _check_position(state)
    return state


def _check_position(state: State) -> None:
    """Refuse positions that play cannot reach: short hands beside a draw pile, or
    nobody left to move."""
    names, zones = state.players, state.zones
    if zones["draw"]:
        for seat, name in enumerate(names):
            held = len(zones[f"hand:{seat}"])
            if held != HAND_SIZE:
                raise SetupError(f"setup.hands.{name}: {name} holds {held} cards, but "
                                 f"while the draw pile has cards every hand is filled "
                                 f"up to {HAND_SIZE} after each turn (CYA-6.1); name "
                                 f"{HAND_SIZE} cards, or empty the draw pile with "
                                 f"draw_size: 0")
    if not any(zones[f"hand:{seat}"] for seat in range(state.num_players)):
        raise SetupError("setup.hands: every hand is empty, so the round is already "
                         "over (CYA-7.1)")
    turn = state.data["turn"]
    if not zones[f"hand:{turn}"]:
        raise SetupError(f"setup.first: {names[turn]} has no cards and would be "
                         f"skipped (CYA-R5); name a player who holds cards")

# -- the setup, told at step 0 -----------------------------------------------


def opening_events(state: State) -> list[Event]:
    """The setup as a learner steps through it: the cards and the length of the
    game, each hand (its cards for its holder and the teacher only), the piles and
    any stacks already on the table, then who takes the first turn and why.

    ``state`` is what :meth:`new_state` returned: a fresh deal, or the position a
    scenario's setup describes (a later round, or a round under way)."""
    fresh = _freshly_dealt(state)
    events = [_cards_told(state), _length_told(state)]
    events += [_hand_told(state, seat, fresh) for seat in range(state.num_players)]
    events += _piles_told(state, fresh)
    events += [_stack_told(state, seat) for seat in range(state.num_players)
               if state.data[f"sets:{seat}"]]
    events.append(_first_turn_told(state, fresh))
    return events


def _freshly_dealt(state: State) -> bool:
    """Whether the position is a round just dealt (CYA-1.3, CYA-1.4): five cards a
    hand, one card turned up, no sets yet."""
    zones = state.zones
    return len(zones["discard"]) == 1 and all(
        len(zones[f"hand:{seat}"]) == HAND_SIZE and not state.data[f"sets:{seat}"]
        for seat in range(state.num_players))


def _cards_told(state: State) -> Event:
    edition = edition_of(state.options)
    kind = Counter(edition.kind[c] for c in edition.in_play())
    box = len(state.zones["box"])
    boxed = f"; its {box} advanced cards stay in the box" if box else ""
    # The wilds are not named: a word like "Gold" would read as a card in play.
    return Event("CYA-1.1", f"The {state.num_players} players play the classic rules "
                 f"with the {edition.title}'s {len(edition.in_play())} cards: "
                 f"{kind[ASSET]} assets to collect and {kind[WILD]} wilds, which match "
                 f"any asset{boxed}")


def _length_told(state: State) -> Event:
    data, names, mode = state.data, state.players, state.options["mode"]
    text = {"quick": "The players agreed on a quick game: one round, and the highest "
                     "score wins",
            "two_wins": "The players agreed to play until someone has won two rounds",
            "three_rounds": "The players agreed on three rounds: the highest total "
                            "wins",
            "classic": f"The players agreed on the classic game: rounds go on until "
                       f"someone's total reaches {money(MILLION)}"}[mode]
    number = data["round"]
    if number > 1 and mode == "two_wins":
        text += (f"; this is round {number}, and the rounds won so far are " +
                 ", ".join(f"{names[s]} {data['round_wins'][s]}"
                           for s in range(state.num_players)))
    elif number > 1:
        text += (f"; this is round {number}, and the totals so far are " +
                 ", ".join(f"{names[s]} {money(data['totals'][s])}"
                           for s in range(state.num_players)))
    # The agreement itself is CYA-8.1; what was agreed is the mode's own clause.
    return Event("CYA-8.1", f"{text} ({MODE_RULE[mode]})")


def _hand_told(state: State, seat: int, fresh: bool) -> Event:
    """The hand's cards for its holder and the teacher; the others read how many."""
    name, held = state.players[seat], len(state.zones[f"hand:{seat}"])
    if not held:
        return Event("CYA-1.3", f"{name} holds no cards")
    got = f"{name} is dealt {plural(held, 'card')}" if fresh else \
        f"{name} holds {plural(held, 'card')}"
    others = tuple(s for s in range(state.num_players) if s != seat)
    return Event("CYA-1.3", f"{got}: {hand_text(state, seat)}", others,
                 f"{got}, face down: only {name} sees them")


def _piles_told(state: State, fresh: bool) -> list[Event]:
    zones, edition = state.zones, edition_of(state.options)
    draw, pile = len(zones["draw"]), zones["discard"]
    if draw and fresh:
        drawn = Event("CYA-1.3", f"The other {plural(draw, 'card')} lie face down in "
                      f"the middle as the draw pile")
    elif draw:
        drawn = Event("CYA-1.3", f"The draw pile holds {plural(draw, 'card')}, face "
                      f"down in the middle")
    else:
        drawn = Event("CYA-7.1", "The draw pile is empty: nobody draws any more, and "
                      "the round goes on until every hand is played out")
    if fresh:
        dealer = state.players[state.data["dealer"]]
        shown = Event("CYA-1.4", f"{dealer} turns the next card face up to start the "
                      f"discard pile: {edition.label[pile[-1]]}")
    elif pile:
        shown = Event("CYA-1.4", f"The discard pile holds {plural(len(pile), 'card')}, "
                      f"{edition.label[pile[-1]]} face up on top")
    else:
        shown = Event("CYA-1.4", "The discard pile is empty")
    return [drawn, shown]


def _stack_told(state: State, seat: int) -> Event:
    edition, name = edition_of(state.options), state.players[seat]
    sets = [describe_set(edition, cards) for cards in sets_of(state, seat)]
    top = "a single set is safe from challenges" if len(sets) == 1 else \
        f"the top one, {sets[-1]}, may be challenged"
    return Event("CYA-3.5", f"{name}'s stack already holds {plural(len(sets), 'set')} "
                 f"worth {money(stack_value(state, seat))}, from the bottom: "
                 f"{', '.join(sets)}; {top}")


def _first_turn_told(state: State, fresh: bool) -> Event:
    data, names, n = state.data, state.players, state.num_players
    first, dealer = names[data["turn"]], names[data["dealer"]]
    if not fresh:
        return Event("CYA-2.1", f"The example starts partway through round "
                     f"{data['round']}: it is {first}'s turn to take one action")
    if data["turn"] != (data["dealer"] + 1) % n:
        return Event("CYA-1.5", f"{dealer} dealt, and the example has {first} take the "
                     f"first turn; turns then pass to the left")
    how = " (the tutor drew the dealer by lot)" if data["dealer_by_lot"] else ""
    return Event("CYA-1.5", f"{dealer} dealt{how}, so {first}, on {dealer}'s left, "
                 f"takes the first turn; turns then pass to the left")


class _Position(Position):
    """A setup position with one edition's cards; advanced cards stay in the box, and
    stacks are read as lists of sets."""

    def __init__(self, edition: Edition, players: tuple[str, ...], setup: dict):
        def in_edition(text):
            name = read_name(text)
            return name if name in edition.kind_of else None

        super().__init__(players, setup, edition.in_play(), edition.label, in_edition)
        self.edition = edition
        self.deck_name = f"the {edition.title}"

    def unknown_card(self, text) -> str:
        return f"{self.deck_name} has no card called {text!r}"

    def take(self, text, where: str) -> str:
        name = read_name(text)
        if self.edition.kind_of.get(name) == ADVANCED:
            raise SetupError(f"setup.{where}: {name} is an advanced card; the classic rules "
                             f"leave it in the box (CYA-1.1)")
        return super().take(text, where)

    def stack_sets(self, seat: int, sets) -> list[list[str]]:
        """The card ids of each set of a stack, checked to be a set."""
        name = self.players[seat]
        if not isinstance(sets, list):
            raise SetupError(f"setup.stacks.{name}: expected a list of sets, bottom first")
        out = []
        for number, raw in enumerate(sets, 1):
            where = f"stacks.{name}, set {number}"
            labels = raw.split("+") if isinstance(raw, str) else raw
            if not isinstance(labels, list):
                raise SetupError(f"setup.{where}: expected cards like Jewels+Jewels or a "
                                 f"list of cards, got {raw!r}")
            cards = [self.take(label, where) for label in labels]
            kinds = [self.edition.kind[c] for c in cards]
            assets = {self.edition.label[c] for c in cards if self.edition.kind[c] == ASSET}
            shown = "+".join(self.edition.label[c] for c in cards)
            if len(cards) < 2:
                raise SetupError(f"setup.{where}: a set has at least two cards, not "
                                 f"{len(cards)} ({shown or 'none'})")
            if ASSET not in kinds:
                raise SetupError(f"setup.{where}: {shown} has no asset; two wilds never "
                                 f"make a set (CYA-3.3)")
            if len(assets) > 1:
                raise SetupError(f"setup.{where}: {shown} mixes {' and '.join(sorted(assets))}"
                                 f"; a set holds one asset (and maybe wilds)")
            out.append(cards)
        return out

    def scores(self, mode: str, million: int) -> tuple[int, list[int], list[int]]:
        """(round, totals, rounds won) of a later round, checked against the mode."""
        n = len(self.players)
        round_number = self.setup.get("round", 1)
        if not isinstance(round_number, int) or isinstance(round_number, bool) or \
                round_number < 1:
            raise SetupError(f"setup.round: expected a round number from 1, got "
                             f"{round_number!r}")
        last = {"quick": 1, "three_rounds": 3}.get(mode)
        if last is not None and round_number > last:
            raise SetupError(f"setup.round: a {mode} game has {plural(last, 'round')}, so "
                             f"there is no round {round_number}")
        totals, rounds_won = [0] * n, [0] * n
        for key, values in (("totals", totals), ("rounds_won", rounds_won)):
            for seat, value in self.per_player(key, "a number").items():
                where = f"{key}.{self.players[seat]}"
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise SetupError(f"setup.{where}: expected a whole number, got {value!r}")
                if round_number == 1 and value:
                    raise SetupError(f"setup.{where}: no round has been played before round "
                                     f"1, so it must be 0")
                values[seat] = value
        for seat, won in enumerate(rounds_won):
            where = f"rounds_won.{self.players[seat]}"
            if won > round_number - 1:
                raise SetupError(f"setup.{where}: only {round_number - 1} rounds have been "
                                 f"played, so nobody has won {won}")
            if mode == "two_wins" and won >= 2:
                raise SetupError(f"setup.{where}: with 2 rounds won the two_wins game is "
                                 f"already over")
        if mode == "classic" and max(totals) >= million:
            seat = totals.index(max(totals))
            raise SetupError(f"setup.totals.{self.players[seat]}: {money(totals[seat])} "
                             f"already ends a classic game (CYA-R13)")
        return round_number, totals, rounds_won
