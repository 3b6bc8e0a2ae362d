"""The hunt: the round's tricks (how many, BH-2.3; BH-3.1 to BH-3.10, BH-4.1 to BH-4.3;
rulings BH-R1, BH-R2, BH-R7, BH-R12). A trick is led, followed or trumped, a twin is
declared higher or lower, and the winner takes the cards of their item as bargains and
the rest as junk."""

from __future__ import annotations

from tutor.core.game import Event, Rejection
from tutor.core.phases import Phase, Step
from tutor.core.state import State
from tutor.core.wording import joined, plural
from tutor.games.bargain_hunter import dealing
from tutor.games.bargain_hunter.deck import (CARD_HELP, COLOUR, COLOUR_OF_LABEL,
                                             IDS_OF_LABEL, KIND, LABEL, NUMBER, OFFER,
                                             OFFER_LABEL)
from tutor.games.bargain_hunter.moves import HIGHER, LOWER, ChooseBargain, Clean, Play, Skip
from tutor.games.bargain_hunter.table import (HUNT, bargain_item, hand_labels, not_a_move,
                                              sorted_labels, take_from_hand, to_act, twin_at,
                                              winning_card, winning_index)

TRUMP, NOT_TRUMP = "trump", "not trump"
# Every Play value there can be, made once: legal_moves hands these out instead of
# building thousands of equal dataclasses per game.
PLAYS = {(label, trump, order): Play(label, trump, order)
         for label in IDS_OF_LABEL for trump in (None, True, False)
         for order in (None, HIGHER, LOWER)}


def check_play(state: State, seat: int, move: Play) -> Rejection | None:
    """A card from the hand that follows the lead if it can, with the declarations
    it needs and no other (BH-3.2 to BH-3.8)."""
    data, name, label = state.data, state.players[seat], move.card
    if label not in IDS_OF_LABEL:
        return Rejection("BH-1.1", f"there is no card called {label!r} ({CARD_HELP})")
    hand = state.zones[f"hand:{seat}"]
    if not any(LABEL[c] == label for c in hand):
        return Rejection("BH-3.2", f"{name} holds no {label} (hand: "
                         f"{', '.join(hand_labels(state, seat))})")
    colour, lead, trump = COLOUR_OF_LABEL[label], data["lead"], data["trump"]
    if colour is None:   # an Irresistible Offer (BH-3.3, BH-R7)
        if move.trump is not None:
            return Rejection("BH-R7", f"an {OFFER_LABEL} has no colour, so {name} "
                             "declares neither trump nor not trump: write 'play offer'")
        if move.order is not None:
            return Rejection("BH-3.8", f"{OFFER_LABEL}s are never declared higher or "
                             "lower: the one played second always beats the first")
        return None
    if lead is None:     # this card leads, or follows only Offers (BH-3.1, BH-R1)
        if move.trump is not None:
            return Rejection("BH-3.4", f"{label} sets the lead colour, and the lead "
                             f"colour is never trump: play it without declaring trump "
                             "or not trump")
        return check_order(state, move)
    if colour != lead:
        following = [c for c in hand if COLOUR[c] == lead]
        if following:
            return Rejection("BH-3.2", f"{name} must follow {lead}: {name} holds "
                             f"{joined(sorted_labels(following))} (only an "
                             f"{OFFER_LABEL} may be played instead)")
    if colour == lead:
        if move.trump:
            return Rejection("BH-3.4", f"{lead} is the lead colour and can never be "
                             f"trump: play {label} without a declaration")
        if move.trump is False:
            return Rejection("BH-R12", f"{name} follows {lead}, so there is nothing to "
                             "declare: only a player who cannot follow declares trump "
                             "or not trump")
    elif trump is None:
        if move.trump is None:
            return Rejection("BH-3.4", f"{name} cannot follow {lead} and must declare "
                             f"whether {colour} is trump: write 'play {label} trump' or "
                             f"'play {label} not trump'")
    elif colour == trump:
        # Saying "trump" again is only superfluous (BH-R12); "not trump" contradicts
        # the trick's one trump colour (BH-3.5).
        if move.trump is not None:
            said = "trump" if move.trump else "not trump"
            return Rejection("BH-R12" if move.trump else "BH-3.5",
                             f"{trump} is already the trump colour of this "
                             f"trick, so {label} is a trump without a declaration "
                             f"(leave out '{said}')")
    elif move.trump:
        return Rejection("BH-3.5", f"a trick has only one trump colour, and it is "
                         f"already {trump}: {colour} cannot be declared trump")
    elif move.trump is False:
        return Rejection("BH-R12", f"{trump} is already trump, so {label} is not trump "
                         f"anyway: play it without a declaration")
    return check_order(state, move)


def check_order(state: State, move: Play) -> Rejection | None:
    """A twin already in the trick needs higher or lower, any other card neither."""
    twin = twin_at(state, move.card)
    if twin is None:
        if move.order is not None:
            return Rejection("BH-3.7", f"there is no other {move.card} in the trick, so "
                             f"{move.card} is neither higher nor lower: leave out "
                             f"'{move.order}'")
        return None
    if move.order is None:
        owner = state.players[state.data["trick_seats"][twin]]
        return Rejection("BH-3.7", f"{owner}'s {move.card} is already in the trick: "
                         f"declare whether this one is higher or lower, as in 'play "
                         f"{move.card}{' trump' if move.trump else ''}"
                         f"{' not trump' if move.trump is False else ''} higher'")
    return None


def legal_moves(state: State, seat: int) -> list:
    """Every card of the hand with each declaration it may carry (twins once, BH-R10)."""
    hand = state.zones[f"hand:{seat}"]
    data = state.data
    lead, trump = data["lead"], data["trump"]
    in_trick = {LABEL[c] for c in state.zones["trick"]}
    can_follow = lead is not None and any(COLOUR[c] == lead for c in hand)
    moves = []
    for label in dict.fromkeys(LABEL[c] for c in hand):
        colour = COLOUR_OF_LABEL[label]
        if colour is None:
            moves.append(PLAYS[(label, None, None)])
            continue
        if lead is None or colour == lead:
            declarations = (None,)
        elif can_follow:
            continue
        elif trump is None:
            declarations = (True, False)
        else:
            declarations = (None,)
        orders = (HIGHER, LOWER) if label in in_trick else (None,)
        for declared in declarations:
            for order in orders:
                moves.append(PLAYS[(label, declared, order)])
    return moves


def play(state: State, seat: int, move: Play) -> list[Event]:
    """Add the card to the trick; the last card of a trick finishes it."""
    data, zones, name, label = state.data, state.zones, state.players[seat], move.card
    colour, lead = COLOUR_OF_LABEL[label], data["lead"]
    twin = twin_at(state, label)
    cid = take_from_hand(state, seat, label)
    zones["trick"].append(cid)
    data["trick_seats"].append(seat)
    data["trick_declared"].append("" if move.trump is None else
                                  TRUMP if move.trump else NOT_TRUMP)
    data["trick_order"].append(move.order or "")
    first = len(zones["trick"]) == 1
    events = []
    if colour is None:
        offers = sum(KIND[c] == OFFER for c in zones["trick"])
        if first:
            events.append(Event("BH-R1", f"Trick {data['trick_no']} of {data['tricks']}: "
                                f"{name} leads an {OFFER_LABEL}; the first coloured card "
                                "will set the lead colour"))
        elif offers == 2:
            events.append(Event("BH-3.8", f"{name} plays the second {OFFER_LABEL}, "
                                "which beats the first"))
        else:
            events.append(Event("BH-3.3", f"{name} plays an {OFFER_LABEL}, the highest "
                                "trump"))
    elif first:
        data["lead"] = colour
        events.append(Event("BH-3.1", f"Trick {data['trick_no']} of {data['tricks']}: "
                            f"{name} leads {label}; {colour} is the lead colour"))
    elif lead is None:
        data["lead"] = colour
        events.append(Event("BH-R1", f"{name} plays {label}, the first coloured card: "
                            f"{colour} is the lead colour"))
    elif colour == lead:
        events.append(Event("BH-3.2", f"{name} follows with {label}"))
    elif move.trump:
        data["trump"] = colour
        events.append(Event("BH-3.4", f"{name} cannot follow {lead}: plays {label} and "
                            f"declares {colour} trump"))
        earlier = [LABEL[c] for c in zones["trick"][:-1] if COLOUR[c] == colour]
        if earlier:
            events.append(Event("BH-R2", f"{joined(earlier)}, played before, "
                                f"{'counts' if len(earlier) == 1 else 'count'} as "
                                "trump too"))
    elif move.trump is False:
        events.append(Event("BH-3.4", f"{name} cannot follow {lead}: plays {label} and "
                            f"declares {colour} not trump"))
    elif colour == data["trump"]:
        events.append(Event("BH-3.5", f"{name} cannot follow {lead}: plays {label}, a "
                            f"trump ({colour} is trump in this trick)"))
    else:
        events.append(Event("BH-3.5", f"{name} cannot follow {lead}: plays {label}, "
                            f"which is not trump ({data['trump']} is trump in this "
                            "trick)"))
    if twin is not None:
        owner = state.players[data["trick_seats"][twin]]
        events.append(Event("BH-3.7", f"{name} declares this {label} {move.order} than "
                            f"{owner}'s"))
    if len(zones["trick"]) == state.num_players:
        events += finish_trick(state)
    else:
        data["turn"] = (seat + 1) % state.num_players
    return events


def finish_trick(state: State) -> list[Event]:
    """The winner takes the trick (BH-3.9, BH-4.1) and leads the next, or spring
    cleaning begins after the last (BH-4.3)."""
    data, zones = state.data, state.zones
    cards = zones["trick"]
    win = winning_index(state)
    winner = data["trick_seats"][win]
    name = state.players[winner]
    offers_before = sum(KIND[c] == OFFER for c in cards[:win])
    how = winning_card(LABEL[cards[win]], data["trick_order"][win], offers_before)
    trump_note = f"; {data['trump']} was trump" if data["trump"] else ""
    events = [Event("BH-3.9", f"{name} wins the trick with {how}{trump_note}")]
    item = bargain_item(state, winner)
    kept = [c for c in cards if NUMBER[c] == item]
    junk = [c for c in cards if NUMBER[c] != item]
    zones[f"bargain:{winner}"] += kept
    zones[f"junk:{winner}"] += junk
    parts = []
    if kept:
        parts.append(f"{joined(LABEL[c] for c in kept)} onto the bargain pile")
    if junk:
        named = (f"an {OFFER_LABEL}" if KIND[c] == OFFER else LABEL[c] for c in junk)
        parts.append(f"{joined(named)} face down onto the junk pile")
    events.append(Event("BH-4.1", f"{name} hunts {item}s: {'; '.join(parts)}"))
    data.update(last_cards=[LABEL[c] for c in cards], last_seats=data["trick_seats"],
                last_declared=data["trick_declared"], last_order=data["trick_order"],
                last_lead=data["lead"], last_trump=data["trump"], last_winner=winner,
                trick_seats=[], trick_declared=[], trick_order=[], lead=None,
                trump=None)
    zones["trick"] = []
    if zones[f"hand:{winner}"]:
        data.update(trick_no=data["trick_no"] + 1, leader=winner, turn=winner)
        events.append(Event("BH-3.10", f"{name} leads trick {data['trick_no']} of "
                            f"{data['tricks']}"))
        return events
    events.append(Event("BH-4.3", f"That was the last trick of round {data['round']}"))
    return events + dealing.start_cleaning(state, winner)


def refuse(state: State, seat: int, move) -> Rejection:
    """Any other move waits: now cards are played to the tricks."""
    if not isinstance(move, (ChooseBargain, Clean, Skip)):
        return not_a_move(state, seat, move)
    data, name = state.data, state.players[seat]
    if isinstance(move, ChooseBargain):
        return Rejection("BH-2.1", "bargains are only chosen before the first trick "
                         f"of the game; now {name} plays a card to the trick")
    left = data["tricks"] - data["trick_no"] + 1
    return Rejection("BH-5.1", f"spring cleaning comes after the last trick, and "
                     f"{plural(left, 'trick')} of round {data['round']} "
                     f"{'is' if left == 1 else 'are'} still to play: {name} plays a card")


def waiting(state: State, seat: int, move) -> Rejection | None:
    """A seat that played to this trick already is told so (BH-3.2)."""
    data = state.data
    if not isinstance(move, Play) or seat not in data["trick_seats"]:
        return None
    card = state.zones["trick"][data["trick_seats"].index(seat)]
    played = f"an {OFFER_LABEL}" if KIND[card] == OFFER else LABEL[card]
    return Rejection("BH-3.2", f"{state.players[seat]} already played {played} to this "
                     f"trick: each player adds one card to a trick, and now "
                     f"{state.players[data['turn']]} plays")


PHASE = Phase(HUNT, rules=("BH-3.1", "BH-3.2"), to_act=to_act, legal=legal_moves,
              refuse=refuse, waiting=waiting, moves={Play: Step(check_play, play)})
