/* A player written in C (or Cython, numba, anything that makes a C function): what one seat may see,
 * and the function the engine calls for that seat's action. The engine fills the view, calls the
 * function from its own threads and checks the answer; the function must be thread-safe (pure: no
 * shared state) to keep results reproducible by seed whatever the thread count.
 *
 * Cards are numbered suit * 8 + rank: suits S H D C (0..3), ranks 7 8 9 10 J Q K A (0..7). A set of
 * cards is a 32-bit mask, bit c for card c. Actions: a card 0..31, then the calls below. Seats 0..3
 * play in that order; teams are seat % 2. */
#ifndef BALOOT_PLAYER_H
#define BALOOT_PLAYER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BALOOT_VIEW_VERSION 1

/* Action numbers (baloot._core.actions). */
enum {
  BALOOT_PASS = 32,
  BALOOT_HOKUM = 33,
  BALOOT_HOKUM_SUIT = 34, /* + suit: the Hokum suit named in round 2 */
  BALOOT_SUN = 38,
  BALOOT_ASHKAL = 39,
  BALOOT_DOUBLE = 40,
  BALOOT_THREE = 41,
  BALOOT_FOUR = 42,
  BALOOT_GAHWA = 43,
  BALOOT_DOUBLE_CLOSED = 44, /* house rule closed_double: Double, the hand closed to trump leads */
  BALOOT_FOUR_CLOSED = 45,   /* house rule closed_double: Four, the hand closed to trump leads */
  BALOOT_KAWESH = 46,        /* house rule kawesh: a redeal asked for */
  BALOOT_NUM_ACTIONS = 47
};

/* Phases (baloot._core.phases) and bidding stages (baloot._core.bid_stages). */
enum { BALOOT_BIDDING = 0, BALOOT_DOUBLING = 1, BALOOT_PLAYING = 2 };
enum { BALOOT_TURNS = 0, BALOOT_OVER_HOKUM = 1, BALOOT_PRIORITY = 2, BALOOT_HOKUM_CONFIRM = 3 };

/* What the seat to move can see. Fields that do not apply yet are -1 (seats, suits, cards, and the
 * entries of trick, played_cards and trick_leaders beyond those played). Later
 * versions only add fields in `reserved`: a player compiled against version 1 keeps working. */
typedef struct baloot_view {
  uint32_t version;       /* BALOOT_VIEW_VERSION of the engine that filled the view */
  uint32_t size;          /* sizeof(baloot_view) of that engine */
  uint64_t legal;         /* legal actions: bit a set for each action a allowed now */
  uint32_t hand;          /* this seat's cards */
  uint32_t played;        /* every card played so far in the hand */
  int32_t seat;           /* the seat to move (this player) */
  int32_t dealer;
  int32_t phase;          /* BALOOT_BIDDING, BALOOT_DOUBLING or BALOOT_PLAYING */
  int32_t round;          /* bidding round 1 or 2 */
  int32_t bid_stage;      /* BALOOT_TURNS, ... */
  int32_t up_card;        /* the card turned up for bidding */
  int32_t up_card_holder; /* the seat that took it, once bought */
  int32_t hokum_caller;   /* the seat holding a Hokum call in the bidding, or -1 */
  int32_t pending_caller; /* the seat whose Sun or Ashkal awaits the priority answers, or -1 */
  int32_t has_contract;   /* 1 once the bidding is over */
  int32_t mode;           /* 0 Sun, 1 Hokum (with has_contract) */
  int32_t trump;          /* trump suit in Hokum, else -1 */
  int32_t buyer;
  int32_t multiplier;     /* 1 .. 4 */
  int32_t doubler;        /* the seat that made the last double, or -1 */
  int32_t leader;         /* the seat that led the trick on the table */
  int32_t trick_len;      /* cards on the table, 0 .. 3 */
  int8_t trick[4];        /* those cards, in play order from the leader */
  int32_t trick_best;     /* index in `trick` of the card winning so far */
  int32_t tricks_played;  /* complete tricks, 0 .. 7 */
  int8_t played_cards[32]; /* every card played, in order: trick t is played_cards[4t .. 4t+3] */
  int8_t trick_leaders[8]; /* the seat that led each complete trick */
  int32_t shown_voids;    /* bit 4 * seat + suit: suits a seat has shown it lacks */
  int32_t abnat[2];       /* card points each team has taken so far */
  int32_t scores[2];      /* the match scores before this hand, per team */
  uint32_t reserved[32];  /* zero; room for later versions */
} baloot_view;

/* The player: an action (one bit of view->legal) for the seat to move. `seed` is a fresh 64-bit draw
 * from the hand's own random stream: use it for any randomness, so that results follow the seed. */
typedef int (*baloot_player)(const baloot_view* view, uint64_t seed);

/* Functions a player may call. */

/* The card points (abnat) of `card` in a hand whose trump suit is `trump` (-1 in Sun): ranks 7 8 9 10
 * J Q K A score 0 0 0 10 2 3 4 11, and as trumps 0 0 14 10 20 3 4 11. */
static inline int baloot_card_points(int card, int trump) {
  static const int8_t plain[8] = {0, 0, 0, 10, 2, 3, 4, 11};
  static const int8_t trumps[8] = {0, 0, 14, 10, 20, 3, 4, 11};
  return (card >> 3) == trump ? trumps[card & 7] : plain[card & 7];
}

/* The highest and the lowest number in a non-empty set (bit n for number n): of cards, the card with
 * the highest (lowest) number; of actions, the highest (lowest) action. */
static inline int baloot_highest(uint64_t set) {
#if defined(__GNUC__) || defined(__clang__)
  return 63 - __builtin_clzll(set);
#else
  int n = -1;
  for (; set; set >>= 1) ++n;
  return n;
#endif
}

static inline int baloot_lowest(uint64_t set) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(set);
#else
  int n = 0;
  for (; !(set & 1); set >>= 1) ++n;
  return n;
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* BALOOT_PLAYER_H */
