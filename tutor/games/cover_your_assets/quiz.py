"""Cover Your Assets' quiz questions (see :mod:`tutor.quiz`): whether a challenge is
allowed, who wins a battle if the answering player gives up, what a stack is worth."""

from __future__ import annotations

from tutor.core.views import view
from tutor.games.cover_your_assets.deck import article, money
from tutor.games.cover_your_assets.moves import Challenge, GiveUp
from tutor.quiz import legality_question, make_question, near_amounts, sentence


def challenge_legal(game, state, seat, rng):
    """Whether the seat may challenge another player's top set with a card it holds."""
    data = state.data
    if data["over"] or data["answering"] is not None or seat != data["turn"]:
        return None
    targets = [s for s in range(state.num_players) if s != seat and data[f"sets:{s}"]]
    held = [c["label"] for c in view(game, state, seat)["zones"][f"hand:{seat}"]
            if not c.get("hidden")]
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
    return legality_question(
        game, state, seat, Challenge(other, card), "challenge_legal",
        f"May {name} challenge {other}'s top set ({article(asset)} set) with {card}?",
        "CYA-5.1", rng)


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


def stack_value(game, state, seat, rng):
    """What one player's stack is worth (every card in it, wilds too)."""
    owners = [s for s in range(state.num_players) if state.zones[f"stack:{s}"]]
    if not owners:
        return None
    owner = rng.choice(owners)
    worth = game.stack_value(state, owner)
    edition = game.edition(state.options)
    steps = sorted({edition.value[c] for c in state.zones[f"stack:{owner}"]})
    cards = len(state.zones[f"stack:{owner}"])
    name = state.players[owner]
    return make_question(
        game, "stack_value", seat, f"What is {name}'s stack worth now?", money(worth),
        [money(v) for v in near_amounts(worth, steps)], "CYA-7.2",
        f"{name}'s stack holds {cards} card{'s' if cards > 1 else ''}, every set and wild "
        f"counted, worth {money(worth)} together.", rng)


GENERATORS = {"challenge_legal": challenge_legal, "battle_winner": battle_winner,
              "stack_value": stack_value}
