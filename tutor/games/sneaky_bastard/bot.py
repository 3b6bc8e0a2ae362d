"""A Sneaky Bastard bot that plays sensibly and says why, with the numbers.

How it thinks (all amounts in thousands):

* **What money is worth.** Money counts for nothing at the end, so 1K of money is only
  worth the houses it can still buy: the prices of the houses after this one divided by
  all the money in play (public: every card changes hands face up). Early in a
  four-player game that is about 1.3K of house per 1K; on the last house it is nothing.
  A house is *worth* its price divided by that, in money (with up to 5% seeded variety).
* **A reserve.** It never lays out more money on one house than its money minus a
  reserve for the houses still in the pile: half of its money times the pile's share of
  the house value left. The reserve shrinks to nothing on the last house.
* **Bidding.** It bids the cheapest combination of its cards that beats the highest bid
  (money, and owned houses only when paying with cheaper houses gains score), as long as
  the whole bid (money at its worth plus houses at their price) stays below the price of
  the house and the money within the reserve.
* **Stealing.** When the price climbs past what the house is worth to it, it plays a
  Sneaky Bastard card if taking the buyer's payment would gain at least what a Sneaky
  Bastard card is worth to it (40% of the average payment still to come, less when it
  has cards to spare); it also steals instead of buying when stealing gains more. In the
  sneaky auction it raises only while the payment minus its sneaky bid stays clearly
  positive (at least 35% of the payment), and it waits when it must (SB-4.5).
* **Only legal moves.** Every move it builds is checked with ``game.check``; if the check
  refused one, it would fall back to a legal move (waiting or passing).

It reads only what its seat may know: its own hand, the cards on the table, the money
totals of the others (public knowledge here, see ``SneakyBastard.scoreboard``) and the
houses left in the pile (the overview cards list all seventeen).

What the other seats read (``public_reason``): bids, sneaky bids, owned houses and every
money total are open, and so are the houses left in the pile (the seventeen less those
seen), so the reserve, the money left in hand and the gain of a steal are said to
everyone. What a house is worth to the bot is not: its variety is drawn
from the bot's own view, hand included, and which cards make its cheapest bid is a fact of
its hand; reasons that rest on those say so and leave them out.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

from tutor.core.bots import Bot, BotChoice
from tutor.core.wording import plural
from tutor.games.sneaky_bastard.deck import (DECK, KIND, LABEL, VALUE, VALUE_OF_LABEL,
                                             amount)
from tutor.games.sneaky_bastard.moves import Bid, Pass, PlaySneaky, Wait

IN, SNEAKY = "in", "sneaky"
MONEY_LABELS = ("500K", "250K", "100K", "25K", "10K")


@lru_cache(maxsize=4096)
def _money_sums(counts: tuple[int, ...]):
    """Every total the money cards (counts of 500K, 250K, 100K, 25K, 10K) can make, sorted,
    each with the fewest cards that make it."""
    best: dict[int, tuple[str, ...]] = {0: ()}
    for label, count in zip(MONEY_LABELS, counts):
        value, grown = VALUE_OF_LABEL[label], {}
        for start, cards in best.items():
            for k in range(count + 1):
                total, labels = start + k * value, cards + (label,) * k
                if total not in grown or len(labels) < len(grown[total]):
                    grown[total] = labels
        best = grown
    sums = tuple(sorted(best))
    return sums, tuple(best[s] for s in sums)


def _cheapest_money(counts: tuple[int, ...], at_least: int, nonempty: bool = False):
    """(total, labels) of the smallest money combination adding up to at least
    ``at_least`` (with at least one card if ``nonempty``), or None."""
    sums, combos = _money_sums(counts)
    i = bisect_left(sums, max(at_least, 1 if nonempty else 0))
    return (sums[i], combos[i]) if i < len(sums) else None


def _plus(labels) -> str:
    return "+".join(labels)


class SneakyBastardBot(Bot):
    name = "heuristic"

    # Tuning knobs, set by measuring one changed bot against three default ones.
    VARIETY = 0.05          # worth varies by up to +-5% between positions
    RESERVE_SHARE = 0.5     # share of the proportional money kept for the pile
    CARD_WORTH = 0.4        # a Sneaky Bastard card: this share of the average payment
    MIN_STEAL = 30          # ... and never less than this gain
    SNEAKY_MARGIN = 0.35    # raise a sneaky bid only while gain >= this share of payment
    MIN_SNEAKY_GAIN = 25    # ... and at least this much

    def choose(self, game, state, seat) -> BotChoice:
        choice = self._decide(game, state, seat)
        if game.check(state, seat, choice.move) is None:
            return choice
        legal = game.legal_moves(state, seat)  # not expected: a safety net
        fallback = next((m for m in legal if isinstance(m, (Wait, Pass))), legal[0])
        text = game.format_move(state, seat, fallback)
        return BotChoice.fallback(fallback, text, choice)

    # -- what the bot knows ---------------------------------------------------------

    def _situation(self, state, seat) -> dict:
        zones, data, n = state.zones, state.data, state.num_players
        status = data["status"]

        def value(zone, kind=None):
            return sum(VALUE[c] for c in zones[zone] if kind is None or KIND[c] == kind)

        def highest(of_status, zone):
            best, who = -1, None
            for other, st in enumerate(status):
                if other != seat and st == of_status and value(f"{zone}:{other}") > best:
                    best, who = value(f"{zone}:{other}"), other
            return best, who

        offer = zones["offer"][0] if zones["offer"] else None
        price = VALUE[offer] if offer else 0
        future = sum(VALUE[c] for c in zones["pile"])   # the houses after this one
        houses_after = len(zones["pile"])
        money_all = sum(value(f"{z}:{s}", "money") for s in range(n)
                        for z in ("hand", "bid", "sneaky"))
        mine = sum(value(f"{z}:{seat}", "money") for z in ("hand", "bid", "sneaky"))
        # Score (house value) that 1K of money can still buy: nothing on the last house.
        money_value = future / money_all if money_all else 0.0
        jitter = 1 + self.VARIETY * (2 * self.rng(state, seat).random() - 1)
        gain = price * jitter   # the score the house brings, with a little variety
        worth = round(gain / money_value) if money_value else None  # in money
        reserve = round(mine * self.RESERVE_SHARE * future / max(price + future, 1))
        sneaky_cards = sum(KIND[c] == "sneaky" for c in zones[f"hand:{seat}"])
        scarcity = min(1.0, (houses_after + 1) / (4 * max(sneaky_cards, 1)))
        average_payment = money_all / max(houses_after, 1)
        card_worth = max(self.MIN_STEAL,
                         round(self.CARD_WORTH * average_payment * scarcity))
        in_hand = value(f"hand:{seat}", "money")
        return {"n": n, "status": status[seat], "house": DECK[offer].name if offer else "",
                "price": price, "gain": gain, "money_value": money_value, "worth": worth,
                "money": mine, "in_hand": in_hand, "reserve": reserve,
                "houses_after": houses_after, "card_worth": card_worth,
                "sneaky_cards": sneaky_cards, "top": highest(IN, "bid"),
                "top_sneaky": highest(SNEAKY, "sneaky"), "sold": data["sold"],
                "last_price": data["last_price"], "last": houses_after == 0}

    @staticmethod
    def _hand_counts(state, seat) -> tuple[int, ...]:
        labels = [LABEL[c] for c in state.zones[f"hand:{seat}"] if KIND[c] == "money"]
        return tuple(labels.count(label) for label in MONEY_LABELS)

    # -- deciding ---------------------------------------------------------------------

    def _decide(self, game, state, seat) -> BotChoice:
        s = self._situation(state, seat)
        if game.check(state, seat, Wait()) is None:
            if s["top_sneaky"][1] is None:
                return BotChoice.public(Wait(), "waits: its sneaky bid is the only one and "
                                        "the house is not sold yet, so it may not raise "
                                        "or pass (SB-4.5)")
            return BotChoice.public(Wait(), "waits: it leads the sneaky auction")
        if s["status"] == SNEAKY:
            return self._sneaky_auction(state, seat, s)
        buy = self._best_bid(state, seat, s)
        steal = self._steal(game, state, seat, s)
        if steal and (buy is None or steal[0] > buy[0]):
            return steal[1]
        if buy:
            return buy[1]
        return self._pass_reason(state, seat, s)

    def _best_bid(self, state, seat, s):
        """(surplus, choice) of the cheapest acceptable bid on the house, or None.

        A bid costs its money times what money can still buy, plus the houses in it; it
        is acceptable while that stays within the house's price and the money within the
        reserve. The surplus is the score it gains."""
        zones, money_value = state.zones, s["money_value"]
        top = max(s["top"][0], 0)
        laid = zones[f"bid:{seat}"]
        laid_money = sum(VALUE[c] for c in laid if KIND[c] == "money")
        laid_houses = sum(VALUE[c] for c in laid if KIND[c] == "house")
        cap = s["money"] - s["reserve"]
        counts = self._hand_counts(state, seat)
        owned = sorted(zones[f"houses:{seat}"], key=VALUE.get)[:6]
        options = [()] + [(h,) for h in owned] + [(a, b) for i, a in enumerate(owned)
                                                   for b in owned[i + 1:]]
        best = None
        for houses in options:
            house_value = laid_houses + sum(VALUE[h] for h in houses)
            if house_value and house_value >= s["price"]:
                continue  # paying with houses must gain score
            money = _cheapest_money(counts, top + 1 - laid_money - house_value,
                                    nonempty=not houses)
            if money is None:
                continue
            spend = laid_money + money[0]
            cost = spend * money_value + house_value
            if spend > cap or cost > s["gain"]:
                continue
            labels = [LABEL[h] for h in houses] + list(money[1])
            if best is None or (cost, len(labels)) < best[0]:
                best = ((cost, len(labels)), labels, spend + house_value, spend,
                        house_value)
        if best is None:
            return None
        (cost, _), labels, bid_total, spend, house_value = best
        if laid:
            verb = f"raises to {amount(bid_total)} (adds {_plus(labels)})"
        elif labels == [amount(bid_total)]:
            verb = f"bids {amount(bid_total)}"
        else:
            verb = f"bids {amount(bid_total)} ({_plus(labels)})"
        if s["last"]:
            why = f"{s['house']} is the last house, and money counts for nothing at the end"
        else:
            why = (f"{s['house']} is worth about {amount(s['worth'])} to it at the table's "
                   f"going rate")
        if house_value:
            why += (f"; paying with houses worth {amount(house_value)} still gains score, as "
                    f"{s['house']} is worth more")
        move = Bid(tuple(labels))
        if s["last"]:   # the last house: nothing in the reason is hidden, no money kept
            return s["gain"] - cost, BotChoice.public(move, f"{verb}: {why}")
        # Whole sentences, not figures side by side ("2655K stays in hand, keeping 1245K
        # back" read as number soup: issue 33, B20).
        kept = amount(s["money"] - spend)
        left = (f"it keeps {kept}, more than the {amount(s['reserve'])} it saves for the "
                f"houses still to come" if s["reserve"] else f"it keeps {kept} for later")
        reason = f"{verb}: {why}, and {left}"
        gives = f", paying with houses worth {amount(house_value)}" if house_value else ""
        public = f"{verb} for {s['house']}{gives}: {left}"
        return s["gain"] - cost, BotChoice.partly_public(move, reason, public)

    def _steal(self, game, state, seat, s):
        """(surplus, choice) for playing a Sneaky Bastard card now, or None."""
        if not s["sneaky_cards"]:
            return None
        payment, buyer = s["top"]
        if buyer is None or payment <= 0:
            return None  # nobody is bidding on the house: nothing to steal
        laid = state.zones[f"bid:{seat}"]
        laid_total = sum(VALUE[c] for c in laid)
        laid_houses = sum(VALUE[c] for c in laid if KIND[c] == "house")
        rival, rival_seat = s["top_sneaky"]
        add = ()
        if rival_seat is not None and laid_total <= rival:
            money = _cheapest_money(self._hand_counts(state, seat), rival + 1 - laid_total)
            if money is None:
                return None
            add = money[1]
        bid = laid_total + sum(VALUE_OF_LABEL[label] for label in add)
        if s["n"] == 2:
            gain, lost_houses = payment, 0  # the sneaky bid comes back (SB-8.4)
        else:
            gain, lost_houses = payment - bid, laid_houses
        if gain < s["card_worth"]:
            return None
        move = PlaySneaky(tuple(add))
        if game.check(state, seat, move) is not None:
            return None
        if s["worth"] is not None and payment > s["worth"]:
            head = (f"the price, {amount(payment)}, is more than the {amount(s['worth'])} "
                    f"{s['house']} is worth to it")
        elif s["worth"] is None:
            head = f"{s['house']} is the last house"
        else:
            head = f"stealing beats buying {s['house']} at {amount(payment)} or more"
        added = f", adding {_plus(add)}" if add else ""
        takes = (f"taking {state.players[buyer]}'s payment would gain at least "
                 f"{amount(gain)}")
        reason = (f"plays a Sneaky Bastard card (sneaky bid {amount(bid)}{added}): {head}, "
                  f"and {takes} (a card is worth {amount(s['card_worth'])} to it)")
        # The sneaky bid lies face up and the payment is the top bid: both public. What
        # the house and a card are worth to the bot rests on its hand.
        last = f"{s['house']} is the last house, and " if s["worth"] is None else ""
        public = (f"plays a Sneaky Bastard card (sneaky bid {amount(bid)}{added}): "
                  f"{last}{takes}")
        surplus = (gain + lost_houses - s["card_worth"]) * s["money_value"] - lost_houses
        return surplus, BotChoice.partly_public(move, reason, public)

    def _pass_reason(self, state, seat, s) -> BotChoice:
        top, leader = s["top"]
        if leader is None and top < 0:
            return BotChoice.partly_public(
                Pass(), f"passes: {s['house']} is not worth a bid to it now",
                f"passes: nobody else is bidding for {s['house']}, and it does not bid "
                f"either")
        laid = sum(VALUE[c] for c in state.zones[f"bid:{seat}"])
        what = f"beating {amount(top)}" if top > 0 else "opening the bidding"
        cheapest = _cheapest_money(self._hand_counts(state, seat), top + 1 - laid,
                                   nonempty=True)
        if cheapest is None:
            # Its money in hand is public (every payment is face up), so this is too.
            short = f"passes: its money is not enough for {what}"
            if not state.zones[f"houses:{seat}"]:
                return BotChoice.public(Pass(), short)
            return BotChoice.partly_public(
                Pass(), f"{short}, and paying with its houses would cost more than "
                f"{s['house']} gains", f"{short}, and it does not pay with its houses")
        # Whether the price passed the house's worth or its reserve rests on its hand:
        # both read the same to the others.
        instead = f"bid past {amount(top)}" if top > 0 else "open the bidding"
        to_come = (f"{plural(s['houses_after'], 'house')} still to come"
                   if s["houses_after"] else "no house after this one")
        public = (f"passes rather than {instead} for {s['house']}, with "
                  f"{amount(s['in_hand'])} in hand and {to_come}")
        total = laid + cheapest[0]
        if s["worth"] is not None and total > s["worth"]:
            return BotChoice.partly_public(
                Pass(), f"passes: {what} would take {amount(total)} (its cheapest cards), "
                f"more than the {amount(s['worth'])} {s['house']} is worth to it", public)
        return BotChoice.partly_public(
            Pass(), f"passes: {what} would take {amount(total)} of its "
            f"{amount(s['money'])} and leave less than its reserve of "
            f"{amount(s['reserve'])} for the houses to come", public)

    def _sneaky_auction(self, state, seat, s) -> BotChoice:
        """A sneaky bidder whose rival leads (SB-4.6): raise while it pays, else pass.
        (The engine never asks a leading sneaky bidder to move; if it did without
        letting it wait, the smallest card would keep the lead.)"""
        rival, _ = s["top_sneaky"]
        payment = s["last_price"] if s["sold"] else max(s["top"][0], 0)
        what = "the payment is" if s["sold"] else "the payment will be at least"
        mine_cards = state.zones[f"sneaky:{seat}"]
        mine = sum(VALUE[c] for c in mine_cards)
        money = _cheapest_money(self._hand_counts(state, seat), rival + 1 - mine,
                                nonempty=True)
        if money is None:   # its money in hand is public, so this is too
            return BotChoice.public(Pass(), f"passes and takes its Sneaky Bastard card back: "
                                    f"it has no money to beat the sneaky bid of "
                                    f"{amount(rival)}")
        new = mine + money[0]
        gain = payment - new  # houses in a sneaky bid count at their price
        margin = max(self.MIN_SNEAKY_GAIN, round(self.SNEAKY_MARGIN * payment))
        if gain >= margin:   # the raise is laid face up: every number here is public
            return BotChoice.public(Bid(money[1]), f"raises its sneaky bid to {amount(new)} "
                                    f"(adds {_plus(money[1])}): {what} {amount(payment)}, "
                                    f"so it would still gain {amount(gain)}")
        result = f"a gain of only {amount(gain)}" if gain > 0 else \
            f"a loss of {amount(-gain)}" if gain < 0 else "no gain at all"
        return BotChoice.partly_public(
            Pass(), f"passes and takes its Sneaky Bastard card back: beating "
            f"{amount(rival)} would take {amount(new)} of the {amount(payment)} payment, "
            f"{result}", f"passes and takes its Sneaky Bastard card back: beating the "
            f"sneaky bid of {amount(rival)} would leave it too little of the "
            f"{amount(payment)} payment")


