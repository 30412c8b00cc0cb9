// Design.
// * Value: every search returns team 0's abnat from its node on (cards of the trick in progress, all
//   later tricks, the last-trick 10); team 0 maximises, team 1 minimises (zero-sum in abnat). Exact
//   values come from null-window probes ("does team 0 reach beta?") whose fail-soft bounds halve the
//   interval holding the value; the value of every root card is found the same way, each starting
//   from the previous card's value and stepping away from it in doubling steps until bracketed.
// * Rules: legal moves come from the kernel's legal_moves at every node; who takes a trick comes from
//   tables filled once from the kernel's trick_winner (SolverTables), used incrementally.
// * Transposition table at trick boundaries, keyed by shape: the leader and, for each remaining card in
//   (suit, strength) order, its holder (+ the solve's stamp). Boundaries of one shape are the same game
//   but for the abnat of corresponding cards, so an entry's bounds on team 0's abnat hold for every
//   boundary of its shape, widened by what the cards that differ could lose or gain (nothing where only
//   which zero-abnat cards remain differs). Entries keep the remaining cards, lower and upper bounds and
//   the best lead (also the sure-abnat bounds alone, when they settle a probe); buckets of three 20-byte
//   entries, one cache line each, deeper positions kept first. The last two tricks are solved directly and cached exactly in
//   a second, direct-mapped table keyed by the cards, with each suit's zero-abnat cards (7 8 9 plain,
//   7 8 trump) reduced to how many remain and who holds them in strength order; the last card of the
//   trick before them goes straight to that cache or that search. At the last seat of an earlier trick
//   the table is probed for every child boundary first (enhanced transposition cutoff); a card whose
//   child's stored bound shows it fails is not played, its bound standing in for its value. (Probing
//   the endings' cache that way first saved fewer instructions than it cost.)
// * Bounds at boundaries: the top run of trumps held by one team is that team's for sure (with the
//   poorest cards the leader's side gives to the opponents' top trumps), and a team holding every trump,
//   one of whose hands holds nothing else, takes the last trick (its 10); the leader can cash its
//   masters (of a plain suit, while every opponent holding a trump must follow it; a card becomes a
//   master once the rounds before it have drawn every card above it), then lead to its partner's
//   master, and while nobody else holds a trump the partner cashes its own, the other seats giving
//   their poorest cards to these tricks but following suit while they can; a leader holding only
//   masters takes every trick. In Sun, a leader all of whose suits have their top card in an opponent's
//   hand gives that opponent the lead with the first trick, which it could have led itself: the
//   opponents are sure of the least of what each such opponent's side would be sure of leading.
// * Move reduction: cards of one hand that no live card separates in strength order are equivalent
//   for who wins every trick: of these, one card per abnat value is searched, and only the richest or
//   poorest when the current trick's winning team is already decided (see reduce()).
// * Ordering: at every node first the killer, the last card that cut the search off at the same
//   trick, seat of the trick, led suit and winning seat where the card ordered first did not (a card
//   that refutes one line often refutes its siblings). Leads: then the stored best lead (found at
//   another probe's bound, it is the weaker guess); the killer before the last; masters nobody can
//   ruff, richest first; low leads to a partner's master; low cards from short suits. Following: the
//   killer before the last; cheapest card that takes the trick from an opponent and that the next
//   seat cannot overtake in its suit; richest card onto a partner's card the seats after cannot beat;
//   poorest card otherwise. The killer and, leading, the stored best lead are tried before the other
//   cards are scored and sorted: they usually cut.
// * Inlining: GCC (with LTO) would inline two_tricks into search_lead and keep the table lookups, the
//   orderings, the move reduction, the sure-abnat bounds and play_and_search out of line; the other
//   way round the search takes ~7% fewer instructions (one call a card instead of two). The searches
//   are compiled once for each team to move, which knows whether it maximises (~1% fewer), and for each
//   kind of contract: in Sun the contract is a constant, so the kernel's legal_follows, the orderings
//   and the bounds drop their trump logic (~10% fewer in Sun, Hokum unchanged; 4 copies of the search
//   instead of 2, no slower for it). The lookup's loop over a bucket is unrolled (~1.3%). Inside the
//   Python extension, whose link-time unit holds much more code, GCC kept legal_follows, shape_of,
//   sort_ranked, abnat_changes and search_lead's cuts out of line where a standalone build inlines
//   them; forcing them inline saves 9% of the extension's instructions (standalone: unchanged).
#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>

namespace baloot {

namespace {

constexpr int kInf = 1000;
// The powers (strength positions) of the zero-abnat cards: 7 8 9 of a plain suit, 7 8 of the trump suit.
constexpr std::uint32_t kZeroPowers[2] = {0x07, 0x03};
constexpr int kFirstStep = 2;  // the first step away from a first guess near a root card's value

// The cards of `mine` (a suit in strength order) whose next weaker live card, skipping the played
// ones (neither in `mine` nor in `others`), is also in `mine`: a bit entering a run of played cards
// carries through it to the next live card. Bit 7 counts as live so that no carry leaves the suit.
inline std::uint32_t joined_cards(std::uint32_t mine, std::uint32_t others) {
  const std::uint32_t played = ~(mine | others) & 0x7F;
  return (played + (mine << 1)) & mine;
}

// The bits of x at the positions of mask, packed at the bottom (BMI2's pext where the CPU has it).
inline std::uint32_t compress(std::uint32_t x, std::uint32_t mask) {
#ifdef __BMI2__
  return _pext_u32(x, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t b = 1; mask; mask &= mask - 1, b <<= 1)
    if (x & mask & (0u - mask)) out |= b;
  return out;
#endif
}

// A suit's byte of a set in strength order (see Solver::powers_).
inline std::uint32_t suit_byte(std::uint32_t powers, int suit) { return powers >> (8 * suit) & 0xFF; }

// How many cards of each suit h holds, one count per byte.
inline std::uint32_t suit_counts(Hand h) {
  h = h - ((h >> 1) & 0x55555555u);
  h = (h & 0x33333333u) + ((h >> 2) & 0x33333333u);
  return (h + (h >> 4)) & 0x0F0F0F0Fu;
}

// Population count by bit arithmetic: with __builtin_popcount instead, a search took 0.6-0.8% more
// instructions (GCC inlined and allocated registers differently around it).
inline int cards_in(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// Whether h holds c, which may be kNoMove (no card).
inline bool holds(Hand h, Card c) { return c < kNumCards && (h >> c & 1); }

// The lowest n set bits of x (all of them when x holds fewer; BMI2's pdep where the CPU has it).
inline std::uint32_t lowest_bits(std::uint32_t x, int n) {
#ifdef __BMI2__
  return _pdep_u32((1u << n) - 1, x);
#else
  std::uint32_t out = 0;
  for (; x && n > 0; --n, x &= x - 1) out |= x & (0u - x);
  return out;
#endif
}

// Each suit's byte of a set in strength order (see Solver::powers_) with every bit below its top bit set.
inline std::uint32_t at_or_below_top(std::uint32_t x) {
  x |= x >> 1 & 0x7F7F7F7Fu;
  x |= x >> 2 & 0x3F3F3F3Fu;
  return x | (x >> 4 & 0x0F0F0F0Fu);
}

// The top bit of each nonempty byte of x.
inline std::uint32_t nonempty_suits(std::uint32_t x) { return (((x & 0x7F7F7F7Fu) + 0x7F7F7F7Fu) | x) & 0x80808080u; }

inline int top_bit(std::uint32_t x) { return 31 - __builtin_clz(x); }
inline std::uint32_t bits_above(int b) { return ~((2u << b) - 1); }

// A card and its ordering score in one int: a higher score sorts first, and equal scores keep the
// cards in increasing order.
inline int ranked(Card c, int score) { return score * 256 + (c ^ 255); }
inline Card card_of_ranked(int key) { return static_cast<Card>(~key); }

// Insertion sort of up to 8 ranked cards, best first.
[[gnu::always_inline]] inline void sort_ranked(int* keys, int n) {
  if (n == 2) {  // the commonest case, one compare
    if (keys[0] < keys[1]) std::swap(keys[0], keys[1]);
    return;
  }
  for (int i = 1; i < n; ++i) {
    const int k = keys[i];
    int j = i;
    for (; j > 0 && keys[j - 1] < k; --j) keys[j] = keys[j - 1];
    keys[j] = k;
  }
}

Hand all_hands(const Hand (&hands)[kNumSeats]) { return hands[0] | hands[1] | hands[2] | hands[3]; }

}  // namespace

// What the search needs to know about who takes a trick, asked once of the kernel's trick_winner.
// beats[contract][led][w]: the cards that take a trick led in `led` from the winning card w. From it
// come the strength order of a plain suit and of the trump suit, and strength-ordered views of a suit:
// bit p of a "power" byte is the suit's card of strength p.
struct SolverTables {
  Hand beats[kNumContracts][kNumSuits][kNumCards] = {};
  std::uint8_t strength[2][kNumRanks] = {};  // by rank; [0] plain, [1] trump
  std::uint8_t to[2][256] = {};              // rank bits -> power bits
  std::uint8_t from[2][256] = {};            // power bits -> rank bits
  std::uint8_t abnat[2][256] = {};           // power bits -> their abnat

  SolverTables() {
    for (int k = 0; k < kNumContracts; ++k) {
      const Contract contract = contract_at(k);
      for (int led = 0; led < kNumSuits; ++led)
        for (int w = 0; w < kNumCards; ++w) {
          const Card winning = static_cast<Card>(w);
          const bool led_card = suit_of(winning) == led;
          if (!led_card && !contract.is_trump(winning)) continue;  // such a card never wins such a trick
          Hand b = 0;
          for (int c = 0; c < kNumCards; ++c) {
            const Card card = static_cast<Card>(c);
            if (card == winning) continue;
            Card trick[3];
            int n = 0;
            if (!led_card) {  // a trump ahead of a card of the led suit
              Card lead = make_card(led, 0);
              if (lead == card) lead = make_card(led, 1);
              trick[n++] = lead;
            }
            trick[n++] = winning;
            trick[n++] = card;
            if (trick_winner(trick, n, contract) == n - 1) b |= bit(card);
          }
          beats[k][led][w] = b;
        }
    }
    for (int kind = 0; kind < 2; ++kind) {
      const int k = kind;  // Sun for plain suits, Hokum in spades (suit 0) for the trump suit
      const Contract contract = contract_at(k);
      for (int r = 0; r < kNumRanks; ++r) {
        int below = 0;
        for (int other = 0; other < kNumRanks; ++other)
          if (beats[k][0][make_card(0, other)] & bit(make_card(0, r))) ++below;
        strength[kind][r] = static_cast<std::uint8_t>(below);
      }
      for (int bits = 0; bits < 256; ++bits) {
        int p = 0, a = 0;
        for (int r = 0; r < kNumRanks; ++r)
          if (bits >> r & 1) {
            p |= 1 << strength[kind][r];
            a += card_abnat(make_card(0, r), contract);
          }
        to[kind][bits] = static_cast<std::uint8_t>(p);
        from[kind][p] = static_cast<std::uint8_t>(bits);
        abnat[kind][p] = static_cast<std::uint8_t>(a);
      }
    }
  }
};

const SolverTables& solver_tables() {
  static const SolverTables tables;
  return tables;
}

// ---- Positions -----------------------------------------------------------------------------------

Position position_of(const HandState& state) {
  if (state.phase() != Phase::kPlaying) throw RuleError("the hand is not in its playing phase: nothing to solve");
  Position p;
  for (int seat = 0; seat < kNumSeats; ++seat) p.hands[seat] = state.hand(seat);
  p.trick_len = state.trick_len();
  for (int i = 0; i < p.trick_len; ++i) p.trick[i] = state.trick_card(i);
  p.leader = state.leader();
  p.contract = state.contract();
  p.rules = state.rules();
  return p;
}

void check_position(const Position& p) {
  if (p.leader < 0 || p.leader >= kNumSeats) throw RuleError("leader " + std::to_string(p.leader) + " is not a seat 0..3");
  if (p.trick_len < 0 || p.trick_len > 3)
    throw RuleError("a trick on the table holds 0 to 3 cards, got " + std::to_string(p.trick_len));
  if (p.contract.mode == Mode::kSun ? p.contract.trump != kNoSuit : (p.contract.trump < 0 || p.contract.trump >= kNumSuits))
    throw RuleError("bad contract: Sun has no trump and Hokum needs a trump suit 0..3");
  Hand seen = 0;
  for (int i = 0; i < p.trick_len; ++i) {
    if (p.trick[i] >= kNumCards) throw RuleError("card index " + std::to_string(p.trick[i]) + " is not 0..31");
    if (seen & bit(p.trick[i])) throw RuleError("card index " + std::to_string(p.trick[i]) + " is twice on the table");
    seen |= bit(p.trick[i]);
  }
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if (seen & p.hands[seat])
      throw RuleError("card index " + std::to_string(lowest_card(seen & p.hands[seat])) + " is held twice");
    seen |= p.hands[seat];
  }
  const int base = count(p.hands[seat_after(p.leader, 3)]);  // the last seat has not played yet
  if (base == 0) throw RuleError("every hand is empty: nothing to solve");
  if (base > kNumTricks) throw RuleError("a hand holds more than 8 cards");
  for (int i = 0; i < kNumSeats; ++i) {
    const int seat = seat_after(p.leader, i);
    const int want = i < p.trick_len ? base - 1 : base;
    if (count(p.hands[seat]) != want)
      throw RuleError("seat " + std::to_string(seat) + " holds " + std::to_string(count(p.hands[seat])) + " cards; " +
                      std::to_string(want) + " fit the hands and the trick on the table");
  }
}

int abnat_to_win(const Position& p) {
  int total = kLastTrickAbnat + hand_abnat(all_hands(p.hands), p.contract);
  for (int i = 0; i < p.trick_len; ++i) total += card_abnat(p.trick[i], p.contract);
  return total;
}

// ---- Solver --------------------------------------------------------------------------------------

Solver::Solver(int tt_bits) : tables_(&solver_tables()) {
  if (tt_bits < 4 || tt_bits > 28) throw RuleError("tt_bits " + std::to_string(tt_bits) + " is not 4..28");
  table_.assign(std::size_t{1} << (tt_bits - 2), Bucket{});
  endings_.assign(std::size_t{1} << kEndingBits, Ending{});
  shift_ = 64 - (tt_bits - 2);
}

void Solver::clear() {
  std::fill(table_.begin(), table_.end(), Bucket{});
  std::fill(endings_.begin(), endings_.end(), Ending{});
  stamp_ = 0;
}

std::uint32_t Solver::pw(Hand h, int suit) const { return to_pw_[suit][suit_holding(h, suit)]; }
Hand Solver::from_pw(std::uint32_t bits, int suit) const { return Hand{from_pw_[suit][bits]} << (8 * suit); }

void Solver::load(const Position& p) {
  for (int seat = 0; seat < kNumSeats; ++seat) hands_[seat] = p.hands[seat];
  for (int i = 0; i < kNumSeats; ++i) trick_[i] = p.trick[i];
  len_ = p.trick_len;
  leader_ = p.leader;
  tricks_left_ = count(p.hands[seat_after(p.leader, 3)]);
  contract_ = p.contract;
  rules_ = p.rules;
  win_ = len_ > 0 ? trick_winner(trick_, len_, contract_) : 0;
  live_ = all_hands(hands_);
  for (int i = 0; i < len_; ++i) live_ |= bit(trick_[i]);
  beats_ = tables_->beats[contract_index(contract_)];
  takers_ = len_ > 0 ? beats_[suit_of(trick_[0])][trick_[win_]] : kFullDeck;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    kind_[suit] = suit == contract_.trump ? 1 : 0;
    to_pw_[suit] = tables_->to[kind_[suit]];
    from_pw_[suit] = tables_->from[kind_[suit]];
  }
  for (int c = 0; c < kNumCards; ++c) {
    const Card card = static_cast<Card>(c);
    abnat_[c] = static_cast<std::uint8_t>(card_abnat(card, contract_));
    power_[c] = tables_->strength[kind_[suit_of(card)]][rank_of(card)];
    power_bit_[c] = 1u << (8 * suit_of(card) + power_[c]);
    worth_[c] = static_cast<std::uint16_t>(16 * abnat_[c] + power_[c]);
    power_abnat_[8 * suit_of(card) + power_[c]] = abnat_[c];
  }
  zero_powers_ = 0;
  for (int seat = 0; seat < kNumSeats; ++seat) powers_[seat] = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    zero_powers_ |= kZeroPowers[kind_[suit]] << 8 * suit;
    for (int seat = 0; seat < kNumSeats; ++seat) powers_[seat] |= pw(hands_[seat], suit) << 8 * suit;
  }
  for (int i = 0; i < kAbnatValues; ++i) {
    by_abnat_[i] = 0;
    for (int c = 0; c < kNumCards; ++c)
      if (abnat_[c] == kAbnatValue[i]) by_abnat_[i] |= bit(static_cast<Card>(c));
  }
  live_abnat_ = abnat_to_win(p) - kLastTrickAbnat;
  load_zero_keys();
  std::memset(killers_, kNoMove, sizeof killers_);
  nodes_ = 0;
  if (++stamp_ >= (std::uint64_t{1} << kStampBits)) {
    clear();
    stamp_ = 1;
  }
}

void Solver::load_zero_keys() {
  zero_cards_ = by_abnat_[0];
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::uint32_t zeros = suit_holding(zero_cards_, suit);
    for (std::uint32_t held = 0; held < 8; ++held) {
      std::uint64_t key = 0;
      if ((held & zeros) == held) {
        std::uint64_t owners = 0;
        for (int r = 2; r >= 0; --r) {
          if (!(held >> r & 1)) continue;
          int owner = 0;
          while (owner < kNumSeats - 1 && !(hands_[owner] & bit(make_card(suit, r)))) ++owner;
          owners = owners << 2 | static_cast<std::uint64_t>(owner);
        }
        key = std::uint64_t{(1u << cards_in(held)) - 1} << (8 * suit) | owners << (32 + 6 * suit);
      }
      zero_key_[suit][held] = key;
    }
  }
}

std::uint64_t Solver::boundary_key(Hand remaining) const {
  const Hand zeros = remaining & zero_cards_;
  return (remaining & ~zero_cards_) | zero_key_[0][zeros & 7] | zero_key_[1][zeros >> 8 & 7] |
         zero_key_[2][zeros >> 16 & 7] | zero_key_[3][zeros >> 24 & 7];
}

// ---- Transposition table ---------------------------------------------------------------------------
// Boundaries of one shape (the same leader, and for each remaining card in (suit, strength) order the
// same holder) are the same game: every line of play of one is a line of the other, the k-th card of a
// suit standing for the k-th, with the same legal cards and trick winners; only the abnat of
// corresponding cards differ. So team 0's abnat from one is the other's, give or take what the cards
// that change could lose or gain: a stored boundary bounds every boundary of its shape, its bounds
// widened by those sums (by nothing where only which zero-abnat cards remain differs: one class).
// Buckets of four entries hashed by shape; the tag also holds the solve's stamp, so entries of
// earlier solves never match and are the first to be replaced.

std::uint32_t Solver::held_powers() const { return powers_[0] | powers_[1] | powers_[2] | powers_[3]; }

[[gnu::always_inline]] inline Solver::Shape Solver::shape_of(std::uint32_t live) const {
  return {compress(powers_[1] | powers_[3], live), compress(powers_[2] | powers_[3], live), live, suit_counts(live)};
}

std::uint32_t Solver::shape_tag(const Shape& s, std::uint32_t tag) {
  // Suits 0-1's counts to byte 0 and 2-3's to byte 2, then those bytes to bytes 2 and 3.
  const std::uint32_t paired = (s.counts | s.counts >> 4) & 0x00FF00FFu;
  return (paired * 0x10100u & 0xFFFF0000u) | tag;
}

bool Solver::same_shape(const Entry& e, const Shape& s, std::uint32_t tag) {
  return e.odd == s.odd && e.high == s.high && e.tag == shape_tag(s, tag);
}

// What team 0 could lose and gain from a boundary of the shape of `from` to the one of `to` (the same
// number of cards of each suit): the abnat the k-th card of each suit (in strength order) loses and
// gains. As abnat never falls as strength rises, each sum counts, for each step up a suit's strength
// order, the abnat of the step times how many more cards of one set than of the other lie below it,
// which a card in both sets does not change: so only the cards in one set alone are paired, the k-th
// of one with the k-th of the other across all the suits at once.
[[gnu::always_inline]] inline void Solver::abnat_changes(std::uint32_t from, std::uint32_t to, int& loss,
                                                         int& gain) const {
  for (std::uint32_t f = from & ~to, t = to & ~from; f; f &= f - 1, t &= t - 1) {
    const int change = power_abnat_[__builtin_ctz(t)] - power_abnat_[__builtin_ctz(f)];
    if (change > 0) gain += change;
    else loss -= change;
  }
}

Solver::Entry* Solver::bucket(const Shape& s, std::uint32_t tag) {
  const std::uint64_t key = (std::uint64_t{s.high} << 32 | s.odd) ^ std::uint64_t{s.counts} << 16;
  return table_[((key ^ std::uint64_t{tag} << 40) * 0x9E3779B97F4A7C15ull) >> shift_].entries;
}

[[gnu::always_inline]] inline const Solver::Entry* Solver::lookup(const Entry* b, const Shape& s, std::uint32_t tag, int& lo, int& hi) {
  const Entry* own = nullptr;
#pragma GCC unroll 3  // GCC keeps the loop, which costs ~1.3% more instructions over a whole search
  for (int i = 0; i < kBucketEntries; ++i) {
    const Entry& e = b[i];
    if (!same_shape(e, s, tag)) continue;
    int loss = 0, gain = 0;
    if ((e.cards ^ s.cards) & ~zero_powers_) abnat_changes(e.cards, s.cards, loss, gain);
    else own = &e;
    lo = std::max(lo, e.lo - loss);
    hi = std::min(hi, e.hi + gain);
  }
  return own;
}

[[gnu::always_inline]] inline void Solver::store(Entry* b, const Shape& s, std::uint32_t tag, int lo, int hi, Card move) {
  Entry* e = &b[0];
  int victim_rank = kInf;
  for (int i = 0; i < kBucketEntries; ++i) {
    if (same_shape(b[i], s, tag) && !((b[i].cards ^ s.cards) & ~zero_powers_)) {
      e = &b[i];
      lo = std::max(lo, int{e->lo}), hi = std::min(hi, int{e->hi});
      break;
    }
    const int rank = (b[i].tag >> 4 & ((1u << kStampBits) - 1)) != stamp_ ? -1 : b[i].tricks;
    if (rank < victim_rank) victim_rank = rank, e = &b[i];
  }
  *e = Entry{s.odd, s.high, s.cards, shape_tag(s, tag), static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(hi), move,
             static_cast<std::uint8_t>(tricks_left_)};
}

// ---- Search --------------------------------------------------------------------------------------
// Every search returns team 0's abnat from its node on: the cards of the trick in progress, every later
// trick and the last-trick 10. Team 0 maximises, team 1 minimises; fail-soft alpha-beta.

template <bool kMaximising, bool kSun>
[[gnu::always_inline]] inline int Solver::play_and_search(Card c, int alpha, int beta) {
  const int seat = seat_after(leader_, len_);
  const int saved_win = win_;
  const Hand saved_takers = takers_;
  trick_[len_] = c;
  if (takers_ & bit(c)) {
    win_ = len_;
    takers_ = beats_[suit_of(trick_[0])][c];
  }
  const int played = ++len_;
  hands_[seat] &= ~bit(c);
  powers_[seat] &= ~power_bit_[c];
  const int v = played == kNumSeats ? finish_trick<kSun>(alpha, beta) : search_follow<!kMaximising, kSun>(alpha, beta);
  len_ = played - 1;
  hands_[seat] |= bit(c);
  powers_[seat] |= power_bit_[c];
  win_ = saved_win;
  takers_ = saved_takers;
  return v;
}

template <bool kSun>
int Solver::finish_trick(int alpha, int beta) {
  const int winner = seat_after(leader_, win_);
  const int points = abnat_[trick_[0]] + abnat_[trick_[1]] + abnat_[trick_[2]] + abnat_[trick_[3]];
  const bool ours = team_of(winner) == 0;
  if (tricks_left_ == 1) return ours ? points + kLastTrickAbnat : 0;
  Card saved[kNumSeats];
  std::memcpy(saved, trick_, sizeof saved);
  const int saved_leader = leader_;
  const Hand saved_takers = takers_;
  leader_ = winner;
  len_ = 0;
  takers_ = kFullDeck;
  const Hand trick_cards = bit(trick_[0]) | bit(trick_[1]) | bit(trick_[2]) | bit(trick_[3]);
  live_ &= ~trick_cards;
  --tricks_left_;
  live_abnat_ -= points;
  const int v = ours ? points + search_boundary<true, kSun>(alpha - points, beta - points)
                     : search_boundary<false, kSun>(alpha, beta);
  live_abnat_ += points;
  ++tricks_left_;
  live_ |= trick_cards;
  len_ = kNumSeats;
  takers_ = saved_takers;
  leader_ = saved_leader;
  std::memcpy(trick_, saved, sizeof saved);
  return v;
}

// The winner's index in four cards, from the kernel's answers in beats_.
int Solver::winner_of(const Card* t) const {
  const Hand* beats = beats_[suit_of(t[0])];
  int w = 0;
  for (int i = 1; i < kNumSeats; ++i)
    if (beats[t[w]] & bit(t[i])) w = i;
  return w;
}

int Solver::last_trick() {
  ++nodes_;
  Card cards[kNumSeats];
  for (int i = 0; i < kNumSeats; ++i) cards[i] = lowest_card(hands_[seat_after(leader_, i)]);
  return team_of(seat_after(leader_, winner_of(cards))) == 0 ? live_abnat_ + kLastTrickAbnat : 0;
}

// A follower's card; the last card of the trick before the last two goes straight to the ending after it.
template <bool kMaximising, bool kSun>
[[gnu::always_inline]] inline int Solver::play_follower(Card c, int alpha, int beta) {
  return len_ == kNumSeats - 1 && tricks_left_ == 3 ? play_into_ending<kSun>(c)
                                                     : play_and_search<kMaximising, kSun>(c, alpha, beta);
}

// The last card of the trick before the last two: team 0's abnat of this trick and of the ending after it.
template <bool kSun>
int Solver::play_into_ending(Card c) {
  const int seat = seat_after(leader_, 3);
  const int winner = seat_after(leader_, (takers_ & bit(c)) ? 3 : win_);
  const int points = abnat_[trick_[0]] + abnat_[trick_[1]] + abnat_[trick_[2]] + abnat_[c];
  hands_[seat] &= ~bit(c);
  const int v = two_tricks<kSun>(winner, live_abnat_ - points + kLastTrickAbnat);  // live_abnat_ counts the trick
  hands_[seat] |= bit(c);
  return team_of(winner) == 0 ? points + v : v;
}

// The last two tricks of the hands where `leader` leads (total: the abnat still to win): the cached
// exact value, else searched directly and cached. The second trick is forced (each seat plays its other
// card), so the search is the first trick's four plies: alpha-beta on the abnat the leader's side takes,
// in [0, total], which its seats maximise and the others minimise.
template <bool kSun>
[[gnu::noinline]] int Solver::two_tricks(int leader, int total) {
  ++nodes_;
  const std::uint64_t key = boundary_key(all_hands(hands_)) | std::uint64_t(leader) << 56;
  Ending& slot = ending_slot(key);
  if (use_tt_ && slot.key == key && slot.stamp == stamp_) return static_cast<int>(slot.value);
  const Hand h0 = hands_[leader], h1 = hands_[seat_after(leader)], h2 = hands_[partner_of(leader)],
             h3 = hands_[seat_after(leader, 3)];
  Card last[kNumSeats];  // each seat's other card
  // The leader's side's abnat once the first trick (first: its abnat) is won by the w-th seat. The last
  // trick goes to the card that no other card there takes it from; the kernel's answers order the
  // cards by one power, so the seats may be asked in any order.
  auto line = [&](int w, int first) {
    const Hand* takes = beats_[suit_of(last[w])];
    Card top = last[w];
    int lw = w;
    for (int i = 0; i < kNumSeats; ++i)
      if (takes[top] & bit(last[i])) top = last[i], lw = i;
    return (w & 1 ? 0 : first) + (lw & 1 ? 0 : total - first);
  };
  int best0 = 0;
  for (Hand m0 = h0; m0 && best0 < total; m0 = without_lowest(m0)) {
    const Card c0 = lowest_card(m0);
    last[0] = lowest_card(h0 ^ bit(c0));
    const int led = suit_of(c0);
    const Hand* takes = beats_[led];
    auto follows = [&](Hand h, Card winning, bool partner_winning) {
      return legal_follows(h, led, winning, partner_winning, contract<kSun>(), rules_);
    };
    int best1 = total;
    for (Hand m1 = follows(h1, c0, false); m1 && best1 > best0; m1 = without_lowest(m1)) {
      const Card c1 = lowest_card(m1);
      last[1] = lowest_card(h1 ^ bit(c1));
      const int w1 = (takes[c0] & bit(c1)) ? 1 : 0;
      const Card win1 = w1 ? c1 : c0;
      int best2 = best0;
      for (Hand m2 = follows(h2, win1, w1 == 0); m2 && best2 < best1; m2 = without_lowest(m2)) {
        const Card c2 = lowest_card(m2);
        last[2] = lowest_card(h2 ^ bit(c2));
        const int w2 = (takes[win1] & bit(c2)) ? 2 : w1;
        const Card win2 = w2 == 2 ? c2 : win1;
        int best3 = best1;
        for (Hand m3 = follows(h3, win2, w2 == 1); m3 && best3 > best2; m3 = without_lowest(m3)) {
          const Card c3 = lowest_card(m3);
          last[3] = lowest_card(h3 ^ bit(c3));
          const int w = (takes[win2] & bit(c3)) ? 3 : w2;
          best3 = std::min(best3, line(w, abnat_[c0] + abnat_[c1] + abnat_[c2] + abnat_[c3]));
        }
        best2 = std::max(best2, best3);
      }
      best1 = std::min(best1, best2);
    }
    best0 = std::max(best0, best1);
  }
  const int v = team_of(leader) == 0 ? best0 : total - best0;
  slot = Ending{key, static_cast<std::uint32_t>(stamp_), static_cast<std::uint32_t>(v)};
  return v;
}

template <bool kMaximising, bool kSun>
int Solver::search_follow(int alpha, int beta) {
  ++nodes_;
  const int seat = seat_after(leader_, len_);
  const Hand legal = legal_moves(hands_[seat], trick_, len_, win_, contract<kSun>(), rules_);
  const Hand moves = without_lowest(legal) ? reduce(legal, seat, true) : legal;
  if (!without_lowest(moves)) return play_follower<kMaximising, kSun>(lowest_card(moves), alpha, beta);
  // Enhanced transposition cutoff: the last card of a trick (three or more tricks from the end) leads
  // to a trick boundary whose bounds may be stored already. A card whose stored bound shows it fails
  // is not played: its bound stands in for its value.
  int best = kMaximising ? -kInf : kInf;
  Hand settled = 0;
  if (len_ == kNumSeats - 1 && tricks_left_ > 3 && use_tt_) {
    const std::uint32_t held = held_powers();
    const int base = abnat_[trick_[0]] + abnat_[trick_[1]] + abnat_[trick_[2]];
    for (Hand h = moves; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int winner = seat_after(leader_, (takers_ & bit(c)) ? 3 : win_);
      const int points = team_of(winner) == 0 ? base + abnat_[c] : 0;
      int lo = -kInf, hi = kInf;
      const Shape shape = shape_of(held & ~power_bit_[c]);
      const auto tag = static_cast<std::uint32_t>(stamp_ << 4 | winner << 2);
      lookup(bucket(shape, tag), shape, tag, lo, hi);
      if (kMaximising && lo != -kInf && points + lo >= beta) return points + lo;
      if (!kMaximising && hi != kInf && points + hi <= alpha) return points + hi;
      if (kMaximising ? hi != kInf && points + hi <= alpha : lo != -kInf && points + lo >= beta) {
        settled |= bit(c);
        best = kMaximising ? std::max(best, points + hi) : std::min(best, points + lo);
      }
    }
  }
  Card* const killers = this->killers();
  // Whether card c, the k-th tried, cuts the search off.
  auto cuts = [&](Card c, int k) {
    const int v = play_follower<kMaximising, kSun>(c, alpha, beta);
    if (kMaximising ? v <= best : v >= best) return false;
    best = v;
    if (!(kMaximising ? v > alpha && (alpha = v) >= beta : v < beta && alpha >= (beta = v))) return false;
    if (k > 0) add_killer(killers, c);
    return true;
  };
  // The killer, ordered first, is tried before the others are scored: it usually cuts.
  Hand rest = moves & ~settled;
  int tried = 0;
  const Card killer = killers[0];
  if (holds(rest, killer)) {
    if (cuts(killer, tried++)) return best;
    rest &= ~bit(killer);
  }
  int keys[kNumTricks];
  const int n = order_follow<kSun>(rest, killers[1], keys);
  for (int i = 0; i < n; ++i)
    if (cuts(card_of_ranked(keys[i]), tried++)) break;
  return best;
}

template <bool kMaximising, bool kSun>
int Solver::search_lead(int alpha, int beta) {
  ++nodes_;
  const int seat = leader_;
  const int most = live_abnat_ + kLastTrickAbnat;
  if (most <= alpha) return most;
  if (beta <= 0) return 0;
  const Shape shape = shape_of(held_powers());
  const std::uint32_t tag = this->tag();
  Entry* const entries = bucket(shape, tag);
  // Bounds known before searching: the stored ones of this boundary, which include the sure abnat;
  // else those of its shape and the sure abnat.
  int known_lo = 0, known_hi = most;
  Card tt_move = kNoMove;
  if (const Entry* e = use_tt_ ? lookup(entries, shape, tag, known_lo, known_hi) : nullptr) {
    tt_move = e->move;
  } else {
    if (use_bounds_ && known_lo < beta && known_hi > alpha) {
      int sure[2];
      if (sure_abnat<kSun>(seat, sure)) sure[team_of(seat)] = most, sure[1 - team_of(seat)] = 0;
      known_lo = std::max(known_lo, sure[0]);
      known_hi = std::min(known_hi, most - sure[1]);
    }
    // Kept when they settle the probe, so that the next visit need not count again.
    if (use_tt_ && (known_lo >= beta || known_hi <= alpha || known_lo == known_hi))
      store(entries, shape, tag, known_lo, known_hi, kNoMove);
  }
  if (known_lo >= beta) return known_lo;
  if (known_hi <= alpha) return known_hi;
  if (known_lo == known_hi) return known_lo;
  alpha = std::max(alpha, known_lo);
  beta = std::min(beta, known_hi);

  int best = kMaximising ? -kInf : kInf;
  Card best_move = kNoMove;
  int a = alpha, b = beta;
  Card* const killers = this->killers();
  // Whether card c, the k-th tried, cuts the search off.
  auto cuts = [&](Card c, int k) __attribute__((always_inline)) {
    const int v = play_and_search<kMaximising, kSun>(c, a, b);
    if (kMaximising ? v <= best : v >= best) return false;
    best = v;
    best_move = c;
    if (kMaximising) a = std::max(a, v);
    else b = std::min(b, v);
    if (a < b) return false;
    if (k > 0) add_killer(killers, c);
    return true;
  };
  // The cards ordered first, the killer and the stored best lead, are tried before the others are
  // scored: they usually cut.
  Hand rest = reduce(hands_[seat], seat, true);
  int tried = 0;
  bool cut = false;
  for (const Card c : {killers[0], tt_move}) {
    if (!holds(rest, c)) continue;
    if ((cut = cuts(c, tried++))) break;
    rest &= ~bit(c);
  }
  if (!cut) {
    int keys[kNumTricks];
    const int n = order_lead<kSun>(rest, seat, killers[1], keys);
    for (int i = 0; i < n; ++i)
      if (cuts(card_of_ranked(keys[i]), tried++)) break;
  }

  if (use_tt_) {
    int lo = known_lo, hi = known_hi;
    if (best <= alpha) hi = std::min(hi, best);
    else if (best >= beta) lo = std::max(lo, best);
    else lo = hi = best;
    store(entries, shape, tag, lo, hi, best_move);
  }
  return best;
}

// ---- Bounds --------------------------------------------------------------------------------------

// Abnat each team is sure to take from a trick boundary where `leader` leads (leader_abnat; in Sun a
// leader that can only lead into the opponents' masters takes nothing sure, and they take what
// defence_abnat counts). Returns true when the leader's side takes every trick.
template <bool kSun>
[[gnu::always_inline]] inline bool Solver::sure_abnat(int leader, int (&sure)[2]) const {
  if (kSun && leads_into_masters(leader)) {
    sure[team_of(leader)] = 0;
    sure[1 - team_of(leader)] = defence_abnat(leader);
    return false;
  }
  return leader_abnat<kSun>(leader, sure);
}

// Abnat each team is sure to take from a trick boundary where `leader` leads: a team's trumps above
// every trump of the other team win whatever trick they fall in, and the leader can cash the cards
// that no other card of their suit beats, once the rounds led before them have drawn the cards above
// them (in a plain suit, for as many rounds as every opponent holding a trump must follow it), as long
// as it keeps the lead: under trump_over_partner its partner must ruff a plain master it cannot
// follow, and with must_overtrump too it must overtake a trump lead it can beat. It then leads to its
// partner's master (in a suit those opponents must follow), and when nobody else holds a trump the
// partner cashes its own masters. The other seats give a card to each of these tricks, following suit
// while they can. Returns true when every card of the leader is cashed: its side then takes every trick.
template <bool kSun>
[[gnu::always_inline]] inline bool Solver::leader_abnat(int leader, int (&sure)[2]) const {
  sure[0] = sure[1] = 0;
  const int team = team_of(leader);
  const Hand mine = hands_[leader];
  const Hand partner = hands_[partner_of(leader)];
  const Hand theirs = hands_[seat_after(leader)] | hands_[seat_after(leader, 3)];
  const std::uint32_t mine_p = powers_[leader], partner_p = powers_[partner_of(leader)];
  const std::uint32_t theirs_p = powers_[seat_after(leader)] | powers_[seat_after(leader, 3)];
  const Hand trumps = contract<kSun>().trump_mask();
  const bool partner_ruffs = rules_.trump_over_partner && (partner & trumps);
  Hand cashed = 0;
  Hand partner_counted = 0;  // the partner's cards already in sure[team]
  int rounds[kNumSuits] = {};  // how many times the leader leads each suit to cash
  const int trump = contract<kSun>().trump;
  if (trump != kNoSuit) {
    const std::uint32_t ours = suit_byte(mine_p | partner_p, trump), other = suit_byte(theirs_p, trump);
    if (ours | other) {
      const bool we_top = top_bit(ours | other) == (ours ? top_bit(ours) : -1);
      const std::uint32_t run = we_top ? (other ? ours & bits_above(top_bit(other)) : ours)
                                       : (ours ? other & bits_above(top_bit(ours)) : other);
      sure[we_top ? team : 1 - team] += tables_->abnat[1][run];
      const std::uint32_t led = run & suit_byte(mine_p, trump);
      const std::uint32_t partner_trumps = suit_byte(partner_p, trump);
      const bool overtaken = partner_ruffs && rules_.must_overtrump && led &&
                             top_bit(partner_trumps) > __builtin_ctz(led);
      if (we_top) partner_counted = from_pw(run, trump) & partner;
      if (we_top && !overtaken) {
        cashed |= from_pw(led, trump);
        // The partner may have to take a round of trumps with a top trump of its own, and the lead
        // with it: the leader's later top trumps then fall in tricks led in any suit.
        if (!partner_counted) rounds[trump] = cards_in(led);
      }
      if (!we_top) {
        // Each of their top trumps takes a trick (two share one only when both opponents hold some),
        // and the leader's side gives a card to each of those tricks.
        const Hand top = from_pw(run, trump);
        const int tricks =
            std::max(cards_in(top & hands_[seat_after(leader)]), cards_in(top & hands_[seat_after(leader, 3)]));
        sure[1 - team] += poorest_abnat(mine, tricks) + poorest_abnat(partner, tricks);
      }
      // A team holding every trump takes the last trick when one of its hands holds nothing else.
      if (!(ours && other)) {
        const int holder = ours ? leader : seat_after(leader);
        if (!(hands_[holder] & ~trumps) || !(hands_[partner_of(holder)] & ~trumps)) sure[team_of(holder)] += kLastTrickAbnat;
      }
    }
  }
  // A plain master is cashed while every opponent holding a trump must follow its suit (so such an
  // opponent never ruffs, and never discards: what it holds of the other suits stays).
  for (int suit = 0; suit < kNumSuits; ++suit) {
    if (suit == trump) continue;
    const std::uint32_t own = suit_byte(mine_p, suit);
    if (!own) continue;
    std::uint32_t masters = cashable(leader, suit);
    if (partner_ruffs && cards_in(partner & suit_mask(suit)) < cards_in(masters)) continue;
    for (const int opponent : {seat_after(leader), seat_after(leader, 3)})
      if (hands_[opponent] & trumps)
        while (cards_in(masters) > cards_in(hands_[opponent] & suit_mask(suit))) masters &= masters - 1;
    sure[team] += tables_->abnat[0][masters];
    cashed |= from_pw(masters, suit);
    rounds[suit] = cards_in(masters);
  }
  if (cashed == mine) return true;
  // Then the leader leads to its partner's master in a suit every opponent holding a trump must follow
  // (such an opponent followed every suit cashed so far), and while nobody else holds a trump, the
  // partner cashes its own.
  Hand entry = 0, entry_lead = 0, partner_cashed = 0;
  const int k = cards_in(cashed);
  if (!partner_counted) entry = entry_to_partner<kSun>(leader, entry_lead);
  if (entry && !(theirs & trumps)) {
    partner_cashed = partner_masters<kSun>(partner & ~entry, theirs, cashed);
    // Both hands need enough other cards to give on the other side's tricks.
    if (cards_in(partner & ~entry & ~partner_cashed) < k ||
        cards_in(mine & ~cashed & ~entry_lead) < cards_in(partner_cashed))
      partner_cashed = 0;
  }
  // Every other seat gives a card to each of these tricks, following suit while it can, so the
  // leader's side also takes the least the opponents can give, the least the partner's other cards
  // give to the leader's tricks and the least the leader's remaining cards give to the partner's.
  const int m = cards_in(partner_cashed);
  const int tricks = k + (entry ? 1 : 0) + m;
  if (tricks) {
    int partner_rounds[kNumSuits], all_rounds[kNumSuits];
    for (int suit = 0; suit < kNumSuits; ++suit) {
      partner_rounds[suit] = cards_in(partner_cashed & suit_mask(suit));
      all_rounds[suit] = rounds[suit] + partner_rounds[suit] + ((entry & suit_mask(suit)) ? 1 : 0);
    }
    sure[team] += hand_abnat(entry | entry_lead | partner_cashed, contract<kSun>()) +
                  given_abnat(hands_[seat_after(leader, 1)], all_rounds, tricks) +
                  given_abnat(hands_[seat_after(leader, 3)], all_rounds, tricks) +
                  given_abnat(mine & ~cashed & ~entry_lead, partner_rounds, m);
    // The partner's top trumps are counted already and it may have to follow with them.
    if (!partner_counted) sure[team] += given_abnat(partner & ~entry & ~partner_cashed, rounds, k);
  }
  return false;
}

// Whether an opponent holds the top card of every suit the leader holds: in Sun the leader then gives
// the lead to an opponent whatever it leads.
[[gnu::always_inline]] inline bool Solver::leads_into_masters(int leader) const {
  const std::uint32_t ours = powers_[leader] | powers_[partner_of(leader)];
  const std::uint32_t theirs = powers_[seat_after(leader)] | powers_[seat_after(leader, 3)];
  return !(nonempty_suits(powers_[leader]) & ~nonempty_suits(theirs & ~at_or_below_top(ours)));
}

// Sun, the leader leading into the opponents' masters (leads_into_masters): whatever it leads, the
// opponent holding the top card of that suit can take the trick with it, which is the first trick it
// would cash leading: the leader and the other seats could have played the same cards onto its lead.
// So the opponents surely take what that opponent's side would take leading; the least of that over
// the opponents the leader can give the lead to.
int Solver::defence_abnat(int leader) const {
  const std::uint32_t led = nonempty_suits(powers_[leader]);
  int least = kInf;
  for (const int taker : {seat_after(leader), seat_after(leader, 3)}) {
    const std::uint32_t others = powers_[leader] | powers_[partner_of(leader)] | powers_[partner_of(taker)];
    if (!(nonempty_suits(powers_[taker] & ~at_or_below_top(others)) & led)) continue;
    int sure[2];
    least = std::min(least, leader_abnat<true>(taker, sure) ? live_abnat_ + kLastTrickAbnat : sure[team_of(taker)]);
  }
  return least;
}

// After the leader cashed its masters: its poorest card of a plain suit in which the partner holds the
// card above every other (the leader's cards of that suit were no masters, so they are all still
// there) and that every opponent holding a trump must follow, and that card of the partner's; the
// richest such trick. 0 when there is none.
template <bool kSun>
[[gnu::always_inline]] inline Hand Solver::entry_to_partner(int leader, Hand& lead) const {
  const Hand first = hands_[seat_after(leader)], second = hands_[seat_after(leader, 3)];
  const std::uint32_t theirs = powers_[seat_after(leader)] | powers_[seat_after(leader, 3)];
  const Hand trumps = contract<kSun>().trump_mask();
  auto can_ruff = [&](Hand opponent, int suit) { return (opponent & trumps) && !(opponent & suit_mask(suit)); };
  Hand entry = 0;
  int best = -1;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::uint32_t own = suit_byte(powers_[leader], suit), top = suit_byte(powers_[partner_of(leader)], suit);
    if (suit == contract<kSun>().trump || !own || !top || top_bit(own | suit_byte(theirs, suit)) > top_bit(top)) continue;
    if (can_ruff(first, suit) || can_ruff(second, suit)) continue;
    const Hand card = from_pw(1u << top_bit(top), suit), low = from_pw(own & (0u - own), suit);
    const int abnat = hand_abnat(card | low, contract<kSun>());
    if (abnat > best) entry = card, lead = low, best = abnat;
  }
  return entry;
}

// The partner's cards above every card of the opponents in the plain suits the leader did not cash
// (so the partner never had to follow with them).
template <bool kSun>
Hand Solver::partner_masters(Hand partner, Hand theirs, Hand cashed) const {
  Hand out = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::uint32_t own = pw(partner, suit);
    if (suit == contract<kSun>().trump || !own || (cashed & suit_mask(suit))) continue;
    const std::uint32_t rest = pw(theirs, suit);
    out |= from_pw(rest ? own & bits_above(top_bit(rest)) : own, suit);
  }
  return out;
}

// The leader's cards of a plain suit that win the suit's first rounds, led from the top: each is above
// every other card of the suit left once the rounds before it are played. An opponent holding no more
// cards of the suit than those rounds has played them all; the partner plays its higher ones first.
[[gnu::always_inline]] inline std::uint32_t Solver::cashable(int leader, int suit) const {
  std::uint32_t own = suit_byte(powers_[leader], suit);
  const std::uint32_t first = suit_byte(powers_[seat_after(leader)], suit);
  const std::uint32_t partner = suit_byte(powers_[partner_of(leader)], suit);
  const std::uint32_t second = suit_byte(powers_[seat_after(leader, 3)], suit);
  const std::uint32_t rest = first | second | partner;
  std::uint32_t masters = rest ? own & bits_above(top_bit(rest)) : own;
  if (!masters) return 0;
  own &= ~masters;
  for (int rounds = cards_in(masters); own; ++rounds) {
    const int top = top_bit(own);
    const std::uint32_t above = bits_above(top);
    if (((first & above) && cards_in(first) > rounds) || ((second & above) && cards_in(second) > rounds) ||
        cards_in(partner & above) > rounds)
      break;
    masters |= 1u << top;
    own &= ~(1u << top);
  }
  return masters;
}

// The least abnat hand h gives to `tricks` tricks of which rounds[suit] are led in each suit: it
// follows suit while it can (its poorest cards of the suit) and gives its poorest other cards to the rest.
int Solver::given_abnat(Hand h, const int (&rounds)[kNumSuits], int tricks) const {
  if (!tricks) return 0;
  int sum = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    if (!rounds[suit]) continue;
    const std::uint32_t followed = lowest_bits(pw(h, suit), rounds[suit]);
    sum += tables_->abnat[kind_[suit]][followed];
    h &= ~from_pw(followed, suit);
    tricks -= cards_in(followed);
  }
  return sum + poorest_abnat(h, tricks);
}

// The least abnat that k cards of h can hold (h holds at least k cards).
int Solver::poorest_abnat(Hand h, int k) const {
  int sum = 0;
  for (int i = 0; k > 0; ++i) {
    const int n = std::min(k, cards_in(h & by_abnat_[i]));
    sum += n * kAbnatValue[i];
    k -= n;
  }
  return sum;
}

// ---- Move reduction ------------------------------------------------------------------------------
// Cards of one hand that no live card (in another hand or on the table) separates in strength order
// win and lose exactly the same tricks in every line of play; only their abnat differ. Swapping two
// of them in any line changes only the abnat of the two tricks they fall in. So within such a run:
// cards of equal abnat are interchangeable (keep one), and when the team that takes the current trick
// no longer depends on the seats still to play, the richest card of the run dominates the others if
// that team is ours and the poorest if it is theirs (`dominance`; never at the root, whose every card
// gets its own value). Within a suit abnat never falls as strength rises (plain 0 0 0 2 3 4 10 11,
// trump 0 0 3 4 10 11 14 20), so the richest card of a run is its strongest, the poorest its weakest,
// and the only cards of equal abnat are the zero-abnat cards at the bottom of the order.
[[gnu::always_inline]] inline Hand Solver::reduce(Hand legal, int seat, bool dominance) const {
  Hand pairs = legal & ((legal | 0x80808080u) - 0x01010101u);  // a card in each suit holding two or more
  if (!pairs) return legal;
  const Hand live_others = live_ & ~hands_[seat];
  Hand out = legal;
  while (pairs) {
    const int suit = suit_of(lowest_card(pairs));
    pairs &= ~suit_mask(suit);
    std::uint32_t rest = pw(legal, suit);
    const std::uint32_t others = pw(live_others, suit);
    if (!joined_cards(rest, others)) continue;
    out &= ~suit_mask(suit);
    const std::uint32_t zeros = kZeroPowers[kind_[suit]];
    std::uint32_t keep = 0;
    while (rest) {
      const std::uint32_t low = rest & (0u - rest);
      const std::uint32_t stop = others & ~((low << 1) - 1);
      const std::uint32_t run = stop ? rest & ((stop & (0u - stop)) - 1) : rest;
      rest &= ~run;
      if (run == low) {
        keep |= run;
        continue;
      }
      const int decided = dominance ? decided_team(lowest_card(from_pw(low, suit)), seat) : -1;
      if (decided < 0) keep |= run & ~(zeros & ~low);  // the run's poorest zero-abnat card stands for all
      else if (decided != team_of(seat) || (run & ~zeros) == 0) keep |= low;
      else keep |= 1u << top_bit(run);
    }
    out |= from_pw(keep, suit);
  }
  return out;
}

// The team that takes the current trick whatever the seats after `seat` play, once `seat` plays `c`;
// -1 when one of them holds a card that could still take it.
int Solver::decided_team(Card c, int seat) const {
  const bool takes = takers_ & bit(c);
  const Hand threats = takes ? beats_[suit_of(len_ > 0 ? trick_[0] : c)][c] : takers_;
  for (int i = len_ + 1; i < kNumSeats; ++i)
    if (hands_[seat_after(leader_, i)] & threats) return -1;
  return team_of(takes ? seat : seat_after(leader_, win_));
}

// ---- Move ordering -------------------------------------------------------------------------------

// Leads (the killer and the stored best lead, tried before the others are scored, are not among the
// moves): the killer before the last, then masters nobody can ruff (richest first), then low leads to
// a partner's master, then low cards from short suits first.
template <bool kSun>
[[gnu::always_inline]] inline int Solver::order_lead(Hand moves, int seat, Card second_killer, int* keys) const {
  const Hand mine = hands_[seat];
  const Hand opp1 = hands_[seat_after(seat)], opp3 = hands_[seat_after(seat, 3)];
  const Hand trumps = contract<kSun>().trump_mask();
  const std::uint32_t opponents_p = powers_[seat_after(seat)] | powers_[seat_after(seat, 3)];
  const std::uint32_t others_p = opponents_p | powers_[partner_of(seat)];
  int n = 0;
  for (Hand h = moves; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int suit = suit_of(c);
    int score;
    if (c == second_killer) {
      score = 1 << 18;
    } else {
      const std::uint32_t higher = bits_above(power_[c]);
      const bool higher_out = suit_byte(others_p, suit) & higher;
      bool ruffable = false;
      if (trumps && suit != contract<kSun>().trump) {
        const Hand s = suit_mask(suit);
        ruffable = (!(opp1 & s) && (opp1 & trumps)) || (!(opp3 & s) && (opp3 & trumps));
      }
      if (!higher_out) score = (ruffable ? 2000 : 8000) + 16 * abnat_[c];
      else if (!(suit_byte(opponents_p, suit) & higher) && !ruffable) score = 6000 - worth_[c];
      else score = 4000 - worth_[c] - 64 * cards_in(mine & suit_mask(suit));
    }
    keys[n++] = ranked(c, score);
  }
  sort_ranked(keys, n);
  return n;
}

// Following (the killer, tried before the others are scored, is not among the moves): the killer
// before the last first; then, when the partner is ahead, the third seat tries to take over with a
// card the last seat cannot beat, then gives its richest card if the last seat cannot beat the
// partner either (the last seat always does), its poorest if it can; when an opponent is ahead, the
// cheapest card that takes the lead and that the next seat cannot overtake in its suit first, then
// the cheapest that only a ruff can take back, then the poorest of the rest.
template <bool kSun>
[[gnu::always_inline]] inline int Solver::order_follow(Hand moves, Card second_killer, int* keys) const {
  const bool partner_winning = win_ == len_ - 2;
  const int led = suit_of(trick_[0]);
  const bool last = len_ == kNumSeats - 1;
  const Hand next = last ? 0 : hands_[seat_after(leader_, len_ + 1)];
  const bool partner_stays = partner_winning && !(next & takers_);
  int n = 0;
  for (Hand h = moves; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int poorest_first = -worth_[c];
    int score;
    if (c == second_killer) {
      score = 1 << 18;
    } else if (partner_winning) {
      score = partner_stays ? -poorest_first : poorest_first;
      if (!last && (takers_ & bit(c)) && !(next & beats_[led][c])) score = 4000 - power_[c];
    } else if (takers_ & bit(c)) {
      const int strength = contract<kSun>().is_trump(c) ? 16 + power_[c] : power_[c];
      const Hand overtakers = next & beats_[led][c];
      score = !overtakers ? 4000 - strength : (overtakers & suit_mask(suit_of(c))) ? poorest_first : 2000 - strength;
    } else {
      score = poorest_first;
    }
    keys[n++] = ranked(c, score);
  }
  sort_ranked(keys, n);
  return n;
}

template <bool kSun>
int Solver::order_root(Hand moves, int seat, int* keys) {
  const Card second_killer = killers()[1];
  return len_ == 0 ? order_lead<kSun>(moves, seat, second_killer, keys)
                   : order_follow<kSun>(moves, second_killer, keys);
}

// ---- Root ----------------------------------------------------------------------------------------
// Exact values come from null-window probes: each probe "does team 0 reach beta?" returns a bound
// (fail-soft), and the interval [lo, hi] that holds the value shrinks until it closes.

// A first guess near the value (the value of the card searched before) is walked away from in doubling
// steps until the value is bracketed; from then on, or from a guess with no such claim, each probe
// halves the interval.
int Solver::play_at_root(Card c, int alpha, int beta) {
  const bool team0 = team_of(seat_after(leader_, len_)) == 0;
  if (contract_.mode == Mode::kSun)
    return team0 ? play_and_search<true, true>(c, alpha, beta) : play_and_search<false, true>(c, alpha, beta);
  return team0 ? play_and_search<true, false>(c, alpha, beta) : play_and_search<false, false>(c, alpha, beta);
}

int Solver::exact_child(Card c, int first_guess, bool near, int total) {
  int lo = 0, hi = total;
  int beta = first_guess;
  int step = kFirstStep;
  unsigned failed = near ? 0 : 3;  // bit 0: a probe failed high, bit 1: one failed low
  while (lo < hi) {
    beta = std::clamp(beta, lo + 1, hi);
    const int g = play_at_root(c, beta - 1, beta);
    if (g >= beta) lo = g, failed |= 1;
    else hi = g, failed |= 2;
    beta = failed == 3 ? (lo + hi + 1) / 2 : failed == 1 ? lo + step : hi + 1 - step;
    step *= 2;
  }
  return lo;
}

int Solver::exact_root(int total) {
  int lo = 0, hi = total;
  while (lo < hi) {
    const int beta = (lo + hi + 1) / 2;
    const int g = search(beta - 1, beta);
    if (g >= beta) lo = g;
    else hi = g;
  }
  return lo;
}

SolveResult Solver::solve(const Position& p, bool all_moves) {
  load(p);
  SolveResult r;
  for (int& v : r.move_value) v = -1;
  const int seat = p.to_move();
  const int team = team_of(seat);
  const int total = abnat_to_win(p);
  auto mine = [&](int team0) { return team == 0 ? team0 : total - team0; };
  r.mover = seat;
  r.legal = legal_moves(hands_[seat], trick_, len_, contract_, rules_);
  const Hand reps = reduce(r.legal, seat, false);
  int keys[kNumTricks];
  const int n = contract_.mode == Mode::kSun ? order_root<true>(reps, seat, keys) : order_root<false>(reps, seat, keys);

  int best = -1;
  Hand best_set = 0;
  if (all_moves) {
    int guess = total / 2;
    for (int i = 0; i < n; ++i) {
      const Card c = card_of_ranked(keys[i]);
      const int v = exact_child(c, guess, i > 0, total);
      guess = v;
      const int u = mine(v);
      r.move_value[c] = u;
      if (u > best) best = u, best_set = 0;
      if (u == best) best_set |= bit(c);
    }
  } else {
    best = mine(exact_root(total));
    for (int i = 0; i < n; ++i) {
      const Card c = card_of_ranked(keys[i]);
      // does this card reach the best value? (no card exceeds it)
      const bool reaches = team == 0 ? play_at_root(c, best - 1, best) >= best
                                     : play_at_root(c, total - best, total - best + 1) <= total - best;
      if (reaches) {
        best_set |= bit(c);
        r.move_value[c] = best;
      }
    }
  }

  // Cards merged into a kept card share its value.
  const Hand live_others = live_ & ~hands_[seat];
  for (Hand h = r.legal & ~reps; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    for (Hand k = reps & suit_mask(suit_of(c)); k; k = without_lowest(k)) {
      const Card rep = lowest_card(k);
      const int lo = std::min(power_[rep], power_[c]), hi = std::max(power_[rep], power_[c]);
      const std::uint32_t between = bits_above(lo) & ((1u << hi) - 1);
      if (abnat_[rep] == abnat_[c] && !(pw(live_others, suit_of(c)) & between)) {
        r.move_value[c] = r.move_value[rep];
        if (best_set & bit(rep)) best_set |= bit(c);
        break;
      }
    }
  }
  r.best = best_set;
  r.value[team] = best;
  r.value[1 - team] = total - best;
  r.nodes = nodes_;
  return r;
}

int Solver::value(const Position& p) {
  load(p);
  const int total = abnat_to_win(p);
  const int v = exact_root(total);
  return team_of(p.to_move()) == 0 ? v : total - v;
}

// ---- Timing --------------------------------------------------------------------------------------

SolverTiming time_solver(int n, std::uint64_t seed, bool all_moves, int mode) {
  std::vector<Position> deals(static_cast<std::size_t>(n));
  Rng rng(seed);
  const Rules rules;
  const int scores[2] = {0, 0};
  for (int i = 0; i < n; ++i) {
    HandState state = HandState::random_deal(rng, static_cast<int>(rng.below(4)), scores, rules);
    const bool hokum = mode < 0 ? (i & 1) != 0 : mode == 1;
    const int trump = static_cast<int>(rng.below(4));
    state.force_contract(hokum ? Contract{Mode::kHokum, trump} : Contract{Mode::kSun, kNoSuit});
    deals[static_cast<std::size_t>(i)] = position_of(state);
  }
  Solver solver;
  std::vector<double> micros(static_cast<std::size_t>(n));
  double nodes = 0;
  volatile int sink = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const SolveResult r = solver.solve(deals[static_cast<std::size_t>(i)], all_moves);
    const auto t1 = std::chrono::steady_clock::now();
    sink = sink + r.value[0];
    nodes += static_cast<double>(r.nodes);
    micros[static_cast<std::size_t>(i)] = std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::sort(micros.begin(), micros.end());
  SolverTiming t;
  t.solves = n;
  t.seconds = seconds;
  t.solves_per_second = n / seconds;
  t.median_us = micros[micros.size() / 2];
  t.p99_us = micros[std::min(micros.size() - 1, micros.size() * 99 / 100)];
  t.max_us = micros.back();
  t.mean_nodes = nodes / n;
  return t;
}

}  // namespace baloot
