# A player at C speed: in the bidding it calls Sun when it may, else passes; it never doubles; in the
# play it plays its highest legal card (the card with the highest number, suit * 8 + rank).
from libc.stdint cimport uint32_t, uint64_t

from baloot_player cimport BALOOT_PASS, BALOOT_SUN, baloot_highest, baloot_lowest, baloot_view, player_capsule


cdef int highest_legal_card(const baloot_view* view, uint64_t seed) noexcept nogil:
    cdef uint64_t cards = <uint32_t>view.legal  # actions 0..31 are the cards
    if cards:
        return baloot_highest(cards)
    if view.legal >> BALOOT_SUN & 1:
        return BALOOT_SUN
    if view.legal >> BALOOT_PASS & 1:
        return BALOOT_PASS
    return baloot_lowest(view.legal)  # a call house rules add, where passing is not offered


def player():
    """The player as a PyCapsule, for baloot.NativePlayer."""
    return player_capsule(highest_legal_card)
