#include "heuristic.hpp"

#include <algorithm>
#include <cmath>

namespace baloot {

namespace {

// Population count that stays inline: without -mpopcnt, __builtin_popcount is a library call.
inline int pop(std::uint32_t x) {
#ifdef __POPCNT__
  return __builtin_popcount(x);
#else
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
#endif
}

// ---- Tables --------------------------------------------------------------------------------------

// Per-trump tables are indexed by the contract's trump suit plus one: 0 is Sun.
constexpr int kTrumpChoices = kNumSuits + 1;
constexpr int trump_index(int trump) { return trump + 1; }

// Every card's trick strength within its suit (0 weakest .. 7) and abnat, under each trump choice.
struct CardFacts {
  std::uint8_t strength[kTrumpChoices][kNumCards] = {};
  std::uint8_t abnat[kTrumpChoices][kNumCards] = {};
  constexpr CardFacts() {
    for (int ti = 0; ti < kTrumpChoices; ++ti) {
      for (int c = 0; c < kNumCards; ++c) {
        const bool trump = c / kNumRanks == ti - 1;
        const int r = c % kNumRanks;
        strength[ti][c] = static_cast<std::uint8_t>(trump ? kTrumpStrength[r] : kPlainStrength[r]);
        abnat[ti][c] = static_cast<std::uint8_t>(trump ? kTrumpAbnat[r] : kPlainAbnat[r]);
      }
    }
  }
};
constexpr CardFacts kFacts{};

// For each 8-bit holding of one suit, plain (0) and trump (1): the ranks that beat every card of the
// holding (all ranks when it is empty), its weakest and strongest rank, and the rank best given to a
// partner (most abnat, then the weakest).
struct SuitOrder {
  std::uint8_t beat_all[2][256] = {};
  std::uint8_t weakest[2][256] = {};
  std::uint8_t strongest[2][256] = {};
  std::uint8_t most_given[2][256] = {};
  constexpr SuitOrder() {
    for (int t = 0; t < 2; ++t) {
      const int(&strength)[kNumRanks] = t ? kTrumpStrength : kPlainStrength;
      const int(&abnat)[kNumRanks] = t ? kTrumpAbnat : kPlainAbnat;
      for (int h = 0; h < 256; ++h) {
        int top = -1, low = kNumRanks, given = -1;
        for (int r = 0; r < kNumRanks; ++r) {
          if (!(h >> r & 1)) continue;
          if (top < 0 || strength[r] > strength[top]) top = r;
          if (low == kNumRanks || strength[r] < strength[low]) low = r;
          if (given < 0 || 16 * abnat[r] - strength[r] > 16 * abnat[given] - strength[given]) given = r;
        }
        most_given[t][h] = static_cast<std::uint8_t>(given < 0 ? 0 : given);
        int beat = 0;
        for (int r = 0; r < kNumRanks; ++r)
          if (top < 0 || strength[r] > strength[top]) beat |= 1 << r;
        beat_all[t][h] = static_cast<std::uint8_t>(beat);
        weakest[t][h] = static_cast<std::uint8_t>(low == kNumRanks ? 0 : low);
        strongest[t][h] = static_cast<std::uint8_t>(top < 0 ? 0 : top);
      }
    }
  }
};
constexpr SuitOrder kSuitOrder{};

// The cards of `mine` that are masters of their suit: no card of `theirs` in that suit beats them.
// Every suit is read as plain, then the trump suit again as trump.
inline Hand masters(Hand mine, Hand theirs, int trump) {
  Hand beat_all = 0;
  for (int s = 0; s < kNumSuits; ++s) beat_all |= Hand{kSuitOrder.beat_all[0][suit_holding(theirs, s)]} << (8 * s);
  if (trump != kNoSuit) {
    beat_all &= ~suit_mask(trump);
    beat_all |= Hand{kSuitOrder.beat_all[1][suit_holding(theirs, trump)]} << (8 * trump);
  }
  return mine & beat_all;
}

// The weakest / strongest card of a non-empty holding `h` of suit `suit`.
inline Card weakest_in(Hand h, int suit, int trump) {
  return make_card(suit, kSuitOrder.weakest[suit == trump][suit_holding(h, suit)]);
}
inline Card strongest_in(Hand h, int suit, int trump) {
  return make_card(suit, kSuitOrder.strongest[suit == trump][suit_holding(h, suit)]);
}

inline Hand plain_above(Card c) { return Hand{kPlainAbove.of[rank_of(c)]} << (8 * suit_of(c)); }

// The cards that would beat `winning`, the card now winning a trick (a trump or of the led suit).
inline Hand beaters_of(Card winning, int trump) {
  if (suit_of(winning) == trump) return trumps_above(winning);
  return plain_above(winning) | (trump == kNoSuit ? 0 : suit_mask(trump));
}

// The 4-bit set of suits in which `h` holds a card.
inline unsigned suits_of(Hand h) {
  // Fold each suit byte onto its lowest bit, then gather those four bits into bits 24..27.
  Hand any = h | h >> 4;
  any |= any >> 2;
  any |= any >> 1;
  return ((any & 0x01010101u) * 0x01020408u) >> 24;
}

// For each 8-bit holding of one suit: its card when it holds only one (a singleton), and its other
// card when it holds exactly the 10 and one more (the 10's only guard).
struct SuitShapes {
  std::uint8_t single[256] = {};
  std::uint8_t ten_guard[256] = {};
  constexpr SuitShapes() {
    for (int h = 0; h < 256; ++h) {
      const int rest = h & (h - 1);
      if (h && !rest) single[h] = static_cast<std::uint8_t>(h);
      if (rest && !(rest & (rest - 1)) && (h >> kTen & 1)) ten_guard[h] = static_cast<std::uint8_t>(h & ~(1 << kTen));
    }
  }
};
constexpr SuitShapes kSuitShapes{};

// The Hand mask of a 4-bit set of suits.
constexpr Hand suits_mask(unsigned suits) {
  return (suits & 1 ? suit_mask(0) : 0) | (suits & 2 ? suit_mask(1) : 0) | (suits & 4 ? suit_mask(2) : 0) |
         (suits & 8 ? suit_mask(3) : 0);
}

// The cards outside each 4-bit set of suits.
struct OutsideSuits {
  Hand of[16] = {};
  constexpr OutsideSuits() {
    for (unsigned m = 0; m < 16; ++m) of[m] = ~suits_mask(m);
  }
};
constexpr OutsideSuits kOutsideSuits{};

// ---- What the seat knows about the hidden hands ---------------------------------------------------

// Seats are counted from the seat to move: 0 itself, then the next seat, the partner, the previous seat.
constexpr int kNext = 1, kPartner = 2, kPrevious = 3;

struct Knowledge {
  Hand possible[kNumSeats];  // by seat counted from this one: the cards it may still hold (its own hand for itself)
  Hand opp;                  // cards either opponent may hold
};

// The cards each seat may hold: the unseen cards less what the play, the up-card's known holder and
// the hand sizes rule out.
void infer(const SeatView& v, Knowledge& k) {
  const int me = v.seat();
  const int done = v.tricks_played();
  // The shown voids by seat counted from this one, four bits each.
  const unsigned shown = v.shown_voids();
  const unsigned voids = ((shown | shown << 16) >> (4 * me)) & 0xFFFFu;
  const Hand unseen = v.unseen();
  // The up-card is in its holder's hand, so no other seat has it (when this seat holds it or it has
  // been played, it is not among the unseen cards anyway).
  const int holder = (v.up_card_holder() - me) & 3;
  const Hand up = bit(v.up_card());
  k.possible[0] = v.hand();
  for (int step = 1; step < kNumSeats; ++step) {
    const Hand not_up = ~(up & (Hand{0} - (step != holder)));  // without a branch: seats vary by decision
    k.possible[step] = unseen & not_up & kOutsideSuits.of[voids >> (4 * step) & 0xF];
  }
  // A seat whose possible cards are no more than its hand holds them all. Without a known void a
  // seat may hold every unseen card but the up-card and those of one other seat: more than its hand
  // while each hidden hand holds two cards or more. Such a seat is rare, so all three are checked at
  // once first: taking cards away only happens after one is found.
  const bool late = done >= kNumTricks - 2;
  const int leader = (v.leader() - me) & 3;
  const int cur = v.trick_len();
  const auto holds_all = [&](int step) {
    const int left = kNumTricks - done - (((step - leader) & 3) < cur ? 1 : 0);
    return (((voids >> (4 * step) & 0xF) != 0) | late) & (pop(k.possible[step]) <= left);
  };
  if (holds_all(kNext) | holds_all(kPartner) | holds_all(kPrevious)) {
    for (int step = 1; step < kNumSeats; ++step)
      if (holds_all(step))
        for (int o = 1; o < kNumSeats; ++o)
          if (o != step) k.possible[o] &= ~k.possible[step];
  }
  k.opp = k.possible[kNext] | k.possible[kPrevious];
}

// ---- Card play ------------------------------------------------------------------------------------

class Player {
 public:
  Player(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v)
      : p_(p),
        t_(t),
        v_(v),
        me_(v.seat()),
        trump_(v.contract().trump),
        ti_(trump_index(trump_)),
        tm_(v.contract().trump_mask()),
        hand_(v.hand()) {}

  // A card of `legal`, which holds two cards or more.
  int play(Hand legal) {
    const int n = v_.trick_len();
    if (n > 0) read_trick(legal);
    // Exact knowledge of the hidden hands matters only for what the next seat may do, and only to a
    // seat that is not last and may still take the trick or must judge its partner's card; the others
    // value their cards against every unseen card (but an up-card the partner holds). The shortcut
    // made no measurable difference in self-play.
    if (n == 0 || (n < kNumSeats - 1 && (partner_wins_ || beaters_))) {
      infer(v_, k_);
    } else {
      const Hand up = bit(v_.up_card());
      k_.opp = v_.up_card_holder() == partner_of(me_) ? v_.unseen() & ~up : v_.unseen();
    }
    if (n > 0) return follow(legal);
    mast_ = masters(hand_, k_.opp, trump_);
    const int card = lead();
    return legal >> card & 1 ? card : default_lead();  // a closed hand's trump lead: lead a side suit
  }

 private:
  // Whether seat `o` (counted from this one) may be void in `suit` (known void, or too few of the
  // suit out to count on it).
  bool may_be_void(int o, int suit) const {
    return t_.few_to_follow >> pop(k_.possible[o] & suit_mask(suit)) & 1;
  }

  // Whether seat `o` (counted from this one), yet to play to a trick led in `led`, may beat the
  // winning card `w`.
  bool may_beat(int o, Card w, int led) const {
    const Hand poss = k_.possible[o];
    if (suit_of(w) == trump_) {
      if (!(poss & trumps_above(w))) return false;
      return led == trump_ || may_be_void(o, led);
    }
    if (poss & plain_above(w)) return true;
    return (poss & tm_) && may_be_void(o, led);
  }

  // The 4-bit set of suits seat `o` (counted from this one) may ruff when led: it may hold a trump
  // and be void in the suit. (Its trump-suit bit means nothing to the leads of side suits.)
  unsigned ruff_suits(int o) const {
    if (!(k_.possible[o] & tm_)) return 0;
    unsigned suits = 0;
    for (int s = 0; s < kNumSuits; ++s) suits |= static_cast<unsigned>(may_be_void(o, s)) << s;
    return suits;
  }

  // The card of `options` with the least cost plus keep value, ties to the lowest card. `key` (a
  // HeuristicTables key table) holds 32 * (a card's cost, a trump's keep value included) + the card,
  // and the rest of the keep value is added in the same units, so that one comparison orders by cost,
  // then card. The keep value beyond a trump's: a master's (no card of k_.opp beats it), a 10's only
  // guard's when its ace is out, and (Hokum, holding trumps) a side singleton's, whose discard makes a
  // void to ruff. Within one suit the cards of one keep class differ only by their cost, so each suit
  // offers its cheapest master and its cheapest other card (`cheapest`, by holding), and its singleton
  // or guard on its own.
  Card least(Hand options, const std::int64_t* key, const std::uint8_t (&cheapest)[2][256]) const {
    const bool ruffer = (hand_ & tm_) != 0;
    std::int64_t best = INT64_MAX;
    const auto offer = [&](int s, int trumpness, unsigned holding, int keep) {
      if (holding)
        best = std::min(best, key[make_card(s, cheapest[trumpness][holding])] + std::int64_t{keep} * kNumCards);
    };
    for (unsigned suits = suits_of(options); suits; suits &= suits - 1) {
      const int s = __builtin_ctz(suits);
      const int trumpness = s == trump_;
      const unsigned beat = kSuitOrder.beat_all[trumpness][suit_holding(k_.opp, s)];
      unsigned rest = suit_holding(options, s);
      if (!trumpness) {
        const unsigned mine = suit_holding(hand_, s);
        if (ruffer && kSuitShapes.single[mine]) {
          offer(s, 0, rest, ((rest & beat) ? t_.keep_master : 0) - t_.keep_single);
          continue;
        }
        const unsigned ten_out = (beat >> kTen & 1) - 1u;  // all ones when the 10 is not a master
        const unsigned guard = kSuitShapes.ten_guard[mine] & rest & ten_out;
        if (guard) {
          offer(s, 0, guard, ((guard & beat) ? t_.keep_master : 0) + t_.keep_guard);
          rest &= ~guard;
        }
      }
      offer(s, trumpness, rest & ~beat, 0);
      offer(s, trumpness, rest & beat, t_.keep_master);
    }
    return static_cast<Card>(best & (kNumCards - 1));
  }

  // Whether the least costly card of `options`, when the cost rises with strength within a suit
  // (losing a card, winning with it), is simply their weakest: they are of one suit in which this
  // hand has neither a singleton nor a 10's only guard, and a master's keep value is not negative
  // (the masters of a suit are its strongest cards).
  bool weakest_is_cheapest(Hand options) const {
    const int s = suit_of(lowest_card(options));
    if (options & ~suit_mask(s)) return false;
    const unsigned mine = suit_holding(hand_, s);
    return (t_.keep_master >= 0) & ((s == trump_) | !(kSuitShapes.single[mine] | kSuitShapes.ten_guard[mine]));
  }

  // The card to lose: least abnat and keep value, then the weakest.
  Card duck(Hand options) const {
    if (weakest_is_cheapest(options)) return weakest_in(options, suit_of(lowest_card(options)), trump_);
    return least(options, t_.lose[ti_], kSuitOrder.weakest);
  }

  // The card to give a partner who is sure to win: most abnat net of keep value, then the weakest.
  Card give(Hand options) const { return least(options, t_.give[ti_], kSuitOrder.most_given); }

  // The cheapest winner among `options`: least keep value, then the weakest.
  Card win_cheaply(Hand options) const {
    if (!(options & (options - 1))) return lowest_card(options);
    if (weakest_is_cheapest(options)) return weakest_in(options, suit_of(lowest_card(options)), trump_);
    return least(options, t_.win[ti_], kSuitOrder.weakest);
  }

  // The sure winner to cash first: most abnat, then the strongest.
  Card cash(Hand options) const {
    Card best = 0;
    int best_score = -1;
    for (Hand h = options; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int score = kFacts.abnat[ti_][c] * 8 + kFacts.strength[ti_][c];
      if (score > best_score) best_score = score, best = c;
    }
    return best;
  }

  int lead() const {
    if (trump_ == kNoSuit) {
      if (mast_) return cash(mast_);
      return default_lead();
    }
    const Hand my_trumps = hand_ & tm_;
    const Hand opp_trumps = k_.opp & tm_;
    const Hand trump_masters = mast_ & tm_;
    const bool buying = team_of(v_.buyer()) == team_of(me_);
    // Two cards left: a master trump wins the last trick whatever is led, so lead the other card.
    if (p_.keep_trump_for_last > 0 && pop(hand_) == 2 && trump_masters && (hand_ & ~tm_))
      return lowest_card(hand_ & ~tm_);
    // Side masters no opponent may ruff.
    const unsigned ruffed = opp_trumps ? ruff_suits(kNext) | ruff_suits(kPrevious) : 0;
    const Hand side_sure = mast_ & ~tm_ & kOutsideSuits.of[ruffed];
    if (buying && opp_trumps && trump_masters) return strongest_in(trump_masters, trump_, trump_);
    if (side_sure) return cash(side_sure);
    if (buying && opp_trumps && pop(my_trumps) >= p_.draw_trumps_min) return weakest_in(my_trumps, trump_, trump_);
    if (trump_masters && (!opp_trumps || p_.defender_lead_master_trump > 0)) {
      return opp_trumps ? strongest_in(trump_masters, trump_, trump_) : weakest_in(trump_masters, trump_, trump_);
    }
    return default_lead();
  }

  // No sure winner: score each suit's weakest card as a lead.
  int default_lead() const {
    const Hand o1 = k_.possible[kNext], o2 = k_.possible[kPrevious], partner = k_.possible[kPartner];
    const bool hokum = trump_ != kNoSuit;
    const Hand my_trumps = hand_ & tm_;
    const Hand pool = (hokum && (hand_ & ~tm_)) ? hand_ & ~tm_ : hand_;
    Card best = lowest_card(pool);
    double best_score = -1e9;
    for (int s = 0; s < kNumSuits; ++s) {
      const Hand mine = pool & suit_mask(s);
      if (!mine) continue;
      const Card cand = weakest_in(mine, s, trump_);
      const int n = pop(mine);
      double score = -kFacts.abnat[ti_][cand] - 0.01 * kFacts.strength[ti_][cand];
      if (s != trump_) {
        const Card ten = make_card(s, kTen);
        if ((n == 2) & (cand != ten) & ((mine & bit(ten)) != 0) & !(mast_ & bit(ten))) score -= p_.lead_unguard_penalty;
      }
      if (!hokum) {
        score += p_.lead_long_suit * n;
      } else if (s != trump_) {
        if (my_trumps && n == 1) score += p_.lead_short_suit;
        const bool opp_ruffs = ((o1 & tm_) && !(o1 & suit_mask(s))) || ((o2 & tm_) && !(o2 & suit_mask(s)));
        if (opp_ruffs) {
          score -= p_.lead_ruff_penalty;
        } else if ((partner & tm_) && !(partner & suit_mask(s))) {
          score += p_.lead_partner_ruff;
        }
      }
      if (score > best_score) best_score = score, best = cand;
    }
    return best;
  }

  // The trick on the table: who is winning it and which legal cards would beat it.
  void read_trick(Hand legal) {
    const int n = v_.trick_len();
    const int win_i = v_.trick_best();
    led_ = suit_of(v_.trick()[0]);
    winning_ = v_.trick()[win_i];
    partner_wins_ = (n >= 2) & (win_i == n - 2);
    beaters_ = legal & beaters_of(winning_, trump_);
  }

  // The abnat the trick on the table carries, the last-trick 10 included.
  int trick_points() const {
    int points = v_.tricks_played() == kNumTricks - 1 ? kLastTrickAbnat : 0;
    for (int i = 0; i < v_.trick_len(); ++i) points += kFacts.abnat[ti_][v_.trick()[i]];
    return points;
  }

  int follow(Hand legal) const {
    const int n = v_.trick_len();
    // At most one opponent plays after this seat: the next seat, unless this seat is last.
    const bool last = n == kNumSeats - 1;
    if (partner_wins_) {
      if (last || !may_beat(kNext, winning_, led_)) return give(legal);
      if (trick_points() >= p_.secure_partner_points) {
        Hand secure = 0;
        for (Hand h = beaters_; h; h = without_lowest(h))
          if (!may_beat(kNext, lowest_card(h), led_)) secure |= bit(lowest_card(h));
        if (secure) return win_cheaply(secure);
      }
      return duck(legal);
    }
    if (beaters_) {
      if (last) return win_cheaply(beaters_);
      Hand secure = 0;
      for (Hand h = beaters_; h; h = without_lowest(h))
        if (!may_beat(kNext, lowest_card(h), led_)) secure |= bit(lowest_card(h));
      if (secure) return win_cheaply(secure);
      // Third hand, not sure to win: a cheap card may still force out the last player's best.
      if (n == 2) {
        Hand risky = 0;
        for (Hand h = beaters_; h; h = without_lowest(h))
          if (kFacts.abnat[ti_][lowest_card(h)] <= p_.risk_abnat) risky |= bit(lowest_card(h));
        if (risky) return win_cheaply(risky);
      }
    }
    return duck(legal);
  }

  const HeuristicParams& p_;
  const HeuristicTables& t_;
  const SeatView& v_;
  const int me_;
  const int trump_;
  const int ti_;  // trump_index(trump_)
  const Hand tm_;
  const Hand hand_;
  Knowledge k_;
  Hand mast_ = 0;  // when leading: the masters of this hand
  // The trick on the table, when following.
  int led_ = kNoSuit;
  Card winning_ = 0;
  bool partner_wins_ = false;
  Hand beaters_ = 0;
};

// The card to play from `legal`, which holds two cards or more. Kept out of line (as are bid and
// double_call), so that a forced card costs decide no register saves.
[[gnu::noinline]] int play_card(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v, Hand legal) {
  return Player(p, t, v).play(legal);
}

// ---- Hand evaluation ------------------------------------------------------------------------------

// Project abnat of `cards` (eight cards at most) in Sun and in Hokum.
struct ProjectAbnat {
  int sun = 0;
  int hokum = 0;
};
// Abnat of the runs of each 8-bit holding of one suit: a Sira (3), Fifty (4) or Hundred (5 or more)
// per maximal run.
struct RunAbnat {
  std::uint8_t of[256] = {};
  constexpr RunAbnat() {
    for (int holding = 0; holding < 256; ++holding) {
      int total = 0;
      for (int rank = 0; rank < kNumRanks;) {
        int end = rank;
        while (end < kNumRanks && (holding >> end & 1)) ++end;
        const int length = end - rank;
        if (length >= 3) total += length >= 5 ? 100 : length == 4 ? 50 : 20;
        rank = end + 1;
      }
      of[holding] = static_cast<std::uint8_t>(total);
    }
  }
};
constexpr RunAbnat kRunAbnat{};

inline ProjectAbnat project_abnat(Hand cards) {
  ProjectAbnat out;
  const Hand fours = cards & (cards >> 8) & (cards >> 16) & (cards >> 24) & 0xF8u;
  if (fours) {
    // A four-of-a-kind may be declared or left to the runs it breaks, and its value depends on the mode.
    out.sun = best_projects(cards, Mode::kSun).abnat;
    out.hokum = best_projects(cards, Mode::kHokum).abnat;
    return out;
  }
  // Without one, the projects are every run: at most two fit in the eight cards a seat can hold.
  out.sun = kRunAbnat.of[cards & 0xFF] + kRunAbnat.of[cards >> 8 & 0xFF] + kRunAbnat.of[cards >> 16 & 0xFF] +
            kRunAbnat.of[cards >> 24];
  out.hokum = out.sun;
  return out;
}

}  // namespace

HeuristicTables::HeuristicTables(const HeuristicParams& p)
    : keep_trump(static_cast<int>(std::lround(16 * p.trump_keep))),
      keep_master(static_cast<int>(std::lround(16 * p.master_keep))),
      keep_guard(static_cast<int>(std::lround(16 * p.guard_keep))),
      keep_single(static_cast<int>(std::lround(16 * p.void_bonus))),
      few_to_follow(1) {
  for (int n = 1; n <= kNumRanks; ++n)
    if (n < p.ruff_safe_unseen) few_to_follow |= 1u << n;
  for (int ti = 0; ti < kTrumpChoices; ++ti) {
    for (int c = 0; c < kNumCards; ++c) {
      const int abnat = kFacts.abnat[ti][c], strength = kFacts.strength[ti][c];
      const int trump = c / kNumRanks == ti - 1 ? keep_trump : 0;
      lose[ti][c] = std::int64_t{16 * abnat + strength + trump} * kNumCards + c;
      give[ti][c] = std::int64_t{strength - 16 * abnat + trump} * kNumCards + c;
      win[ti][c] = std::int64_t{4 * strength + trump} * kNumCards + c;
    }
  }
  for (unsigned h = 0; h < 256; ++h) {
    const int n = pop(h);
    const bool ace = h >> kAce & 1, ten = h >> kTen & 1, king = h >> kKing & 1;
    double sun = 0;
    if (ace) {
      sun += p.sun_ace + (ten ? p.sun_ten_with_ace : 0) + (king ? p.sun_king_with_ace : 0);
      if (n > 3) sun += p.sun_long_suit * (n - 3);
    } else if (ten) {
      sun += n >= 2 ? p.sun_ten_guarded : p.sun_ten_bare;
    } else if (king && n >= 2) {
      sun += p.sun_king_guarded;
    }
    this->sun[h] = sun;
    double trump = 0;
    if (h >> kJack & 1) trump += p.hokum_trump_jack;
    if (h >> kNine & 1) trump += p.hokum_trump_nine;
    if (ace) trump += p.hokum_trump_ace;
    if (ten) trump += p.hokum_trump_ten;
    trump += p.hokum_trump_other * pop(h & (1u << kKing | 1u << kQueen | 1u << kEight | 1u << kSeven));
    if (n > 2) trump += p.hokum_trump_length * (n - 2);
    hokum_trump[h] = trump;
    double side = 0;
    if (ace) side += p.hokum_side_ace + (ten ? p.hokum_side_ten : 0);
    else if (ten && n >= 2) side += p.hokum_side_guarded_ten;
    hokum_side[h] = side;
  }
}

namespace {

// Expected margin of buying Hokum with `trump` holding `cards`, whose Hokum projects are worth `projects`.
inline double hokum_value(const HeuristicParams& p, const HeuristicTables& t, Hand cards, int trump, int projects) {
  double v = p.hokum_base + p.hokum_project * projects;
  const double* const table[2] = {t.hokum_side, t.hokum_trump};
  for (int s = 0; s < kNumSuits; ++s) v += table[s == trump][suit_holding(cards, s)];
  if (pop(cards & suit_mask(trump)) >= 2) {
    const int side_voids = kNumSuits - 1 - pop(suits_of(cards & ~suit_mask(trump)));
    v += p.hokum_side_void * side_voids;
  }
  return v;
}

int trump_count(Hand cards, int trump) { return pop(cards & suit_mask(trump)); }

// Expected margin of buying Sun holding `cards`, whose Sun projects are worth `projects`.
inline double sun_value(const HeuristicParams& p, const HeuristicTables& t, Hand cards, int projects) {
  return p.sun_base + p.sun_project * projects + t.sun[cards & 0xFF] + t.sun[cards >> 8 & 0xFF] +
         t.sun[cards >> 16 & 0xFF] + t.sun[cards >> 24];
}

// Expected margin of calling Ashkal: own 5 cards, the up-card in the partner's hand.
double ashkal_value(const HeuristicParams& p, const HeuristicTables& t, Hand hand, Card up) {
  double v = sun_value(p, t, hand, project_abnat(hand).sun) + p.ashkal_offset;
  switch (rank_of(up)) {
    case kTen: return v + p.ashkal_up_ten;
    case kKing: return v + p.ashkal_up_king;
    case kQueen:
    case kJack: return v + p.ashkal_up_face;
    default: return v;
  }
}

// ---- Bidding --------------------------------------------------------------------------------------

[[gnu::noinline]] int bid(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v) {
  const ActionMask legal = v.legal_actions();
  const Hand hand = v.hand();
  const Card up = v.up_card();
  const int up_suit = suit_of(up);
  const Hand with_up = hand | bit(up);
  const ProjectAbnat projects = project_abnat(with_up);
  const bool sun_open = legal & action_bit(kSun);  // a house rule may close Sun to this seat
  const double sun = sun_open ? sun_value(p, t, with_up, projects.sun) : -1e9;
  const BidStage stage = v.bid_stage();
  if (stage == BidStage::kPriority) return sun >= p.sun_take_priority ? kSun : kPass;
  const double ashkal = (legal & action_bit(kAshkal)) ? ashkal_value(p, t, hand, up) : -1e9;
  const double sun_best = sun > ashkal ? sun : ashkal;
  const int sun_action = sun >= ashkal ? kSun : kAshkal;
  switch (stage) {
    case BidStage::kTurns: {
      // The best Hokum open to this seat, then the better of it and Sun.
      int hokum_action = kPass;
      double hokum = -1e9;
      const double hokum_threshold = v.round() == 1 ? p.hokum_threshold : p.hokum2_threshold;
      if (v.round() == 1) {
        if (trump_count(with_up, up_suit) >= p.hokum_min_trumps) {
          hokum = hokum_value(p, t, with_up, up_suit, projects.hokum);
          hokum_action = kHokum;
        }
      } else {
        for (int s = 0; s < kNumSuits; ++s) {
          if (!(legal & action_bit(kHokumSuit + s)) || trump_count(with_up, s) < p.hokum_min_trumps) continue;
          const double value = hokum_value(p, t, with_up, s, projects.hokum);
          if (value > hokum) hokum = value, hokum_action = kHokumSuit + s;
        }
      }
      const bool sun_ok = sun_best >= p.sun_threshold;
      const bool hokum_ok = hokum >= hokum_threshold;
      if (sun_ok && (!hokum_ok || sun_best >= hokum)) return sun_action;
      if (hokum_ok) return hokum_action;
      return kPass;
    }
    case BidStage::kOverHokum:
      return sun_best >= (v.hokum_caller() == v.partner() ? p.sun_over_partner : p.sun_over_hokum) ? sun_action : kPass;
    case BidStage::kPriority:
      break;  // answered above: only this seat's own Sun may take the call
    case BidStage::kHokumConfirm: {
      const ActionMask keep = legal & ~action_bit(kSun);
      if (!keep) return kSun;
      const int hokum_action = __builtin_ctzll(keep);
      const int trump = hokum_action == kHokum ? up_suit : hokum_action - kHokumSuit;
      return sun >= hokum_value(p, t, with_up, trump, projects.hokum) + p.confirm_sun_margin ? kSun : hokum_action;
    }
  }
  return kPass;
}

// ---- Doubling -------------------------------------------------------------------------------------

[[gnu::noinline]] int double_call(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v) {
  const ActionMask legal = v.legal_actions();
  const ActionMask raise = legal & ~action_bit(kPass);
  if (!raise) return kPass;
  const int action = __builtin_ctzll(raise);
  const Contract& contract = v.contract();
  const bool buyer_side = team_of(v.seat()) == team_of(v.buyer());
  Hand cards = v.hand();
  if (buyer_side && v.up_card_holder() == v.seat()) cards |= bit(v.up_card());
  const bool sun = contract.mode == Mode::kSun;
  const ProjectAbnat projects = project_abnat(cards);
  const double value = sun ? sun_value(p, t, cards, projects.sun) : hokum_value(p, t, cards, contract.trump, projects.hokum);
  double threshold = 0;
  switch (action) {
    case kDouble: threshold = sun ? p.sun_double_threshold : p.double_threshold; break;
    case kThree: threshold = p.three_threshold; break;
    case kFour: threshold = p.four_threshold; break;
    case kGahwa: threshold = p.gahwa_threshold; break;
    default: return kPass;
  }
  const int mine = v.score_before(team_of(v.seat()));
  const int theirs = v.score_before(1 - team_of(v.seat()));
  if (theirs - mine >= p.pressure_gap) threshold -= p.pressure_shift;
  if (mine - theirs >= p.pressure_gap) threshold += p.pressure_shift;
  if (action == kGahwa && mine >= theirs) threshold += p.pressure_shift;
  return value >= threshold ? action : kPass;
}

#define BALOOT_PARAM(name) HeuristicParamInfo{#name, &HeuristicParams::name}
const HeuristicParamInfo kParamTable[] = {
    BALOOT_PARAM(hokum_trump_jack), BALOOT_PARAM(hokum_trump_nine), BALOOT_PARAM(hokum_trump_ace),
    BALOOT_PARAM(hokum_trump_ten), BALOOT_PARAM(hokum_trump_other), BALOOT_PARAM(hokum_trump_length),
    BALOOT_PARAM(hokum_side_ace), BALOOT_PARAM(hokum_side_ten), BALOOT_PARAM(hokum_side_guarded_ten),
    BALOOT_PARAM(hokum_side_void), BALOOT_PARAM(hokum_project), BALOOT_PARAM(hokum_base),
    BALOOT_PARAM(sun_ace), BALOOT_PARAM(sun_ten_with_ace), BALOOT_PARAM(sun_ten_guarded),
    BALOOT_PARAM(sun_ten_bare), BALOOT_PARAM(sun_king_with_ace), BALOOT_PARAM(sun_king_guarded),
    BALOOT_PARAM(sun_long_suit), BALOOT_PARAM(sun_project), BALOOT_PARAM(sun_base),
    BALOOT_PARAM(ashkal_up_ten), BALOOT_PARAM(ashkal_up_king), BALOOT_PARAM(ashkal_up_face),
    BALOOT_PARAM(ashkal_offset), BALOOT_PARAM(hokum_threshold), BALOOT_PARAM(hokum2_threshold),
    BALOOT_PARAM(hokum_min_trumps), BALOOT_PARAM(sun_threshold), BALOOT_PARAM(sun_over_hokum),
    BALOOT_PARAM(sun_over_partner), BALOOT_PARAM(sun_take_priority), BALOOT_PARAM(confirm_sun_margin),
    BALOOT_PARAM(double_threshold), BALOOT_PARAM(sun_double_threshold), BALOOT_PARAM(three_threshold),
    BALOOT_PARAM(four_threshold), BALOOT_PARAM(gahwa_threshold), BALOOT_PARAM(pressure_gap),
    BALOOT_PARAM(pressure_shift), BALOOT_PARAM(ruff_safe_unseen), BALOOT_PARAM(draw_trumps_min),
    BALOOT_PARAM(defender_lead_master_trump), BALOOT_PARAM(keep_trump_for_last), BALOOT_PARAM(master_keep),
    BALOOT_PARAM(trump_keep), BALOOT_PARAM(guard_keep), BALOOT_PARAM(void_bonus),
    BALOOT_PARAM(risk_abnat), BALOOT_PARAM(secure_partner_points), BALOOT_PARAM(lead_long_suit),
    BALOOT_PARAM(lead_short_suit), BALOOT_PARAM(lead_unguard_penalty), BALOOT_PARAM(lead_ruff_penalty),
    BALOOT_PARAM(lead_partner_ruff),
};
#undef BALOOT_PARAM
constexpr int kParamCount = static_cast<int>(sizeof(kParamTable) / sizeof(kParamTable[0]));
static_assert(kParamCount * sizeof(double) == sizeof(HeuristicParams), "every HeuristicParams field needs a table entry");

}  // namespace

bool set_heuristic_param(HeuristicParams& params, const std::string& name, double value) {
  for (const auto& info : kParamTable) {
    if (name == info.name) {
      params.*info.field = value;
      return true;
    }
  }
  return false;
}

const HeuristicParamInfo* heuristic_param_table(int& count) {
  count = kParamCount;
  return kParamTable;
}

int HeuristicPolicy::decide(const HandState& state) const {
  const SeatView view(state);
  switch (view.phase()) {
    case Phase::kPlaying: {
      const Hand legal = view.legal_cards();
      if (!(legal & (legal - 1))) return lowest_card(legal);  // a forced card
      return play_card(p_, t_, view, legal);
    }
    case Phase::kBidding:
      return bid(p_, t_, view);
    case Phase::kDoubling:
      return double_call(p_, t_, view);
    case Phase::kOver:
      break;
  }
  return kPass;
}

int HeuristicPolicy::choose(const HandState& state, Rng&) const { return decide(state); }

std::shared_ptr<const Policy> make_heuristic_policy(const PolicyOptions& options) {
  HeuristicParams params;
  for (const auto& [name, value] : options) {
    if (!std::isfinite(value)) throw RuleError("player heuristic: option " + name + " must be a finite number");
    if (!set_heuristic_param(params, name, value)) throw RuleError("player heuristic has no option " + name);
  }
  return std::make_shared<HeuristicPolicy>(params);
}

}  // namespace baloot
