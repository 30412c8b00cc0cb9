/* The C API of the Baloot engine: the same core as the Python package, behind plain C types.
 *
 * Every function returns a baloot_status; on anything but BALOOT_OK, baloot_last_error() gives a message
 * naming the bad value (per thread, valid until the thread's next call). No call ever aborts on bad
 * input, and a failed call changes nothing. Objects are opaque handles made by *_new and released by
 * *_free (free(NULL) does nothing).
 *
 * Cards are numbers 0..31: suit * 8 + rank, suits S H D C = 0..3, ranks 7 8 9 10 J Q K A = 0..7; a set
 * of cards is a uint32_t with bit c for card c. Actions are numbers 0..46: the cards, then the calls
 * (BALOOT_PASS ...); a set of actions is a uint64_t. Seats are 0..3, team = seat % 2. A contract is a
 * mode (0 Sun, 1 Hokum) and a trump suit (-1 in Sun). baloot_card_name / baloot_action_name spell them
 * as the Python package does ("10H", "hokum:S").
 */
#ifndef BALOOT_H
#define BALOOT_H

#include <stddef.h>
#include <stdint.h>

#include "baloot_player.h"

#define BALOOT_API_VERSION 1

#if defined(_WIN32)
#define BALOOT_EXPORT __declspec(dllexport)
#else
#define BALOOT_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum baloot_status {
  BALOOT_OK = 0,
  BALOOT_BAD_ARGUMENT = 1,   /* a value the function does not take; the message names it */
  BALOOT_ILLEGAL_ACTION = 2, /* an action the hand does not allow now */
  BALOOT_NO_MEMORY = 3,
  BALOOT_INTERNAL = 4
} baloot_status;

/* The action numbers (BALOOT_PASS ... BALOOT_KAWESH, BALOOT_NUM_ACTIONS) and the phases BALOOT_BIDDING,
 * BALOOT_DOUBLING, BALOOT_PLAYING are baloot_player.h's, beside this header. */
enum {
  BALOOT_NUM_CARDS = 32,
  BALOOT_NUM_CONTRACTS = 5, /* Sun, then Hokum in S H D C: the columns of baloot_dd_tables */
  BALOOT_NAME_SIZE = 16,    /* room for any card or action name and its terminating zero */
  BALOOT_OVER = 3           /* the phase of a finished hand */
};

/* The BALOOT_API_VERSION the library was built with: compare it with the header's. */
BALOOT_EXPORT int baloot_api_version(void);
/* The message of this thread's last failed call ("" when none failed). */
BALOOT_EXPORT const char* baloot_last_error(void);

/* ---- Names ---------------------------------------------------------------------------------------- */
/* "10H", "t♥", " as " ... -> its number; the spellings the Python package takes. */
BALOOT_EXPORT baloot_status baloot_card_parse(const char* text, int* card);
BALOOT_EXPORT baloot_status baloot_card_name(int card, char* out, size_t size);
/* "pass", "hokum:S", "double:closed", or a card. */
BALOOT_EXPORT baloot_status baloot_action_parse(const char* text, int* action);
BALOOT_EXPORT baloot_status baloot_action_name(int action, char* out, size_t size);

/* ---- Rules ---------------------------------------------------------------------------------------- */
typedef struct baloot_rules baloot_rules;
/* The seed's rules; every function taking rules takes NULL for them. */
BALOOT_EXPORT baloot_status baloot_rules_new(baloot_rules** out);
BALOOT_EXPORT void baloot_rules_free(baloot_rules* rules);
/* One option by name, as `--rule name=value` takes it: "kaboot" "double", "target" "101", "ashkal" "off". */
BALOOT_EXPORT baloot_status baloot_rules_set(baloot_rules* rules, const char* name, const char* value);
/* The option's value as text ("double", "101", "true"). */
BALOOT_EXPORT baloot_status baloot_rules_get(const baloot_rules* rules, const char* name, char* out, size_t size);
/* The number of options and the name of option `index` (a static string). */
BALOOT_EXPORT int baloot_rule_count(void);
BALOOT_EXPORT baloot_status baloot_rule_name(int index, const char** name);

/* ---- Pure rule functions ---------------------------------------------------------------------------- */
/* The cards of `hand` that may be played onto trick[0..trick_len) (0..3 cards) under the contract;
 * `played`: the cards of the earlier tricks; `closed`: 1 under a closed double. */
BALOOT_EXPORT baloot_status baloot_legal_moves(uint32_t hand, const int* trick, int trick_len, int mode, int trump,
                                               const baloot_rules* rules, uint32_t played, int closed, uint32_t* out);
/* The index in trick[0..trick_len) (1..4 cards) of the card winning it. */
BALOOT_EXPORT baloot_status baloot_trick_winner(const int* trick, int trick_len, int mode, int trump, int* out);
/* The abnat of one card under the contract. */
BALOOT_EXPORT baloot_status baloot_card_abnat(int card, int mode, int trump, int* out);
/* A team's game points for its abnat in the mode (tens_first: the R34 variant). */
BALOOT_EXPORT baloot_status baloot_game_points(int abnat, int mode, int tens_first, int* out);

/* ---- Players -------------------------------------------------------------------------------------- */
/* One of the engine's own players (baloot_player.h's baloot_player is a player written in C). */
typedef struct baloot_builtin baloot_builtin;
/* A built-in player by name with options: "random", "heuristic", "expert", "strong", "pimc:samples=20",
 * "rollout:worlds=8:tries=4", "dd". */
BALOOT_EXPORT baloot_status baloot_player_new(const char* spec, baloot_builtin** out);
BALOOT_EXPORT void baloot_player_free(baloot_builtin* player);
BALOOT_EXPORT int baloot_player_count(void);
BALOOT_EXPORT baloot_status baloot_player_name(int index, const char** name);
/* The strong player's learned values for the players made after this call, read from `path` (until then,
 * from strong.weights beside the library); a bad file is refused and the weights stay as they were. */
BALOOT_EXPORT baloot_status baloot_set_strong_weights(const char* path);

/* ---- One hand ------------------------------------------------------------------------------------- */
typedef struct baloot_hand baloot_hand;

typedef struct baloot_hand_info {
  int phase;          /* BALOOT_BIDDING, BALOOT_DOUBLING, BALOOT_PLAYING or BALOOT_OVER */
  int to_move;        /* the seat to move, -1 once the hand is over */
  int dealer;
  int up_card;
  int round;          /* bidding round 1 or 2 */
  int scores[2];      /* the match scores before the hand */
  int has_contract;
  int mode, trump;    /* the contract once there is one */
  int buyer;          /* -1 before a contract */
  int ashkal, multiplier, gahwa, closed;
  int leader;         /* the seat leading the trick on the table */
  int trick_len;
  int trick[4];       /* the cards on the table, leader first */
  int tricks_played;
  int tricks_won[2];
  int abnat[2];       /* card abnat taken so far */
} baloot_hand_info;

typedef struct baloot_result {
  int thrown_in;  /* everyone passed: no score */
  int made;       /* the buyers made their contract */
  int kaboot;     /* the team that took every trick, -1 for none */
  int points[2];  /* the hand's game points per team */
  int abnat[2];
  int tricks[2];
} baloot_result;

/* A hand dealt from `seed` as the Python package's Game(seed=...) deals it; scores may be NULL (0, 0). */
BALOOT_EXPORT baloot_status baloot_hand_new(const baloot_rules* rules, uint64_t seed, int dealer, const int* scores,
                                            baloot_hand** out);
/* A hand dealt from 32 cards in dealing order (packets of 3, packets of 2, the up-card, the rest). */
BALOOT_EXPORT baloot_status baloot_hand_from_deck(const baloot_rules* rules, const int* deck, int dealer,
                                                  const int* scores, baloot_hand** out);
/* The position of a bid analysis: `cards` (5) held by `seat`, the up-card shown, the seats before it
 * passed; the other cards placed in order (they are resampled by the analysis). */
BALOOT_EXPORT baloot_status baloot_hand_for_bid(const baloot_rules* rules, const int* cards, int up_card, int seat,
                                                int dealer, const int* scores, baloot_hand** out);
BALOOT_EXPORT baloot_status baloot_hand_copy(const baloot_hand* hand, baloot_hand** out);
BALOOT_EXPORT void baloot_hand_free(baloot_hand* hand);
BALOOT_EXPORT baloot_status baloot_hand_legal_actions(const baloot_hand* hand, uint64_t* out);
/* BALOOT_ILLEGAL_ACTION (the hand unchanged) when the action is not legal now. */
BALOOT_EXPORT baloot_status baloot_hand_apply(baloot_hand* hand, int action);
BALOOT_EXPORT baloot_status baloot_hand_info_get(const baloot_hand* hand, baloot_hand_info* out);
/* The cards seat holds now. */
BALOOT_EXPORT baloot_status baloot_hand_cards(const baloot_hand* hand, int seat, uint32_t* out);
/* The cards played so far in order (out: room for 32) and their count. */
BALOOT_EXPORT baloot_status baloot_hand_played(const baloot_hand* hand, int* out, int* count);
/* What `seat` has seen, as the reinforcement-learning observation: baloot_observation_size() floats. */
BALOOT_EXPORT int baloot_observation_size(void);
BALOOT_EXPORT baloot_status baloot_hand_observe(const baloot_hand* hand, int seat, float* out, size_t size);
/* The score of a finished hand. */
BALOOT_EXPORT baloot_status baloot_hand_result(const baloot_hand* hand, baloot_result* out);
/* The action `player` takes for the seat to move (its random draws from `seed`). */
BALOOT_EXPORT baloot_status baloot_player_choose(const baloot_builtin* player, const baloot_hand* hand, uint64_t seed,
                                                 int* action);

/* ---- Double dummy ---------------------------------------------------------------------------------- */
typedef struct baloot_solution {
  int value[2];            /* abnat each team takes from here under best play */
  int to_move;
  uint32_t legal;          /* the mover's legal cards */
  uint32_t best;           /* the cards reaching value */
  int move_value[32];      /* per legal card, the abnat the mover's team takes after it; -1 for the others */
  int64_t nodes;
} baloot_solution;

/* A hand in its card play, solved with every hand in view. */
BALOOT_EXPORT baloot_status baloot_solve(const baloot_hand* hand, baloot_solution* out);
/* Tables of n deals: hands[4 i + seat] the seat's cards, leaders[i] the first leader;
 * out[(i * 5 + k) * 2 + team] the abnat the team takes under contract k (Sun, Hokum S H D C). */
BALOOT_EXPORT baloot_status baloot_dd_tables(const uint32_t* hands, const int* leaders, int64_t n,
                                             const baloot_rules* rules, int threads, int16_t* out);

/* ---- Many hands ----------------------------------------------------------------------------------- */
/* Per-hand outputs, any of them NULL; row i is hand first + i. As the Python package's SimResult. */
typedef struct baloot_sim_rows {
  int16_t* points;   /* [n][2] */
  int16_t* abnat;    /* [n][2] */
  int16_t* projects; /* [n][2] project abnat scored */
  int8_t* tricks;    /* [n][2] */
  int8_t* mode;      /* 0 Sun, 1 Hokum, -1 thrown in */
  int8_t* trump;
  int8_t* buyer;
  int8_t* dealer;
  int8_t* made;      /* 1, 0, -1 thrown in */
  int8_t* kaboot;
  int8_t* multiplier;
  int8_t* gahwa;
  int8_t* ashkal;
  int8_t* baloot;
} baloot_sim_rows;

typedef struct baloot_sim_config {
  int64_t first, count; /* hands first .. first + count - 1 of the seeded sequence */
  uint64_t seed;
  int threads;          /* 0: every core */
  const baloot_rules* rules;
  const baloot_builtin* players[4];
  int forced;           /* 1: the first bidder plays contract_mode / contract_trump, no bidding */
  int contract_mode, contract_trump;
} baloot_sim_config;

/* Hand i is dealt by seat i % 4 from a stream seeded by (seed, i): the Python package's simulate. */
BALOOT_EXPORT baloot_status baloot_simulate(const baloot_sim_config* config, const baloot_sim_rows* rows);

/* ---- Decision analysis ------------------------------------------------------------------------------ */
/* The bidding or doubling decision of the seat to move in `hand`, from its point of view: each candidate
 * played out on the same `samples` deals (the seat's first five cards and the up-card kept, the rest
 * resampled on deals where `players` would have made the calls so far). candidates: n actions, or NULL
 * for every legal one in increasing order (n = their count). margin[s * n + c]: the seat's team's points
 * minus the others' on sample s after candidate c; flags (may be NULL) the outcome bits as the Python
 * package's. players: NULL for the analyses' default player at every seat (the Python package's, "neural"). */
BALOOT_EXPORT baloot_status baloot_analyze_decision(const baloot_hand* hand, const baloot_builtin* const* players,
                                                    const int* candidates, int n, int64_t samples, uint64_t seed,
                                                    int threads, int16_t* margin, uint8_t* flags);

#ifdef __cplusplus
}
#endif

#endif /* BALOOT_H */
