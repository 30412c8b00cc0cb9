// Double-dummy (perfect-information) search of the card play: alpha-beta over the abnat one team
// takes from a position, with a transposition table at trick boundaries, move ordering, cheap sure-abnat
// bounds and the merging of interchangeable cards. Legal moves and trick winners come from the rules
// kernel (legal_moves, trick_winner), so every host option applies as it does in a real hand.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "kernel/cards.hpp"
#include "kernel/hand.hpp"
#include "kernel/rules.hpp"

namespace baloot {

// A playing position: the four remaining hands, the cards already on the table (played in order
// from `leader`), the contract and the host options. The seat to move is leader + trick_len.
struct Position {
  Hand hands[kNumSeats] = {};
  Card trick[kNumSeats] = {};
  int trick_len = 0;
  int leader = 0;
  Contract contract;
  Rules rules;

  int to_move() const { return seat_after(leader, trick_len); }
};

// The position of a hand in its playing phase; throws RuleError in any other phase.
Position position_of(const HandState& state);

// Throws RuleError naming the first inconsistency: shared cards, hand sizes that do not fit the
// trick on the table, an empty position, a bad seat, a bad contract.
void check_position(const Position& p);

// The abnat still to be won from `p`: the cards in the hands and on the table, plus the last-trick 10.
int abnat_to_win(const Position& p);

// An interval holding team 0's exact abnat from a position: what a query at a coarser resolution than
// the exact value proves.
struct ValueRange {
  int lo = 0;
  int hi = 0;
};

// A position's value to the resolution of the score: each team's game points for its card abnat (taken
// before, `won`, plus what it takes from here under best play), rounded as the score rounds them, and
// the team whose total (card abnat plus `extra`: projects and Baloot abnat) is the greater, -1 on a tie:
// the buyers' check. `range` holds team 0's exact abnat from here.
struct PointsValue {
  int points[2] = {0, 0};
  int ahead = -1;
  ValueRange range;
};

struct SolverTables;  // what the search asks the kernel once: who takes a trick from whom

struct SolveResult {
  int value[2] = {0, 0};  // abnat each team takes from here under best play (sum = abnat_to_win)
  int mover = 0;          // the seat to move
  Hand legal = 0;         // its legal cards
  Hand best = 0;          // the legal cards that reach the best value
  // move_value[c]: abnat the mover's team takes from here when it plays c, under best play after.
  // Every legal card when all moves were asked for, else only the best cards; -1 elsewhere.
  int move_value[kNumCards] = {};
  std::uint64_t nodes = 0;  // search nodes visited
};

// One searcher with its own transposition table: reusable across solves (entries carry the solve's
// stamp, so nothing leaks from one solve into the next), never shared between threads.
class Solver {
 public:
  // A table of 2^(tt_bits - 2) buckets of 64 bytes (3 entries), allocated here once; solves never allocate.
  // The default, 512 KB, leaves room in a 1 MB L2 cache for the endings' table: full deals solve 3-5%
  // faster than with twice the size, for 1% more nodes.
  static constexpr int kDefaultTableBits = 15;
  explicit Solver(int tt_bits = kDefaultTableBits);

  // The value of every legal card (all_moves) or the value and the set of best cards.
  // `p` must be consistent (check_position).
  SolveResult solve(const Position& p, bool all_moves = true);
  SolveResult solve(const HandState& state, bool all_moves = true) { return solve(position_of(state), all_moves); }
  // Abnat the mover's team takes from here under best play (no best cards).
  int value(const Position& p);
  // Whether `team` takes at least `target` abnat from p under best play: one null-window probe, the
  // cheapest query (make or fail).
  bool reaches(const Position& p, int team, int target);
  // Team 0's abnat from p only to the resolution of `classify` (team 0's abnat from here -> its class;
  // nondecreasing): probes at the class edges until both ends of the interval holding the value are
  // of one class.
  ValueRange value_range(const Position& p, const std::function<int(int)>& classify);
  // The value at game-point resolution (see PointsValue).
  PointsValue points(const Position& p, const int (&won)[2], const int (&extra)[2]);

  void set_use_tt(bool on) { use_tt_ = on; }
  bool use_tt() const { return use_tt_; }
  // Whether the sure-abnat bounds may settle a trick boundary before it is searched (off only to test
  // that they never change a result).
  void set_use_bounds(bool on) { use_bounds_ = on; }
  bool use_bounds() const { return use_bounds_; }
  std::uint64_t nodes() const { return nodes_; }  // nodes visited by the last solve
  void clear();                                   // forgets every stored position

 private:
  // A trick boundary's shape: bit k of odd and high, for the k-th remaining card in (suit, strength)
  // order, tell whether its holder's seat is odd and whether it is 2 or 3; with the cards themselves,
  // in powers_'s order.
  struct Shape {
    std::uint32_t odd;
    std::uint32_t high;
    std::uint32_t cards;
    std::uint32_t counts;  // how many cards of each suit, one count per byte
  };
  struct Entry {
    std::uint32_t odd;    // the boundary's shape
    std::uint32_t high;
    std::uint32_t cards;  // its remaining cards, in powers_'s order
    std::uint32_t tag;    // shape_tag: suit counts, stamp, leader, cards on the table; 0 = empty
    std::uint8_t lo;      // bounds on team 0's abnat from this node on
    std::uint8_t hi;
    std::uint8_t move;    // the best (or cutting) card found, kNoMove if none
    std::uint8_t tricks;  // tricks left: the deeper the search it saves, the longer it stays
  };
  static constexpr std::uint8_t kNoMove = 0xFF;

  void load(const Position& p);
  void load_zero_keys();
  // Team 0's abnat from the loaded position, searched in the window (alpha, beta). The searches are
  // compiled for each team to move (kMaximising: team 0, which maximises) and for each kind of contract
  // (kSun: Sun, which has no trumps; else Hokum): see contract().
  int search(int alpha, int beta);
  template <bool kSun> int search_in(int alpha, int beta);
  // A trick boundary: the last two tricks are solved directly, without search_lead's frame.
  template <bool kMaximising, bool kSun> int search_boundary(int alpha, int beta);
  template <bool kMaximising, bool kSun> int search_lead(int alpha, int beta);  // three tricks or more left
  template <bool kMaximising, bool kSun> int search_follow(int alpha, int beta);
  template <bool kMaximising, bool kSun> int play_and_search(Card c, int alpha, int beta);
  int play_at_root(Card c, int alpha, int beta);  // play_and_search for the root's seat to move
  template <bool kSun> int finish_trick(int alpha, int beta);
  int winner_of(const Card* trick) const;
  int last_trick();
  template <bool kMaximising, bool kSun> int play_follower(Card c, int alpha, int beta);
  template <bool kSun> int play_into_ending(Card c);
  template <bool kSun> int two_tricks(int leader, int total);
  int exact_child(Card c, int first_guess, bool near, int total);
  int exact_root(int total);
  Hand reduce(Hand legal, int seat, bool dominance) const;
  int decided_team(Card c, int seat) const;
  template <bool kSun> bool sure_abnat(int leader, int (&sure)[2]) const;
  template <bool kSun> bool leader_abnat(int leader, int (&sure)[2]) const;
  std::uint32_t cashable(int leader, int suit) const;
  bool leads_into_masters(int leader) const;
  int defence_abnat(int leader) const;
  int given_abnat(Hand h, const int (&rounds)[kNumSuits], int tricks) const;
  int poorest_abnat(Hand h, int k) const;
  template <bool kSun> Hand entry_to_partner(int leader, Hand& lead) const;
  template <bool kSun> Hand partner_masters(Hand partner, Hand theirs, Hand cashed) const;
  // The moves as ranked cards (see ranked()) in keys; returns how many.
  template <bool kSun> int order_lead(Hand moves, int seat, Card second_killer, int* keys) const;
  template <bool kSun> int order_follow(Hand moves, Card second_killer, int* keys) const;
  // The legal cards of the root's seat that get values of their own (reduce without dominance), and
  // those moves ordered as order_lead or order_follow would.
  Hand root_moves(Hand legal, int seat) const;
  int order_root(Hand moves, int seat, int* keys);
  std::uint32_t held_powers() const;  // the cards in the hands, in powers_'s order
  Shape shape_of(std::uint32_t live) const;  // the boundary of the cards in live (in powers_'s order)
  static bool same_shape(const Entry& e, const Shape& s, std::uint32_t tag);
  // An entry's tag: `tag` (stamp << 4 | leader << 2 | cards on the table) with s's suit counts, a
  // nibble each, above it (so comparing shapes reads no cards).
  static std::uint32_t shape_tag(const Shape& s, std::uint32_t tag);
  void abnat_changes(std::uint32_t from, std::uint32_t to, int& loss, int& gain) const;
  Entry* bucket(const Shape& s, std::uint32_t tag);
  // Narrows [lo, hi] by the entries of s's shape in its bucket (found once by the caller, for the
  // lookup and the store after the search); returns the one of s's class, if any.
  const Entry* lookup(const Entry* bucket, const Shape& s, std::uint32_t tag, int& lo, int& hi);
  void store(Entry* bucket, const Shape& s, std::uint32_t tag, int lo, int hi, Card move);
  std::uint32_t tag() const { return static_cast<std::uint32_t>(stamp_ << 4 | leader_ << 2 | len_); }
  // A suit's cards as an 8-bit set in strength order (bit p = the card of strength p), and back.
  std::uint32_t pw(Hand h, int suit) const;
  Hand from_pw(std::uint32_t bits, int suit) const;

  const SolverTables* tables_;
  // Three entries in one 64-byte cache line, so that a lookup reads one line (buckets of four straddled
  // two, and the search was 6-9% slower).
  static constexpr int kBucketEntries = 3;
  struct alignas(64) Bucket {
    Entry entries[kBucketEntries];
  };
  std::vector<Bucket> table_;
  // Exact values of two-trick endings, direct-mapped.
  struct Ending {
    std::uint64_t key;     // boundary_key | leader << 56
    std::uint32_t stamp;
    std::uint32_t value;
  };
  static constexpr int kEndingBits = 14;
  std::vector<Ending> endings_;
  Ending& ending_slot(std::uint64_t key) { return endings_[(key * 0x9E3779B97F4A7C15ull) >> (64 - kEndingBits)]; }
  // Two trick boundaries play alike when, suit by suit, their remaining cards in strength order have
  // the same owners and abnat; only which zero-abnat cards remain can differ between such boundaries, so
  // the key keeps the other cards as they are and each suit's zero-abnat cards as a count (packed at the
  // bottom ranks) and their owners in strength order (2 bits each from bit 32 + 6 * suit).
  std::uint64_t boundary_key(Hand remaining) const;
  Hand zero_cards_ = 0;                         // 7 8 9 of each plain suit, 7 8 of the trump suit
  std::uint64_t zero_key_[kNumSuits][8] = {};  // by suit and the set of its zero-abnat cards remaining
  int shift_ = 50;  // 64 - (tt_bits - 2): the bucket is the top bits of a multiplicative hash
  static constexpr int kStampBits = 12;  // what a tag keeps of the stamp: the table is cleared when it wraps
  std::uint64_t stamp_ = 0;
  bool use_tt_ = true;
  bool use_bounds_ = true;

  // The position being searched.
  Hand hands_[kNumSeats] = {};
  Card trick_[kNumSeats] = {};
  int len_ = 0;          // cards on the table
  Hand live_ = 0;        // the cards in the hands and on the table
  int win_ = 0;          // index in trick_ of the card winning so far (when len_ > 0)
  Hand takers_ = 0;      // the cards that would take the trick from that card; every card when len_ is 0
  int leader_ = 0;
  int tricks_left_ = 0;  // including the trick in progress
  Contract contract_;
  // The contract, a constant in Sun: the kernel's rules and the solver's own tests of the trump suit
  // then fold away.
  template <bool kSun> Contract contract() const {
    if constexpr (kSun) return Contract{Mode::kSun, kNoSuit};
    else return contract_;
  }
  Rules rules_;
  const Hand (*beats_)[kNumCards] = nullptr;  // [led suit][winning card]: the cards that take the trick
  int live_abnat_ = 0;                         // abnat of the cards in the hands and on the table
  std::uint64_t nodes_ = 0;
  // By tricks left, cards on the table, and (following) the led suit and the index of the winning
  // card: the last card that cut the search off where the card ordered first did not.
  // The two latest such cards, latest first.
  Card killers_[kNumTricks + 1][kNumSeats][kNumSuits * kNumSeats][2] = {};
  int killer_case() const { return len_ == 0 ? 0 : suit_of(trick_[0]) * kNumSeats + win_; }
  Card* killers() { return killers_[tricks_left_][len_][killer_case()]; }
  static void add_killer(Card* killers, Card c) {
    if (killers[0] != c) killers[1] = killers[0], killers[0] = c;
  }
  std::uint8_t abnat_[kNumCards] = {};
  // The cards grouped by abnat, poorest group first (the eight values 0 2 3 4 10 11 14 20).
  static constexpr int kAbnatValues = 8;
  static constexpr int kAbnatValue[kAbnatValues] = {0, 2, 3, 4, 10, 11, 14, 20};
  Hand by_abnat_[kAbnatValues] = {};
  std::uint8_t power_[kNumCards] = {};  // strength within its suit (the trump order for trumps)
  std::uint16_t worth_[kNumCards] = {};  // 16 * abnat + power: the orderings' richest (or poorest) first
  std::uint32_t power_bit_[kNumCards] = {};  // bit 8 * suit + power: the card in powers_'s order
  std::uint8_t power_abnat_[kNumCards] = {};  // by bit of powers_'s order: that card's abnat
  std::uint32_t powers_[kNumSeats] = {};     // each hand, each suit a byte in strength order
  std::uint32_t zero_powers_ = 0;             // the zero-abnat cards in that order
  std::uint8_t kind_[kNumSuits] = {};   // 1 for the trump suit, 0 for plain suits
  const std::uint8_t* to_pw_[kNumSuits] = {};    // the suit's row of SolverTables::to
  const std::uint8_t* from_pw_[kNumSuits] = {};  // and of SolverTables::from
};

// What time_solver asks of each deal: the value and best first cards (kSolve; with all_moves, the value of
// every legal first card), the value alone, whether the leader's team takes more than half the abnat (one
// probe), the value at game-point resolution.
enum class SolverQuery : std::uint8_t { kSolve, kValue, kMake, kPoints };

// Throughput and the distribution of solve times over `n` random full deals from the first lead,
// timed in C++ on one thread. Contracts alternate Sun / Hokum (mode -1) or are all Sun (0) or
// Hokum (1), with a random trump; default rules.
struct SolverTiming {
  int solves = 0;
  double seconds = 0;
  double solves_per_second = 0;
  double median_us = 0;
  double p99_us = 0;
  double max_us = 0;
  double mean_nodes = 0;
};
SolverTiming time_solver(int n, std::uint64_t seed, bool all_moves = false, int mode = -1,
                         SolverQuery query = SolverQuery::kSolve);

}  // namespace baloot
