"""Sell Me a Sasquatch: offer deals to the buyer, collect creature sets, dodge Nasties."""

from tutor.games.sell_me_a_sasquatch.engine import SellMeASasquatch
from tutor.games.sell_me_a_sasquatch.moves import (Accept, Choose, Deal, Done, Flip,
                                                   LastChance, Reverse, Split, Steal,
                                                   Thingamabob)

__all__ = ["Accept", "Choose", "Deal", "Done", "Flip", "LastChance", "Reverse",
           "SellMeASasquatch", "Split", "Steal", "Thingamabob"]
