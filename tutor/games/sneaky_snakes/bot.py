"""A Sneaky Snakes bot that plays sensibly and says why, deciding only from what its
seat can see.

It reads the table through :func:`tutor.core.views.view` for its own seat: the faces of
its own cards that face it, the faces of the other players' cards that face away from
them, the top of the discard pile, the counts, and which way every card is held.

How it thinks (cards in hand win, SN-6.2):

* **Snake Jones.** It never plays or gives away a Snake Jones it sees, steals a Snake
  Jones it sees in another hand first, and turns its unseen cards with Eyes Open.
* **Playing costs a card.** A played card leaves the hand, so it plays only a card it
  sees that gains something: Dumpster Dive (two back for one), a steal, or Snake Pit
  when another hand is bigger than its own.
* **Pointing costs the others a card.** Whatever the answer, the card pointed at leaves
  the other hand. It points at the biggest hand, at a card it sees that it would like
  to play itself (a steal or a take), else at the first card there.
* **Answering.** A card it sees is played by itself when it gains (steal, take) and left
  to the pointer when it would cost (Gift); a card it cannot see is played by itself,
  since the pointer saw it and chose it for a reason.
* **Skipping** keeps every card, so it skips whenever that is allowed and nothing good
  is in its hand.
* **Choices** of a card it carries out: steal from the biggest hand, give away its least
  useful card to the smallest hand, swap its unseen card for a card it sees elsewhere.

What the other seats read (``public_reason``): a face in a hand is never seen by every
other seat (a card facing its holder is the holder's alone, one facing away is hidden
from the holder), so reasons name positions, hand sizes and which way cards face, the
things everyone sees, and withhold the faces.
"""

from __future__ import annotations

from tutor.core.bots import Bot, BotChoice
from tutor.core.views import view
from tutor.games.sneaky_snakes.deck import DECK, SNAKE_JONES
from tutor.games.sneaky_snakes.moves import (Answer, Give, Play, Point, Skip, Steal, Swap,
                                             SwapHands, TurnCard, Vote)

GAINS = {"Dumpster Dive": 3, "Sticky Fingers": 2, "Double Bite": 2, "Lucky Dip": 1}
# How much the bot dislikes keeping a card it sees (give away the highest).
SPARE = {"Gift": 5, "Eyes Open": 4, "Switcheroo": 3, "Snake Pit": 2, "Lucky Dip": 1}


class SneakySnakesBot(Bot):
    name = "heuristic"

    def choose(self, game, state, seat) -> BotChoice:
        choice = self._decide(game, view(game, state, seat), seat)
        if game.check(state, seat, choice.move) is None:
            return choice
        legal = game.legal_moves(state, seat)   # not expected: a safety net
        fallback = legal[0]
        text = game.format_move(state, seat, fallback)
        return BotChoice.fallback(fallback, text, choice)

    # -- what the seat sees ----------------------------------------------------------

    @staticmethod
    def _hand(seen: dict, seat: int) -> list[str | None]:
        """The names of a hand's cards as this view shows them (None: not seen)."""
        return [None if f.get("hidden") else f["label"] for f in seen["zones"][f"hand:{seat}"]]

    def _sizes(self, seen: dict, seat: int) -> dict[int, int]:
        return {s: len(seen["zones"][f"hand:{s}"]) for s in seen["data"]["active"]
                if s != seat}

    def _decide(self, game, seen, seat) -> BotChoice:
        phase = seen["data"]["phase"]
        if phase == "tie":
            return BotChoice.public(Vote(False), "shares the win rather than risk a snake "
                                    "battle")
        if phase == "answer":
            return self._answer(seen, seat)
        if phase == "resolve":
            return self._resolve(seen, seat)
        return self._action(seen, seat)

    def _answer(self, seen, seat) -> BotChoice:
        position = seen["data"]["pointed_at"]
        card = self._hand(seen, seat)[position - 1]
        pointer = seen["players"][seen["data"]["pointer"]]
        if card is None:
            return BotChoice.public(Answer(True), f"plays the card itself: {pointer} chose "
                                    f"that card, seeing what it cannot")
        # Which way the card faces is public, its face is not.
        if card == "Gift" or card == SNAKE_JONES:
            return BotChoice.partly_public(
                Answer(False), f"leaves the card to {pointer}: it sees a {card} there, "
                f"which would only cost it more to play", f"leaves the card {pointer} pointed "
                f"at for {pointer} to play")
        return BotChoice.partly_public(Answer(True), f"plays the card itself: it sees "
                                       f"{card} there", f"plays the card {pointer} pointed "
                                       f"at itself")

    def _resolve(self, seen, seat) -> BotChoice:
        data, names = seen["data"], seen["players"]
        effect = DECK.effect(data["effect"])
        sizes = self._sizes(seen, seat)
        mine = self._hand(seen, seat)
        if effect.kind == "reveal":
            position = next(p for p, f in enumerate(data[f"facing:{seat}"], 1) if f == "away")
            return BotChoice.public(TurnCard(position), f"turns card {position} around to "
                                    f"look at that card")
        if effect.kind == "steal":
            best = None
            for other, size in sizes.items():
                for p, card in enumerate(self._hand(seen, other), 1):
                    score = (card == SNAKE_JONES, GAINS.get(card, 0), size)
                    if size and (best is None or score > best[0]):
                        best = (score, other, p, card)
            _, other, p, card = best
            what = card or "a card it cannot see"
            return BotChoice.partly_public(
                Steal(names[other], p), f"steals {what} from {names[other]}, who holds "
                f"{sizes[other]} cards", f"steals card {p} from {names[other]}, who holds "
                f"{sizes[other]} cards")
        if effect.kind == "gift":
            poorest = min(sizes, key=lambda s: (sizes[s], s))
            p = max(range(1, len(mine) + 1), key=lambda p: (SPARE.get(mine[p - 1], 0)
                                                            if mine[p - 1] != SNAKE_JONES
                                                            else -9, -p))
            return BotChoice.public(Give(p, names[poorest]), f"gives away card {p} to "
                                    f"{names[poorest]}, who has the fewest cards")
        if effect.params.get("what") == "hand":
            richest = max(sizes, key=lambda s: (sizes[s], -s))
            return BotChoice.public(SwapHands(names[richest]), f"takes the biggest hand, "
                                    f"{names[richest]}'s {sizes[richest]} cards")
        # Switcheroo: its least useful card for the most useful card it sees elsewhere.
        best = None
        for other in sizes:
            for q, card in enumerate(self._hand(seen, other), 1):
                score = (card == SNAKE_JONES, GAINS.get(card, 0), card is not None)
                if best is None or score > best[0]:
                    best = (score, other, q, card)
        p = max(range(1, len(mine) + 1), key=lambda p: (mine[p - 1] is None and -1 or
                                                        SPARE.get(mine[p - 1], 0), -p))
        _, other, q, card = best
        return BotChoice.partly_public(
            Swap(p, names[other], q), f"swaps card {p} for {names[other]}'s "
            f"{card or 'card ' + str(q)}", f"swaps its card {p} for {names[other]}'s card {q}")

    def _action(self, seen, seat) -> BotChoice:
        names = seen["players"]
        mine = self._hand(seen, seat)
        sizes = self._sizes(seen, seat)
        own = len(mine)
        def play(p, reason):   # others see which card, and that it faces the bot
            return BotChoice.partly_public(Play(p), reason, f"plays its card {p}, which "
                                           f"faces it")

        for p, card in enumerate(mine, 1):
            if card in ("Dumpster Dive",) and len(seen["zones"]["discard"]) >= 2:
                return play(p, f"plays {card}: two cards back for one")
        for p, card in enumerate(mine, 1):
            if card in ("Sticky Fingers", "Double Bite") and any(sizes.values()):
                return play(p, f"plays {card}, which it sees, to steal")
            if card == "Snake Pit" and sizes and max(sizes.values()) > own:
                return play(p, f"plays Snake Pit: a bigger hand ({max(sizes.values())} "
                               f"cards) is there to take")
        targets = {s: n for s, n in sizes.items() if n}
        best = None
        for other, size in targets.items():
            for q, card in enumerate(self._hand(seen, other), 1):
                score = (GAINS.get(card, 0) > 0, size)
                if best is None or score > best[0]:
                    best = (score, other, q, card)
        wanted = best is not None and best[0][0]
        skip_ok = not any(c is not None for s in sizes for c in self._hand(seen, s))
        if skip_ok:
            return BotChoice.public(Skip(), "skips, keeping every card: it sees no face in "
                                    "the other hands")
        if best is not None:
            _, other, q, card = best
            why = (f"it sees {card} there and would like to play that card itself" if wanted
                   else "every card pointed at leaves that hand")
            where = (f"points at {names[other]}'s card {q} ({names[other]} holds "
                     f"{sizes[other]})")
            return BotChoice.partly_public(Point(names[other], q), f"{where}: {why}", where)
        p = next((p for p, c in enumerate(mine, 1) if c is None), 1)
        return BotChoice.public(Play(p), "plays one of its own cards: nobody else holds "
                                "a card")
