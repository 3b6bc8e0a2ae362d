"""Sell Me a Sasquatch's quiz questions (see :mod:`tutor.quiz`): how many point tokens
a player still needs, how many cards a creature set still needs, what a Nasty set
brings, how many cards a player draws at the end of the turn, whether a move is
allowed now.

"May Bob play 'done' now?" is answered in plain words, as in the other games: the
right "no" says the fact of the position that refuses the move, with its rule; the
wrong choices are other facts that could refuse such a move and are false here. Each
fact is read from what the seat sees (the phase, who decides, who is done, who may
still play a Thingamabob, the seat's own hand), and the engine's check must agree with
them: a position where two facts refuse the move, or where the engine refuses under
another clause, is not asked."""

from __future__ import annotations

from collections import Counter

from tutor.core.wording import joined, plural
from tutor.games.sell_me_a_sasquatch.deck import CREATURE, KIND_OF, NASTIES, SET_SIZE
from tutor.games.sell_me_a_sasquatch.moves import (Accept, Choose, Deal, Done, Flip,
                                                   LastChance, Reverse, Split, Steal,
                                                   Thingamabob)
from tutor.games.sell_me_a_sasquatch.nasties import LOSS_RULE, NASTY_RULE
from tutor.games.sell_me_a_sasquatch.table import HAND_SIZE, ordinal
from tutor.core.questions import (Reason, legality_question, make_question, near_amounts,
                                  seen_cards, sentence)


def tokens_to_win(game, state, seat, rng):
    """How many more point tokens a player needs to win, the others standing still: as
    many as the target (SQ-8.4, SQ-9.6), and more than anyone else (SQ-8.5)."""
    if not game.to_act(state):
        return None
    data = game.public_data(state, seat)
    tokens, target = data["tokens"], data["target"]
    if not any(tokens):     # nobody has a token: every seat's answer is the target
        return None
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
    """How many more cards of a creature in a collection complete a set. Asked only of
    a creature short of a set: a collection holding a whole set (cards just taken, in
    the steal phase) has a set waiting to be traded in, and "how many more" would have
    two answers."""
    options = [(s, label) for s in range(state.num_players)
               for label, have in sorted(Counter(game.labels(state, f"coll:{s}")).items())
               if KIND_OF[label] == CREATURE and have < SET_SIZE[label]]
    if not options:
        return None
    owner, label = rng.choice(options)
    have = Counter(game.labels(state, f"coll:{owner}"))[label]
    size = SET_SIZE[label]
    need = size - have
    name = state.players[owner]
    return make_question(
        game, "set_needs", seat,
        f"{name}'s collection holds {plural(have, label + ' card')}. How many more {label} cards "
        f"make a set that {name} trades in?", str(need),
        [str(n) for n in near_amounts(need, (1, 2), 1)] + [str(size)], "SQ-7.5",
        f"A set of {label} is {size} cards and {name} has {have} of them, so "
        f"{need} more complete a set (each set traded in earns a point token).", rng)


def nasty_loss(game, state, seat, rng):
    """What a set of Nasties the seat can see (in its hand or any collection) brings
    its owner: the clause of that Nasty, from the rules data (SQ-7.2 to SQ-7.4), the
    other Nasties' clauses and a creature set's (SQ-7.5) the wrong choices. Only with
    three or more players: with two the other player decides instead (SQ-9.5)."""
    if game.two_players(state) or not game.to_act(state):
        return None
    zones = [f"hand:{seat}"] + [f"coll:{s}" for s in range(state.num_players)]
    seen = {face["label"] for zone in zones for face in seen_cards(game, state, seat, zone)}
    nasties = [label for label in NASTIES if label in seen]
    if not nasties:
        return None
    label = rng.choice(nasties)
    effects = {clause: _effect(game, clause) for clause in
               (*NASTY_RULE.values(), "SQ-7.5")}
    clause = NASTY_RULE[label]
    return make_question(
        game, "nasty_loss", seat,
        f"A player trades in a set of {SET_SIZE[label]} {label}s. What happens?",
        effects[clause], [e for c, e in effects.items() if c != clause], clause,
        f"{game.rules[clause].text.rstrip('.')} ({clause}). The loss is decided by the new buyer "
        "(SQ-7.6).", rng)


# More moves than the rest of any turn takes: the others say done, the decider calls
# last chance and decides, every open Nasty loss takes nothing.
MAX_PLAYOUT = 40


def draw_count(game, state, seat, rng):
    """How many cards a player draws at the end of this turn, once the deal is decided:
    the turn played out on a copy (done, last chance, the first deal, nothing taken for
    a Nasty loss), read from the engine's draw event. Asked only while the draw pile
    holds enough for everyone, so the answer rests on no card face anyone cannot see
    (with a short pile, the trade-ins, face down now, would decide a reshuffle)."""
    phase = state.data["phase"]
    if phase not in ("window", "last"):
        return None
    short = sum(max(0, HAND_SIZE - len(state.zones[f"hand:{s}"]))
                for s in range(state.num_players))
    if len(state.zones["draw"]) < short:
        return None
    player = rng.randrange(state.num_players)
    name = state.players[player]
    told = _draw_event(game, state, seat, name)
    if told is None:
        return None
    drawn = int(told.text.split(" draws ")[1].split()[0])
    if any(_drawn(game, after, seat, name) not in (drawn, None)
           for after in _after_each_thingamabob(game, state)):
        return None     # a Thingamabob still to come (an Expander) may change the count
    held = len(state.zones[f"hand:{player}"])
    return make_question(
        game, "draw_count", seat,
        f"{name} holds {plural(held, 'card')}. Once this turn's deal is decided, how many "
        f"cards does {name} draw?", str(drawn),
        [str(n) for n in near_amounts(drawn, (1, 2))] + [str(HAND_SIZE)], told.rule,
        sentence(f"At the end of every turn each player draws back to {HAND_SIZE} cards: "
                 f"{told.text}"), rng)


def _drawn(game, state, seat, name) -> int | None:
    """How many cards ``name`` draws when the turn is played out from ``state``."""
    told = _draw_event(game, state, seat, name)
    return int(told.text.split(" draws ")[1].split()[0]) if told else None


def _after_each_thingamabob(game, state):
    """The positions after each Thingamabob a player may still play now: the turn can
    go on from any of them, so an answer must hold from each."""
    for mover in game.to_act(state):
        for move in game.legal_moves(state, mover):
            if isinstance(move, Thingamabob):
                yield game.apply(state, mover, move)[0]


def _draw_event(game, state, seat, name):
    """The event telling how many cards ``name`` draws when the turn is played out on
    a copy, as ``seat`` reads it, or None (the game ended first, or the playout ran
    long)."""
    after = state
    for _ in range(MAX_PLAYOUT):
        acting = game.to_act(after)
        if not acting:
            return None
        mover = acting[0]
        after, events = game.apply(after, mover, _next_move(game, after, mover))
        for event in events:
            if event.rule in ("SQ-8.1", "SQ-9.6") and event.text.startswith(f"{name} draws "):
                return event.for_viewer(seat)
        if after.data["phase"] in ("deals", "split", "over"):
            return None     # the turn ended and this player drew nothing
    return None


def _next_move(game, state, seat):
    """The move that ends the turn soonest: done, last chance, the first deal (or
    accept), nothing taken."""
    legal = game.legal_moves(state, seat)
    for wanted in (Done, LastChance, Choose, Accept):
        found = [m for m in legal if type(m) is wanted]
        if found:
            return found[0]
    return next(m for m in legal if isinstance(m, Steal) and m.card is None)


def _effect(game, clause: str) -> str:
    """What a trade-in clause says happens, without the set it names ('Two Loan Sharks:
    the buyer may ...' -> 'The buyer may ...'), and without the full stop, as the other
    choices of a quiz read."""
    text = game.rules[clause].text.partition(": ")[2] or game.rules[clause].text
    return text[:1].upper() + text[1:].rstrip(".")


# -- may this move be played now? ----------------------------------------------------

# What each kind of move is, as a reason names it ("the choice comes after that").
WHAT = {Choose: "choosing a deal", Done: "saying done", LastChance: "the last-chance call",
        Flip: "the extra card", Thingamabob: "playing Thingamabobs",
        Accept: "accepting or reversing", Reverse: "accepting or reversing"}


def own_clause(state, move) -> str:
    """The clause of a move of the Thingamabob window or the choice: the one it is
    refused under when its time has not come or is over."""
    if isinstance(move, Choose):
        return "SQ-9.4" if state.num_players == 2 else "SQ-6.1"
    return {Done: "SQ-R6", LastChance: "SQ-5.3", Flip: "SQ-3.3", Thingamabob: "SQ-5.1",
            Accept: "SQ-9.4", Reverse: "SQ-9.4"}[type(move)]


def move_legal(game, state, seat, rng):
    """Whether a move that names no hidden card is allowed for the seat now: one of its
    legal moves, a buyer's move (choose, last chance, accept, reverse), done, or the
    buyer's extra card. Answered in plain words (see the module's docstring)."""
    if not game.to_act(state):
        return None
    move = rng.choice(_candidates(game, state, seat, rng))
    name = state.players[seat]
    text = game.format_move_for(state, seat, move, seat)
    allowed_clause = game.move_rules(move)[0]
    if isinstance(move, (Choose, Accept, Reverse)) and state.data["phase"] != "last":
        allowed_clause = "SQ-R7"    # deciding without the last-chance call: the ruling's
    return legality_question(
        game, state, seat, move, "move_legal", f"May {name} play '{text}' now?",
        allowed_clause, rng, _one_clause_each(_reasons(game, state, seat, move)),
        _allowed_why(game, state, seat, move))


def _candidates(game, state, seat, rng) -> list:
    """The moves one question may ask about: the decider's moves, done, the extra card
    (while deals are on the table) and one of the seat's own legal moves."""
    names, data = state.players, state.data
    others = [p for s, p in enumerate(names) if s != seat]
    candidates = [Done(), LastChance(), Choose(rng.choice(others))]
    if game.two_players(state):
        candidates += [Accept(), Reverse()]
    elif data["phase"] in ("deals", "flip", "window", "last"):
        target = rng.choice(data["offered"])
        size = len(state.zones[f"deal:{target}"])
        if size:
            candidates.append(Flip(names[target], rng.randint(1, size)))
    legal = game.legal_moves(state, seat)
    if legal:
        candidates.append(rng.choice(legal))
    return candidates


def _one_clause_each(reasons: list[Reason]) -> list[Reason]:
    """The reasons as choices: a false one citing the clause of a true one goes (the
    clause would then be on offer twice, once right and once wrong), and each text is
    offered once."""
    true_clauses = {r.clause for r in reasons if r.holds}
    kept = [r for r in reasons if r.holds or r.clause not in true_clauses]
    return list({r.text: r for r in kept}.values())


def _reasons(game, state, seat, move) -> list[Reason]:
    """The facts that could refuse this move, each true or false here."""
    data, names = state.data, state.players
    phase, name = data["phase"], names[seat]
    two = game.two_players(state)
    acting = game.to_act(state)
    laying = phase in ("deals", "split")
    reasons = []
    if not isinstance(move, (Deal, Split, Steal)):
        reasons += _timing(game, state, seat, move)
    if isinstance(move, (Choose, LastChance, Accept, Reverse)):
        reasons += _deciding(game, state, seat, move)
    if isinstance(move, (Done, Thingamabob)):
        reasons.append(Reason("SQ-R6", f"{name} has said done already and plays no more "
                              f"Thingamabobs this turn", seat in data["done"]))
    if isinstance(move, Done):
        reasons.append(Reason("SQ-R6", f"{name} decides the deal this turn and so cannot "
                              f"just say done", seat == data["chooser"]))
    if isinstance(move, Flip):
        reasons += _flipping(game, state, seat, move)
    if isinstance(move, (Deal, Split)):
        reasons += _laying(game, state, seat, move)
    if isinstance(move, Thingamabob):
        held = game.labels(state, f"coll:{seat}")
        reasons += [
            Reason("SQ-4.3", f"{move.name} is played only from a collection, and "
                   f"{name}'s collection holds none", move.name not in held),
            Reason("SQ-R13", f"{name}'s {move.name} would do nothing now",
                   move.name in held and move.name not in game.playable(state, seat)),
        ]
    if isinstance(move, Steal):
        victim = data["steals"][0] if data["steals"] else None
        reasons.append(Reason("SQ-9.5" if two else "SQ-7.6", f"{name} does not decide "
                              f"this loss", victim is not None and seat not in acting))
        if victim is not None and move.card is not None:
            reasons.append(Reason(LOSS_RULE[data["steals"][2]], f"{names[victim]}'s "
                                  f"collection holds no {move.card}", move.card not in
                                  game.labels(state, f"coll:{victim}")))
    if not laying and isinstance(move, (Deal, Split)):
        reasons = []    # a deal out of its phase: the legality is the engine's alone
    return reasons


def _timing(game, state, seat, move) -> list[Reason]:
    """Too early (the deals are being laid out, or the buyer is on the extra card) or
    too late (the deal is decided)."""
    data, names = state.data, state.players
    phase, name = data["phase"], names[seat]
    acting = game.to_act(state)
    what, clause = WHAT[type(move)], own_clause(state, move)
    laying = phase in ("deals", "split")
    if game.two_players(state):
        first = Reason("SQ-9.2", f"{name} must lay out the three cards first: that comes "
                       f"before anything else in a turn", laying and seat in acting)
    else:
        first = Reason("SQ-3.1", f"{name} must lay a deal first: the deals come before "
                       f"anything else in a turn", laying and seat in acting)
    reasons = [first]
    if phase == "deals":
        # Said only to a player who is not building: to a builder it would be as true
        # as "lay a deal first", and the question would have two right answers.
        if seat not in acting:
            builders = [names[s] for s in acting]
            reasons.append(Reason(clause, f"the deals are not ready: "
                                  f"{_who_builds(builders)}, and {what} comes after that",
                                  True))
    elif phase == "split":
        if seat not in acting:      # (to the layer it is "lay out the cards first")
            layer = names[data["turn"]]
            reasons.append(Reason(clause, f"{layer} is still laying out the cards, and "
                                  f"{what} comes after that", True))
    elif phase == "flip" and not isinstance(move, Flip):
        if seat not in acting:      # (the buyer deciding may go on at once, SQ-R18)
            chooser = names[data["chooser"]]
            reasons.append(Reason(clause, f"{chooser} is still deciding on the extra "
                                  f"card, and {what} comes after that", True))
    else:
        reasons.append(Reason(clause, f"this turn's deal is decided already, and {what} "
                              f"came before that", phase == "steal"))
    return reasons


def _who_builds(builders: list[str]) -> str:
    if len(builders) == 1:
        return f"{builders[0]} is still building a deal"
    return f"{', '.join(builders[:-1])} and {builders[-1]} are still building deals"


def _deciding(game, state, seat, move) -> list[Reason]:
    """Who decides the deal, and whether the others may still play a Thingamabob."""
    data, names = state.data, state.players
    phase, name, chooser = data["phase"], names[seat], data["chooser"]
    two = game.two_players(state)
    if two:
        reasons = [Reason("SQ-9.4", f"{name} does not decide this turn's deal: the player "
                          f"who did not lay out the cards does", seat != chooser)]
    else:
        reasons = [Reason("SQ-6.1", f"{name} is not the buyer, and only the buyer decides "
                          f"the deal", seat != chooser)]
    waiting = [names[s] for s in game.pending(state)]
    if isinstance(move, LastChance):
        if phase != "steal":     # whether it was called is not kept once decided
            reasons.append(Reason("SQ-R7", f"{names[chooser]} has called last chance "
                                  f"already this turn", phase == "last"))
        return reasons
    if waiting:
        who = _names(waiting)
        verb = "s" if len(waiting) == 1 else ""
        reasons += [
            Reason("SQ-5.3", f"{who} may still play a Thingamabob, so "
                   f"{names[chooser]} must call last chance before deciding",
                   seat == chooser and phase in ("flip", "window")),
            Reason("SQ-R7", f"{names[chooser]} has called last chance, and {who} still "
                   f"get{verb} to play or say done first", seat == chooser and phase == "last"),
        ]
    if isinstance(move, Choose) and two:
        reasons.append(Reason("SQ-9.4", "with two players nobody chooses a deal: it is "
                              "accepted or reversed", True))
    elif isinstance(move, Choose):
        target = game.seat_named(state, move.target)
        reasons.append(Reason("SQ-6.1", f"{move.target} offered no deal this turn",
                              target not in data["offered"]))
    return reasons


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _flipping(game, state, seat, move) -> list[Reason]:
    """The buyer's one extra card: whose it is, and whether it is used up."""
    data, names = state.data, state.players
    phase, name = data["phase"], names[seat]
    target = game.seat_named(state, move.target)
    up = game.public_data(state, seat)["face_up"][str(target)]
    buyer = names[data["chooser"]]
    return [
        Reason("SQ-3.3", f"{name} is not the buyer, and only the buyer turns the extra "
               f"card", seat != data["chooser"]),
        Reason("SQ-3.3", f"the {ordinal(move.position)} card of {move.target}'s deal is "
               f"face up already", move.position in up),
        Reason("SQ-3.3", f"{buyer} has turned the extra card already this turn",
               phase in ("window", "last") and not data["no_flip"]),
        Reason("SQ-R18", f"{buyer} went on without the extra card, and it cannot be "
               f"turned later", bool(data["no_flip"])),
    ]


def _laying(game, state, seat, move) -> list[Reason]:
    """A deal or a split: from the seat's own hand, with its face-up card among them."""
    data, name = state.data, state.players[seat]
    hand = Counter(face["label"] for face in seen_cards(game, state, seat, f"hand:{seat}"))
    if isinstance(move, Deal):
        cards, side = move.cards, move.cards
        reasons = [Reason("SQ-3.1", f"{name} is the buyer this turn and offers no deal",
                          seat == data["turn"]),
                   Reason("SQ-3.2", f"the card to turn up, {move.up}, is not one of the "
                          f"deal's cards", move.up not in side)]
    else:
        cards = move.mine + move.theirs
        side = move.mine if move.up_side == "mine" else move.theirs
        reasons = [Reason("SQ-9.2", f"it is not {name}'s turn to lay out the cards",
                          seat != data["turn"]),
                   Reason("SQ-9.3", f"the card to turn up, {move.up}, is not on the side "
                          f"it is turned up on", move.up not in side)]
    short = Counter(cards) - hand
    reasons.append(Reason("SQ-4.1", f"{name} does not hold all of {'+'.join(cards)} in "
                          f"hand", bool(short)))
    return reasons


def _allowed_why(game, state, seat, move) -> str:
    """Why the move asked about is allowed, when it is: about that move, never about
    what happens after it."""
    data, names = state.data, state.players
    name, chooser = names[seat], names[data["chooser"]]
    if isinstance(move, Choose):
        return (f"{name} is the buyer, {move.target} offered a deal, and nobody else may "
                f"still play a Thingamabob")
    if isinstance(move, (Accept, Reverse)):
        return (f"{name} decides this turn's deal, and nobody else may still play a "
                f"Thingamabob")
    if isinstance(move, LastChance):
        return (f"{name} decides the deal and calls last chance once, so that the others "
                f"get a last go at their Thingamabobs")
    if isinstance(move, Done):
        return (f"{name} is not the one who decides, and may stop playing Thingamabobs "
                f"for this turn while {chooser} decides")
    if isinstance(move, Flip):
        return (f"{name} is the buyer, every deal is ready, and the "
                f"{ordinal(move.position)} card of {move.target}'s deal is face down")
    if isinstance(move, Deal):
        return (f"{name} is building a deal this turn, holds those cards and turns up "
                f"one of them")
    if isinstance(move, Split):
        return (f"it is {name}'s turn to lay out three cards; {name} holds them and "
                f"{move.up} lies on the side turned up")
    if isinstance(move, Thingamabob):
        return f"{move.name} is in {name}'s collection and has something to do now"
    if isinstance(move, Steal) and move.card is None:
        return f"{name} decides this loss and may always take nothing more"
    if isinstance(move, Steal):
        victim = names[data["steals"][0]]
        return f"{name} decides this loss, and {victim}'s collection holds {move.card}"
    return "nothing in the rules stops it now"


GENERATORS = {"tokens_to_win": tokens_to_win, "set_needs": set_needs,
              "nasty_loss": nasty_loss, "draw_count": draw_count,
              "move_legal": move_legal}
