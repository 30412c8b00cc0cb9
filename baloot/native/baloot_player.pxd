# Cython declarations of baloot_player.h: cimport this (include_path=[baloot.get_include()]) to write a
# player as a `cdef int f(const baloot_view* view, uint64_t seed) noexcept nogil` function.
from libc.stdint cimport int8_t, int32_t, uint32_t, uint64_t
from cpython.pycapsule cimport PyCapsule_New

cdef extern from "baloot_player.h":
    enum:
        BALOOT_VIEW_VERSION
        BALOOT_PASS
        BALOOT_HOKUM
        BALOOT_HOKUM_SUIT
        BALOOT_SUN
        BALOOT_ASHKAL
        BALOOT_DOUBLE
        BALOOT_THREE
        BALOOT_FOUR
        BALOOT_GAHWA
        BALOOT_DOUBLE_CLOSED
        BALOOT_FOUR_CLOSED
        BALOOT_KAWESH
        BALOOT_NUM_ACTIONS
        BALOOT_BIDDING
        BALOOT_DOUBLING
        BALOOT_PLAYING
        BALOOT_TURNS
        BALOOT_OVER_HOKUM
        BALOOT_PRIORITY
        BALOOT_HOKUM_CONFIRM

    ctypedef struct baloot_view:
        uint32_t version
        uint32_t size
        uint64_t legal
        uint32_t hand
        uint32_t played
        int32_t seat
        int32_t dealer
        int32_t phase
        int32_t round
        int32_t bid_stage
        int32_t up_card
        int32_t up_card_holder
        int32_t hokum_caller
        int32_t pending_caller
        int32_t has_contract
        int32_t mode
        int32_t trump
        int32_t buyer
        int32_t multiplier
        int32_t doubler
        int32_t leader
        int32_t trick_len
        int8_t trick[4]
        int32_t trick_best
        int32_t tricks_played
        int8_t played_cards[32]
        int8_t trick_leaders[8]
        int32_t shown_voids
        int32_t abnat[2]
        int32_t scores[2]

    ctypedef int (*baloot_player)(const baloot_view* view, uint64_t seed) noexcept nogil

    int baloot_card_points(int card, int trump) noexcept nogil  # abnat of a card; trump -1 in Sun
    int baloot_highest(uint64_t set) noexcept nogil  # the highest number in a non-empty set of cards or actions
    int baloot_lowest(uint64_t set) noexcept nogil   # the lowest


cdef inline object player_capsule(baloot_player function):
    """The capsule that baloot.NativePlayer takes."""
    return PyCapsule_New(<void*>function, b"baloot_player", NULL)
