"""High Card's one quiz question: which card wins the trick so far (the engine's own
comparison, read from what every seat sees)."""

from __future__ import annotations

from tutor.core.questions import make_question


def trick_leader(game, state, seat, rng):
    """Who is winning the trick as it lies now."""
    trick = state.zones["trick"]
    if len(trick) < 2:
        return None
    first = state.data["leader"]
    numbers = [int(game.deck(state.options)[c].label) for c in trick]
    best = numbers.index(max(numbers))
    players = [state.players[(first + i) % state.num_players] for i in range(len(trick))]
    return make_question(game, "trick_leader", seat, "Who is winning the trick so far?",
                         players[best], players, "HC-2.3",
                         f"{players[best]}'s {numbers[best]} is the highest card in it.", rng)


GENERATORS = {"trick_leader": trick_leader}
