"""A Sell Me a Sasquatch bot that plays sensibly and says why, its estimates in words.

How it thinks:

* **Worth of a card** to a collection, in point tokens: a creature is worth 1/size of a
  token (a Tiny 0.25, a Giant 1), more when it completes a set; a Nasty costs 1/size
  of the harm of its set (counted as one token), more when it completes one; a
  Thingamabob is worth 0.4. A face-down card it cannot see counts as 0.1, about the
  average of the deck.
* **Deals.** It offers the three cards worth most to its own collection (it usually
  keeps its own deal) and turns up the one the buyer would like least, so that the
  buyer looks elsewhere.
* **The buyer's extra card** goes to the deal with the most face-down cards; the first
  of them.
* **Choosing.** It takes the deal worth most to its own collection, counting what it
  can see.
* **Thingamabobs.** A Platonic Isolator is always played on the richest player. A
  Repositioner removes the worst visible card (a Nasty) from its own deal, or a deal it
  might be given; the Optimeter turns a card of the deal it values most. The Expander
  adds a Nasty from hand to the deal of the player with most tokens. Otherwise it says
  done, or as buyer calls last chance and chooses.
* **Steals** take the card worth most to its collection, if that is worth anything.
* **Two players.** It keeps its best cards on its own side and puts its worst on the
  other side, turning up the worst; as the other player it accepts or reverses,
  whichever side is worth more to it.

It reads only what its seat may know: its hand, the collections, the tokens, and the
deal cards it can see.

What the other seats read (``public_reason``): collections, tokens, face-up deal cards
and how many cards lie face down are open, so reasons that rest on those alone are said
in full (a steal, a flip, a choice among deals whose seen cards are all face up). Cards in
its hand and deal cards only it has seen are withheld: a deal or a split says how many
cards go where, not which.
"""

from __future__ import annotations

from collections import Counter

from tutor.core.bots import Bot, BotChoice
from tutor.core.wording import plural
from tutor.games.sell_me_a_sasquatch.deck import KIND_OF, LABEL, SET_SIZE
from tutor.games.sell_me_a_sasquatch.moves import (DETRITAL, EXPANDER, OPTIMETER, PLATONIC,
                                                   SUPER_DETRITAL, Accept, Choose, Deal,
                                                   Done, Flip, LastChance, Reverse, Split,
                                                   Steal, Thingamabob)

UNKNOWN = 0.1
THINGAMABOB_WORTH = 0.4


def worth(label: str, collection: Counter) -> float:
    """What one more card of this name is worth to a collection, in point tokens."""
    kind = KIND_OF[label]
    if kind == "thingamabob":
        return THINGAMABOB_WORTH
    size = SET_SIZE[label]
    completes = (collection[label] + 1) % size == 0
    share = 1 / size + (0.25 if completes and size > 1 else 0)
    return share if kind == "creature" else -share


# Shares of a point token in words: a reason says "worth about half a point token", never
# "+0.50 tokens" (number soup to a learner: issue 33, B20).
_SHARES = ((1 / 4, "a quarter of a point token"), (1 / 3, "a third of a point token"),
           (1 / 2, "half a point token"), (2 / 3, "two thirds of a point token"),
           (3 / 4, "three quarters of a point token"), (1, "a point token"))


def token_words(value: float) -> str:
    """What a card or deal is worth in point tokens, in words: "worth about half a point
    token", "a loss of about a third of a point token", "worth next to nothing"."""
    size = abs(value)
    if size < 0.1:
        return "worth next to nothing"
    if size < 1.25:
        words = min(_SHARES, key=lambda share: abs(share[0] - size))[1]
    else:
        words = f"{round(size)} point tokens"
    return f"worth about {words}" if value > 0 else f"a loss of about {words}"


class SellMeASasquatchBot(Bot):
    name = "heuristic"

    def choose(self, game, state, seat) -> BotChoice:
        choice = self._decide(game, state, seat)
        if game.check(state, seat, choice.move) is None:
            return choice
        legal = game.legal_moves(state, seat)   # not expected: a safety net
        fallback = next((m for m in legal if isinstance(m, (Done, LastChance))), legal[-1])
        text = game.format_move(state, seat, fallback)
        return BotChoice.fallback(fallback, text, choice)

    # -- what it knows -------------------------------------------------------------

    @staticmethod
    def collection(state, seat) -> Counter:
        return Counter(LABEL[c] for c in state.zones[f"coll:{seat}"])

    def deal_worth(self, game, state, seat, owner, to=None) -> tuple[float, int]:
        """(worth of owner's deal to seat ``to``'s collection, face-down cards seen as
        unknown) from what ``seat`` may see."""
        to = seat if to is None else to
        coll = self.collection(state, to)
        total, unknown = 0.0, 0
        for cid in state.zones[f"deal:{owner}"]:
            if seat in state.seen_by.get(cid, ()):
                total += worth(LABEL[cid], coll)
                coll[LABEL[cid]] += 1
            else:
                total += UNKNOWN
                unknown += 1
        return total, unknown

    def _decide(self, game, state, seat) -> BotChoice:
        phase = state.data["phase"]
        if phase == "deals":
            return self._deal(game, state, seat)
        if phase == "split":
            return self._split(game, state, seat)
        if phase == "flip":
            return self._flip(game, state, seat)
        if phase == "steal":
            return self._steal(game, state, seat)
        return self._window(game, state, seat)

    # -- deals ---------------------------------------------------------------------

    def _ranked_hand(self, state, seat):
        coll = self.collection(state, seat)
        hand = [LABEL[c] for c in state.zones[f"hand:{seat}"]]
        return sorted(hand, key=lambda c: (-worth(c, coll), c)), coll

    def _deal(self, game, state, seat) -> BotChoice:
        ranked, coll = self._ranked_hand(state, seat)
        cards = ranked[:min(3, len(ranked))]
        buyer_coll = self.collection(state, state.data["chooser"])
        up = min(cards, key=lambda c: (worth(c, buyer_coll), c))
        value = sum(worth(c, coll) for c in cards)
        rest = [c for c in cards]
        rest.remove(up)
        # Others read the deal as cards face down: its size and the bot's plan, no names.
        return BotChoice.partly_public(
            Deal(tuple(rest) + (up,), up),
            f"offers the {len(cards)} cards worth most to its own collection "
            f"({token_words(value)} together), showing the {up}, the card the buyer wants "
            f"least: it usually keeps its own deal",
            f"offers a deal of {len(cards)} cards, the ones worth most to its own "
            f"collection, as it usually keeps its own deal")

    def _split(self, game, state, seat) -> BotChoice:
        ranked, coll = self._ranked_hand(state, seat)
        cards = ranked[:min(3, len(ranked))]
        if len(cards) == 3:
            mine, theirs = tuple(cards[:2]), (cards[2],)
            up, side = cards[2], "theirs"
        else:
            mine, theirs, up, side = tuple(cards), (), cards[-1], "mine"
        value = sum(worth(c, coll) for c in mine)
        # The face-up card is in the split as others read it; the face-down ones are not.
        if side == "theirs":
            public = (f"splits its cards: its best {len(mine)} face down on its own side, "
                      f"the {up} face up on the other")
        else:
            public = f"splits its cards: all {len(mine)} on its own side, showing the {up}"
        return BotChoice.partly_public(
            Split(mine, theirs, up, side), f"splits its cards, keeping {'+'.join(mine)} on "
            f"its side ({token_words(value)} to it) and showing the {up}, its weakest card",
            public)

    @staticmethod
    def _seen_by_all(game, state, seat, owners) -> bool:
        """Whether every card of these deals that ``seat`` sees is seen by every other seat
        too (face up): then what the deals are worth to it rests on the open table."""
        others = [v for v in range(state.num_players) if v != seat]
        for owner in owners:
            zone = f"deal:{owner}"
            for i, cid in enumerate(state.zones[zone]):
                if seat in state.seen_by.get(cid, ()) and \
                        not all(game.can_see(state, zone, i, v) for v in others):
                    return False
        return True

    def _open_or_partly(self, game, state, seat, owners, move, reason, public_part):
        """The whole reason for everyone when the deals it rests on show only face-up
        cards to the bot; else ``public_part`` and the note that the rest is private."""
        if self._seen_by_all(game, state, seat, owners):
            return BotChoice.public(move, reason)
        return BotChoice.partly_public(move, reason, public_part)

    def _flip(self, game, state, seat) -> BotChoice:
        best = max(game.deal_seats(state),
                   key=lambda s: (len(game.face_down(state, s)), -s))
        position = game.face_down(state, best)[0]
        name = state.players[best]
        return BotChoice.public(Flip(name, position),
                                f"turns a card of {name}'s deal, which has "
                                f"{len(game.face_down(state, best))} face-down cards")

    def _steal(self, game, state, seat) -> BotChoice:
        victim = state.data["steals"][0]
        coll = self.collection(state, seat)
        held = sorted(set(LABEL[c] for c in state.zones[f"coll:{victim}"]))
        best = max(held, key=lambda c: (worth(c, coll), c), default=None)
        if best is None or worth(best, coll) <= 0:
            return BotChoice.public(Steal(None), f"takes nothing: no card of "
                                    f"{state.players[victim]}'s is worth anything to it")
        return BotChoice.public(Steal(best), f"takes the {best}, "
                                f"{token_words(worth(best, coll))} to its collection")

    # -- the Thingamabob window ----------------------------------------------------

    def _window(self, game, state, seat) -> BotChoice:
        data, names = state.data, state.players
        chooser = data["chooser"]
        may_play = not (data["phase"] == "last" and seat == chooser)
        if may_play:
            choice = self._thingamabob(game, state, seat)
            if choice:
                return choice
        if seat != chooser:
            held = plural(len(game.playable(state, seat)), "playable Thingamabob")
            return BotChoice.public(Done(), f"is done: its {held} would not help now")
        if data["phase"] == "window" and game.pending(state):
            waiting = plural(len(game.pending(state)), "player")
            return BotChoice.public(LastChance(), f"calls last chance: {waiting} may still "
                                    f"play")
        if game.two_players(state):
            active = 1 - seat
            own, _ = self.deal_worth(game, state, seat, seat)
            other, _ = self.deal_worth(game, state, seat, active)
            sides = (seat, active)
            if other > own:
                return self._open_or_partly(
                    game, state, seat, sides, Reverse(), f"reverses: the other side is "
                    f"worth more to it ({token_words(other)}) than its own "
                    f"({token_words(own)})",
                    "reverses the split and takes the other side")
            return self._open_or_partly(
                game, state, seat, sides, Accept(), f"accepts: its own side is worth at "
                f"least as much to it ({token_words(own)}) as the other "
                f"({token_words(other)})",
                "accepts the split and keeps its own side")
        scored = [(self.deal_worth(game, state, seat, s)[0], -s, s) for s in data["offered"]]
        value, _, best = max(scored)
        return self._open_or_partly(
            game, state, seat, data["offered"], Choose(names[best]),
            f"chooses {names[best]}'s deal, the best of {len(scored)} deals for its "
            f"collection ({token_words(value)})",
            f"chooses {names[best]}'s deal (of {len(scored)} deals)")

    def _thingamabob(self, game, state, seat):
        data, names = state.data, state.players
        tokens = data["tokens"]
        playable = game.playable(state, seat)
        coll = self.collection(state, seat)
        if PLATONIC in playable:
            richest = max(range(len(names)), key=lambda s: (tokens[s], -s))
            return BotChoice.public(Thingamabob(PLATONIC, player=names[richest]),
                                    f"plays the {PLATONIC} to take a token from "
                                    f"{names[richest]}, who has {tokens[richest]} to its "
                                    f"{tokens[seat]}")
        # The deal it may end up with: its own, or (as chooser) the best one.
        if seat == data["chooser"] and not game.two_players(state):
            mine = max(data["offered"], key=lambda s: self.deal_worth(game, state, seat, s)[0])
        else:
            mine = seat
        for card in (DETRITAL, SUPER_DETRITAL):
            if card in playable and mine in game.deal_seats(state):
                deal = state.zones[f"deal:{mine}"]
                seen = [(worth(LABEL[c], coll), i) for i, c in enumerate(deal, 1)
                        if seat in state.seen_by.get(c, ())]
                if seen and min(seen)[0] < 0:
                    value, position = min(seen)
                    move = Thingamabob(card, spots=((names[mine], position),))
                    reason = (f"plays the {card} to remove the {LABEL[deal[position - 1]]} "
                              f"from {names[mine]}'s deal: that card would be "
                              f"{token_words(value)} to it")
                    others = [v for v in range(len(names)) if v != seat]
                    if all(game.can_see(state, f"deal:{mine}", position - 1, v)
                           for v in others):   # a face-up card
                        return BotChoice.public(move, reason)
                    return BotChoice.partly_public(
                        move, reason, f"plays the {card} to take card {position} out of "
                        f"{names[mine]}'s deal")
        if OPTIMETER in playable and mine in game.deal_seats(state) and \
                game.face_down(state, mine) and seat == data["chooser"]:
            position = game.face_down(state, mine)[0]
            move = Thingamabob(OPTIMETER, spots=((names[mine], position),))
            return BotChoice.public(move, f"plays the {OPTIMETER} to look at card "
                                    f"{position} of {names[mine]}'s deal, the one it is "
                                    f"likeliest to take")
        if EXPANDER in playable:
            hand = [LABEL[c] for c in state.zones[f"hand:{seat}"]]
            nasties = [c for c in hand if KIND_OF[c] == "nasty"]
            others = [s for s in game.deal_seats(state) if s != seat]
            if nasties and others:
                victim = max(others, key=lambda s: (tokens[s], -s))
                tokens_of = f"{names[victim]} has {tokens[victim]} tokens"
                return BotChoice.partly_public(
                    Thingamabob(EXPANDER, player=names[victim], card=nasties[0]),
                    f"plays the {EXPANDER} to slip a {nasties[0]} from its hand into "
                    f"{names[victim]}'s deal ({tokens_of})",
                    f"plays the {EXPANDER} to add a card from its hand "
                    f"face down to {names[victim]}'s deal ({tokens_of})")
        return None
