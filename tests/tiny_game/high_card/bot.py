"""High Card's heuristic bot: win the trick as cheaply as it can, else throw its lowest."""

from __future__ import annotations

from tutor.core.bots import Bot, BotChoice


class HighCardBot(Bot):
    name = "heuristic"

    def choose(self, game, state, seat) -> BotChoice:
        moves = sorted(game.legal_moves(state, seat), key=lambda move: move.number)
        if not moves:
            raise ValueError(f"{state.players[seat]} has no move to make now")
        top = max((int(game.deck(state.options)[c].label) for c in state.zones["trick"]),
                  default=0)
        move = moves[0]
        # The card is face up once played; what else the hand holds is the bot's secret.
        if move.number > top:
            return BotChoice.partly_public(move, f"plays {move.number}, its lowest card "
                                           f"that wins the trick so far",
                                           f"plays {move.number}")
        return BotChoice.partly_public(move, f"cannot beat {top}, so throws its lowest "
                                       f"card, {move.number}", f"plays {move.number}")
