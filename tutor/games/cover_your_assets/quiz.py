"""Cover Your Assets' quiz questions (see :mod:`tutor.quiz`): whether a challenge is
allowed, who wins a battle if the answering player gives up, whether two cards make a
set. Each "may ...?" question has one true answer: a position where two reasons refuse
the move (a safe set challenged with a card that does not match it) is not asked."""

from __future__ import annotations

from tutor.games.cover_your_assets.deck import article, money
from tutor.games.cover_your_assets.moves import Challenge, FormSet, GiveUp
from tutor.core.questions import (Reason, legality_question, make_question, seen_cards,
                                  sentence)


def challenge_legal(game, state, seat, rng):
    """Whether the seat may challenge another player's top set with a card it holds."""
    data = state.data
    if data["over"] or data["answering"] is not None or seat != data["turn"]:
        return None
    targets = [s for s in range(state.num_players) if s != seat and data[f"sets:{s}"]]
    held = [face["label"] for face in seen_cards(game, state, seat, f"hand:{seat}")]
    if not targets or not held:
        return None
    target = rng.choice(targets)
    edition = game.edition(state.options)
    asset = game.set_asset(edition, game.top_set(state, target))
    # Half the time a card that fits the set, so that "yes" comes up as often as the
    # refusals of a set that is safe or a player without a set.
    fitting = sorted({c for c in held if c == asset or edition.is_wild(c)})
    card = rng.choice(fitting if fitting and rng.random() < 0.5 else sorted(set(held)))
    name, other = state.players[seat], state.players[target]
    matches = card == asset or edition.is_wild(card)
    reasons = [
        Reason("CYA-5.3", f"{name} has no set yet, and only a player with a set may "
               f"challenge", not data[f"sets:{seat}"]),
        Reason("CYA-5.2", f"{other} has only one set, and the bottom set of a stack is "
               f"safe", len(game.sets(state, target)) == 1),
        Reason("CYA-5.1", f"{card} does not match {article(asset)} set: only {asset} or a "
               f"wild does", not matches),
    ]
    return legality_question(
        game, state, seat, Challenge(other, card), "challenge_legal",
        f"May {name} challenge {other}'s top set ({article(asset)} set) with {card}?",
        "CYA-5.1", rng, reasons,
        f"{name} has a set, {other}'s top set is exposed (not the bottom one) and {card} "
        f"{'is a wild, which matches any set' if edition.is_wild(card) else 'matches it'}")


def battle_winner(game, state, seat, rng):
    """Who ends up with the contested set if the player to answer gives up now: the
    give-up played on a copy."""
    data = state.data
    answering = data["answering"]
    if data["over"] or answering is None:
        return None
    after, events = game.apply(state, answering, GiveUp())
    names = state.players
    asset = game.battle_asset(state)
    played = len(state.zones["battle"])
    return make_question(
        game, "battle_winner", seat,
        f"{names[data['challenger']]} challenged {names[data['defender']]}'s {asset} set "
        f"and {played} card{'s are' if played > 1 else ' is'} in the battle. If "
        f"{names[answering]} gives up now, who has the {asset} set?",
        names[after.data["last_winner"]], names, events[0].rule,
        sentence(events[0].for_viewer(seat).text), rng)


def set_legal(game, state, seat, rng):
    """Whether two cards from the seat's hand make a set (CYA-3.1, CYA-3.3)."""
    data = state.data
    if data["over"] or data["answering"] is not None or seat != data["turn"]:
        return None
    held = [face["label"] for face in seen_cards(game, state, seat, f"hand:{seat}")]
    if len(held) < 2:
        return None
    edition = game.edition(state.options)
    pairs = sorted({tuple(sorted((a, b))) for i, a in enumerate(held) for b in held[i + 1:]})
    # Half the time a pair that makes a set, so that "yes" comes up as often as "no".
    good = [p for p in pairs if (p[0] == p[1] and not edition.is_wild(p[0])) or
            (edition.is_wild(p[0]) != edition.is_wild(p[1]))]
    first, second = rng.choice(good if good and rng.random() < 0.5 else pairs)
    wilds = edition.is_wild(first) + edition.is_wild(second)
    name = state.players[seat]
    reasons = [
        Reason("CYA-3.3", "two wilds never make a set: a set needs an asset", wilds == 2),
        Reason("CYA-3.1", f"{first} and {second} are different assets, and a set needs two "
               f"identical ones (or one and a wild)", True) if wilds == 0 and first != second
        else Reason("CYA-3.1", "a new set is exactly three cards, not two", False),
        Reason("CYA-3.2", "a set may only be formed with the top card of the discard pile",
               False),
    ]
    how = "an asset and a wild make a set" if wilds == 1 else \
        "two identical assets make a set"
    return legality_question(
        game, state, seat, FormSet((first, second)), "set_legal",
        f"May {name} form a set of {first} and {second} from {name}'s hand?", "CYA-3.1",
        rng, reasons, how)


GENERATORS = {"challenge_legal": challenge_legal, "battle_winner": battle_winner,
              "set_legal": set_legal}
