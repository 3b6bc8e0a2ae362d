"""A Cover Your Assets bot that plays sensibly and says why, with the numbers.

How it thinks:

* **Cards that fight.** For a set of some asset, the cards that can fight for it are
  that asset and the wilds (CYA-5.4). A battle is won by whoever runs out of answers
  last, so the bot counts its own fighting cards before it starts or joins one.
* **Battles.** It answers with the set's asset when it has one: such a card is worth
  little outside this battle. It answers with a wild (the cheapest) only while what is
  at stake (the set plus the cards already played) is worth at least that wild, which
  it risks losing. Otherwise it gives up.
* **Challenging.** It challenges an exposed top set worth at least $20,000 when it
  holds two or more fighting cards for it (one to open, one to answer), and the set is
  worth more than the best set it could form instead. It opens with the asset, keeping
  its wilds for the answers.
* **Forming sets.** It forms the most valuable set it can, counting the cards that go
  onto its stack. A set with the top card of the discard pile saves a card from the hand,
  so it gets a bonus of $5,000. It keeps its wilds for battles and only pairs one with an
  asset when it holds several wilds, or once the draw pile is nearly gone (cards left in
  hand at the end score nothing).
* **Discarding.** Otherwise it discards its least useful card: the cheapest asset it
  holds only once, then any asset, and a wild only when it holds nothing else.

It reads only what its seat may know: its own hand, the stacks, the top of the discard
pile, the battle cards and the number of cards left in the draw pile.

What the other seats read (``public_reason``): every move lays its cards face up, so the
cards, the sets, what is at stake in a battle and the draw pile's size are said to
everyone; what the bot still holds (how many cards can fight, which wild it keeps) is
withheld.
"""

from __future__ import annotations

from collections import Counter

from tutor.core.bots import Bot, BotChoice
from tutor.games.cover_your_assets.deck import money
from tutor.games.cover_your_assets.moves import (Answer, Challenge, Discard, FormSet,
                                                 GiveUp)


def _wilds(count: int) -> str:
    """How many wilds, in words: "no wild", "1 wild", "2 wilds"."""
    return "no wild" if not count else f"{count} wild{'s' if count != 1 else ''}"


class CoverYourAssetsBot(Bot):
    name = "heuristic"

    CHALLENGE_MIN = 20_000   # a top set worth less is not worth a battle
    DISCARD_BONUS = 5_000    # a set with the discard pile's top card saves a hand card
    LATE_DRAW_PILE = 10      # from here on wilds go into sets rather than stay in hand

    def choose(self, game, state, seat) -> BotChoice:
        choice = self._decide(game, state, seat)
        if game.check(state, seat, choice.move) is None:
            return choice
        legal = game.legal_moves(state, seat)   # not expected: a safety net
        fallback = next((m for m in legal if isinstance(m, (Discard, GiveUp))), legal[0])
        text = game.format_move(state, seat, fallback)
        return BotChoice.fallback(fallback, text, choice)

    def _decide(self, game, state, seat) -> BotChoice:
        if state.data["answering"] == seat:
            return self._battle(game, state, seat)
        edition = game.edition(state.options)
        hand = Counter(edition.label[c] for c in state.zones[f"hand:{seat}"])
        challenge = self._best_challenge(game, state, seat, hand)
        formed = self._best_set(game, state, seat, hand)
        if challenge and (formed is None or challenge[0] > formed[0]):
            return challenge[1]
        if formed:
            return formed[1]
        return self._discard(edition, hand)

    # -- battles ------------------------------------------------------------------------

    def _battle(self, game, state, seat) -> BotChoice:
        edition, data = game.edition(state.options), state.data
        asset = game.battle_asset(state)
        contested = game.top_set(state, data["defender"])
        stake = sum(edition.value[c] for c in contested + state.zones["battle"])
        hand = Counter(edition.label[c] for c in state.zones[f"hand:{seat}"])
        wilds = sorted((w for w in hand if edition.is_wild(w)), key=edition.value_of.get)
        side = "defends" if seat == data["defender"] else "fights on"
        if hand[asset]:
            return BotChoice.partly_public(
                Answer(asset), f"{side} with {asset}: {money(stake)} is at stake, and it "
                f"holds {hand[asset]} {asset} and {_wilds(sum(hand[w] for w in wilds))}",
                f"{side} with {asset}: {money(stake)} is at stake")
        # Both ways of giving up read the same to the others: why rests on the hand.
        gives_up = f"gives up, and the {money(stake)} at stake goes to the other side"
        if wilds:
            wild = wilds[0]
            cost = edition.value_of[wild]
            if stake >= cost:   # the wild and the stake lie face up
                return BotChoice.public(Answer(wild), f"{side} with {wild} ({money(cost)}): "
                                        f"the {money(stake)} at stake is worth the risk")
            return BotChoice.partly_public(
                GiveUp(), f"gives up: the {money(stake)} at stake is less than the {wild} "
                f"({money(cost)}) it would have to risk", gives_up)
        return BotChoice.partly_public(
            GiveUp(), f"gives up: it holds no {asset} and no wild, and {money(stake)} goes "
            f"to the other side", gives_up)

    # -- a turn -------------------------------------------------------------------------

    def _best_challenge(self, game, state, seat, hand):
        """(value, choice) of the most valuable top set worth a battle, or None."""
        if not state.data[f"sets:{seat}"]:
            return None   # CYA-5.3
        edition = game.edition(state.options)
        wilds = sorted((w for w in hand if edition.is_wild(w)), key=edition.value_of.get)
        best = None
        for other, name in enumerate(state.players):
            if other == seat or len(state.data[f"sets:{other}"]) < 2:
                continue
            top = game.top_set(state, other)
            asset = game.set_asset(edition, top)
            value = sum(edition.value[c] for c in top)
            fighters = hand[asset] + sum(hand[w] for w in wilds)
            if value < self.CHALLENGE_MIN or fighters < 2:
                continue
            card = asset if hand[asset] else wilds[0]
            if best is None or value > best[0]:
                said = f"challenges {name}'s {asset} set worth {money(value)} with {card}"
                best = (value, BotChoice.partly_public(
                    Challenge(name, card), f"{said}: it holds {fighters} cards that can "
                    f"fight for that set", said))
        return best

    def _best_set(self, game, state, seat, hand):
        """(score, choice) of the most valuable set it is willing to form, or None."""
        edition = game.edition(state.options)
        value = edition.value_of
        wilds = [w for w in hand if edition.is_wild(w)]
        late = len(state.zones["draw"]) <= self.LATE_DRAW_PILE
        spare_wild = late or sum(hand[w] for w in wilds) >= 2
        cheapest_wild = min(wilds, key=value.get) if wilds else None
        pile = state.zones["discard"]
        top = edition.label[pile[-1]] if pile else None
        options = []
        for card in hand:
            if edition.is_wild(card):
                continue
            if hand[card] >= 2:
                options.append((2 * value[card], FormSet((card, card)),
                                f"two {card} from hand"))
            if top == card or (top and edition.is_wild(top)):
                options.append((value[card] + value[top] + self.DISCARD_BONUS,
                                FormSet((card,), True),
                                f"{card} and the {top} from the discard pile"))
            if cheapest_wild and spare_wild:
                options.append((value[card] + value[cheapest_wild],
                                FormSet((card, cheapest_wild)), f"{card} and {cheapest_wild}"))
        if top and not edition.is_wild(top) and cheapest_wild and spare_wild and \
                not hand[top]:
            options.append((value[top] + value[cheapest_wild] + self.DISCARD_BONUS,
                            FormSet((cheapest_wild,), True),
                            f"{cheapest_wild} and the {top} from the discard pile"))
        if not options:
            return None
        score, move, what = max(options, key=lambda o: (o[0], -len(o[1].cards)))
        worth = sum(value[c] for c in move.cards) + (value[top] if move.discard else 0)
        why = "the most valuable set it can form"
        formed = f"forms a set of {what}, worth {money(worth)}"
        public = formed
        if any(edition.is_wild(c) for c in move.cards):
            left = len(state.zones["draw"])
            why += (f" (only {left} cards left to draw)" if late
                    else " (it holds a wild to spare)")
            if late:   # the draw pile's size is public; a wild to spare is not
                public += f", with only {left} cards left to draw"
        return score, BotChoice.partly_public(move, f"{formed}: {why}", public)

    def _discard(self, edition, hand) -> BotChoice:
        value = edition.value_of

        def usefulness(card):
            # Wilds last, then assets held twice (a pair in waiting), cheapest first.
            return (edition.is_wild(card), hand[card] > 1, value[card], card)

        card = min(hand, key=usefulness)
        if edition.is_wild(card):
            why = "it holds nothing but wilds"
        elif hand[card] > 1:
            why = "no single card to spare, so the cheapest pair is broken"
        else:
            why = "the cheapest card it holds without a partner"
        discards = f"discards {card} ({money(value[card])})"
        return BotChoice.partly_public(Discard(card), f"{discards}: {why}", discards)
