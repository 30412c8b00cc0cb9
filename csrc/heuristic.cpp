#include "heuristic.hpp"

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

// A suit byte with its bits re-ordered by trick strength (bit k = the k-th weakest rank), and back.
struct StrengthOrder {
  std::uint8_t to[256] = {};
  std::uint8_t from[256] = {};
  constexpr explicit StrengthOrder(const int (&strength)[kNumRanks]) {
    for (int b = 0; b < 256; ++b) {
      int t = 0;
      for (int r = 0; r < kNumRanks; ++r)
        if (b >> r & 1) t |= 1 << strength[r];
      to[b] = static_cast<std::uint8_t>(t);
      from[t] = static_cast<std::uint8_t>(b);
    }
  }
};
constexpr StrengthOrder kPlainOrder{kPlainStrength};
constexpr StrengthOrder kTrumpOrder{kTrumpStrength};

inline const StrengthOrder& order_of(int suit, int trump) { return suit == trump ? kTrumpOrder : kPlainOrder; }

// The cards of `mine` in one suit that no card of `theirs` in that suit beats.
inline std::uint8_t masters_in(std::uint8_t mine, std::uint8_t theirs, const StrengthOrder& order) {
  const unsigned t = order.to[theirs];
  if (!t) return mine;
  const unsigned above = ~((2u << (31 - __builtin_clz(t))) - 1u);
  return order.from[order.to[mine] & above & 0xFFu];
}

// The cards of `mine` that are masters of their suit against the cards `theirs` may hold.
inline Hand masters(Hand mine, Hand theirs, int trump) {
  Hand out = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    const std::uint8_t m = suit_holding(mine, s);
    if (m) out |= Hand{masters_in(m, suit_holding(theirs, s), order_of(s, trump))} << (8 * s);
  }
  return out;
}

// Strength of a card within its own suit (0 weakest .. 7).
inline int suit_strength(Card c, int trump) {
  return suit_of(c) == trump ? kTrumpStrength[rank_of(c)] : kPlainStrength[rank_of(c)];
}

inline int abnat_of(Card c, int trump) {
  return suit_of(c) == trump ? kTrumpAbnat[rank_of(c)] : kPlainAbnat[rank_of(c)];
}

// Per rank, plain then trump: 16 * abnat + strength (the cost of losing a card, ties to the weakest)
// and 16 * abnat - strength (the value of giving it, ties to the weakest).
struct CardCosts {
  int lose[2][kNumRanks] = {};
  int give[2][kNumRanks] = {};
  constexpr CardCosts() {
    for (int r = 0; r < kNumRanks; ++r) {
      lose[0][r] = 16 * kPlainAbnat[r] + kPlainStrength[r];
      lose[1][r] = 16 * kTrumpAbnat[r] + kTrumpStrength[r];
      give[0][r] = 16 * kPlainAbnat[r] - kPlainStrength[r];
      give[1][r] = 16 * kTrumpAbnat[r] - kTrumpStrength[r];
    }
  }
};
constexpr CardCosts kCardCosts{};

inline Hand plain_above(Card c) { return Hand{kPlainAbove.of[rank_of(c)]} << (8 * suit_of(c)); }

// The cards that would beat `winning`, the card now winning a trick (a trump or of the led suit).
inline Hand beaters_of(Card winning, int trump) {
  if (suit_of(winning) == trump) return trumps_above(winning);
  return plain_above(winning) | (trump == kNoSuit ? 0 : suit_mask(trump));
}

// The weakest / strongest card of a non-empty set, by strength within its suit (ties: lowest index).
inline Card weakest(Hand h, int trump) {
  Card best = lowest_card(h);
  int best_s = suit_strength(best, trump);
  for (h = without_lowest(h); h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int s = suit_strength(c, trump);
    if (s < best_s) best = c, best_s = s;
  }
  return best;
}

inline Card strongest(Hand h, int trump) {
  Card best = lowest_card(h);
  int best_s = suit_strength(best, trump);
  for (h = without_lowest(h); h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    const int s = suit_strength(c, trump);
    if (s > best_s) best = c, best_s = s;
  }
  return best;
}

// ---- What the seat knows about the hidden hands ---------------------------------------------------

struct Knowledge {
  Hand possible[kNumSeats];  // cards each seat may still hold (the seat's own hand for itself)
  Hand opp;                  // cards either opponent may hold
};

// Seat-suit void flags: bit 4 * seat + suit.
using Voids = std::uint32_t;

// The Hand mask of a 4-bit set of suits.
constexpr Hand suits_mask(unsigned suits) {
  return (suits & 1 ? suit_mask(0) : 0) | (suits & 2 ? suit_mask(1) : 0) | (suits & 4 ? suit_mask(2) : 0) |
         (suits & 8 ? suit_mask(3) : 0);
}

// Trick strength by class (0: neither led suit nor trump, 1: led suit, 2: trump) and rank.
struct KeyTable {
  std::uint8_t of[3][kNumRanks] = {};
  constexpr KeyTable() {
    for (int r = 0; r < kNumRanks; ++r) {
      of[1][r] = static_cast<std::uint8_t>(8 + kPlainStrength[r]);
      of[2][r] = static_cast<std::uint8_t>(16 + kTrumpStrength[r]);
    }
  }
};
constexpr KeyTable kKeys{};

inline int key_of(unsigned c, int led, int trump) {
  const int s = static_cast<int>(c >> 3);
  return kKeys.of[s == trump ? 2 : s == led ? 1 : 0][c & 7];
}

// The Hand mask of each 4-bit set of suits.
struct SuitsMask {
  Hand of[16] = {};
  constexpr SuitsMask() {
    for (unsigned m = 0; m < 16; ++m) of[m] = suits_mask(m);
  }
};
constexpr SuitsMask kSuitsMask{};

// The cards each seat may hold: the unseen cards less what the play, the up-card's known holder and
// the hand sizes rule out.
void infer(const SeatView& v, Knowledge& k) {
  const int me = v.seat();
  const int done = v.tricks_played();
  const int cur = v.trick_len();
  const Voids voids = v.shown_voids();
  const Hand unseen = v.unseen();
  const Card up = v.up_card();
  const int holder = v.up_card_holder();
  const Hand up_elsewhere = holder != me && (unseen & bit(up)) ? bit(up) : 0;
  for (int s = 0; s < kNumSeats; ++s)
    k.possible[s] = unseen & ~kSuitsMask.of[voids >> (4 * s) & 0xF] & (s == holder ? kFullDeck : ~up_elsewhere);
  k.possible[me] = v.hand();
  // A seat whose possible cards are no more than its hand holds them all.
  const int leader = v.leader();
  for (int step = 1; step < kNumSeats; ++step) {
    const int s = seat_after(me, step);
    const int left = kNumTricks - done - (((s - leader) & 3) < cur ? 1 : 0);
    // Without a known void a seat may hold every unseen card but the up-card and those of one other
    // seat: more than its hand while each hidden hand holds two cards or more.
    if ((voids >> (4 * s) & 0xF) == 0 && done < kNumTricks - 2) continue;
    if (pop(k.possible[s]) <= left)
      for (int o = 1; o < kNumSeats; ++o)
        if (o != step) k.possible[seat_after(me, o)] &= ~k.possible[s];
  }
  k.opp = k.possible[seat_after(me, 1)] | k.possible[seat_after(me, 3)];
}

// ---- Card play ------------------------------------------------------------------------------------

class Player {
 public:
  Player(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v) : p_(p), t_(t), v_(v) {}

  int play() {
    const Hand legal = v_.legal_cards();
    if (!(legal & (legal - 1))) return lowest_card(legal);
    me_ = v_.seat();
    trump_ = v_.contract().trump;
    tm_ = v_.contract().trump_mask();
    hand_ = v_.hand();
    if (v_.trick_len() > 0) read_trick(legal);
    // Exact knowledge of the hidden hands matters only for what the next seat may do, and only to a
    // seat that is not last and may still take the trick or must judge its partner's card; the others
    // value their cards against every unseen card (but an up-card the partner holds). The shortcut
    // made no measurable difference in self-play.
    const bool exact = v_.trick_len() == 0 || (v_.trick_len() < kNumSeats - 1 && (partner_wins_ || beaters_));
    if (exact) {
      infer(v_, k_);
    } else {
      const Hand up = bit(v_.up_card());
      k_.opp = v_.up_card_holder() == partner_of(me_) ? v_.unseen() & ~up : v_.unseen();
    }
    mast_ = masters(hand_, k_.opp, trump_);
    return v_.trick_len() == 0 ? lead() : follow(legal);
  }

 private:
  // Whether seat `o` may be void in `suit` (known void, or too few of the suit out to count on it).
  bool may_be_void(int o, int suit) const {
    const Hand in_suit = k_.possible[o] & suit_mask(suit);
    return !in_suit || pop(in_suit) < p_.ruff_safe_unseen;
  }

  // Whether seat `o`, yet to play to a trick led in `led`, may beat the winning card `w`.
  bool may_beat(int o, Card w, int led) const {
    const Hand poss = k_.possible[o];
    if (suit_of(w) == trump_) {
      if (!(poss & trumps_above(w))) return false;
      return led == trump_ || may_be_void(o, led);
    }
    if (poss & plain_above(w)) return true;
    return (poss & tm_) && may_be_void(o, led);
  }

  // Whether seat `o` may ruff a lead of side suit `suit`.
  bool may_ruff(int o, int suit) const { return (k_.possible[o] & tm_) && may_be_void(o, suit); }

  // The cards whose keeping value goes beyond trump and master: the only guard of a 10 whose ace is
  // out, and (Hokum, holding trumps) a side singleton, whose discard makes a void to ruff.
  struct KeepMasks {
    Hand guard = 0;
    Hand single = 0;
  };
  KeepMasks keep_masks() const {
    KeepMasks m;
    const bool ruffer = (hand_ & tm_) != 0;
    for (int s = 0; s < kNumSuits; ++s) {
      const unsigned mine = suit_holding(hand_, s);
      if (!mine || s == trump_) continue;
      const unsigned rest = mine & (mine - 1);
      if (!rest) {
        if (ruffer) m.single |= Hand{mine} << (8 * s);
      } else if (!(rest & (rest - 1)) && (mine >> kTen & 1) && !(mast_ >> (8 * s + kTen) & 1)) {
        m.guard |= Hand{mine & ~(1u << kTen)} << (8 * s);
      }
    }
    return m;
  }

  // What keeping card c is worth beyond its abnat, in sixteenths of an abnat.
  int keep(Card c, const KeepMasks& m) const {
    return static_cast<int>(tm_ >> c & 1) * t_.keep_trump + static_cast<int>(mast_ >> c & 1) * t_.keep_master +
           static_cast<int>(m.guard >> c & 1) * t_.keep_guard - static_cast<int>(m.single >> c & 1) * t_.keep_single;
  }

  // The card to lose: least abnat and keep value, then the weakest.
  Card duck(Hand options) const {
    const KeepMasks m = keep_masks();
    Card best = 0;
    int best_cost = 1 << 30;
    for (Hand h = options; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int cost = kCardCosts.lose[suit_of(c) == trump_][rank_of(c)] + keep(c, m);
      if (cost < best_cost) best_cost = cost, best = c;
    }
    return best;
  }

  // The card to give a partner who is sure to win: most abnat net of keep value, then the weakest.
  Card give(Hand options) const {
    const KeepMasks m = keep_masks();
    Card best = 0;
    int best_score = -(1 << 30);
    for (Hand h = options; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int score = kCardCosts.give[suit_of(c) == trump_][rank_of(c)] - keep(c, m);
      if (score > best_score) best_score = score, best = c;
    }
    return best;
  }

  // The cheapest winner among `options`: least keep value, then the weakest.
  Card win_cheaply(Hand options) const {
    if (!(options & (options - 1))) return lowest_card(options);
    const KeepMasks m = keep_masks();
    Card best = 0;
    int best_cost = 1 << 30;
    for (Hand h = options; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int cost = keep(c, m) + 4 * suit_strength(c, trump_);
      if (cost < best_cost) best_cost = cost, best = c;
    }
    return best;
  }

  // The sure winner to cash first: most abnat, then the strongest.
  Card cash(Hand options) const {
    Card best = 0;
    int best_score = -1;
    for (Hand h = options; h; h = without_lowest(h)) {
      const Card c = lowest_card(h);
      const int score = abnat_of(c, trump_) * 8 + suit_strength(c, trump_);
      if (score > best_score) best_score = score, best = c;
    }
    return best;
  }

  int lead() const {
    const int o1 = seat_after(me_, 1), o2 = seat_after(me_, 3);
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
    Hand side_sure = 0;
    for (int s = 0; s < kNumSuits; ++s) {
      if (s == trump_) continue;
      const Hand m = mast_ & suit_mask(s);
      if (m && (!opp_trumps || (!may_ruff(o1, s) && !may_ruff(o2, s)))) side_sure |= m;
    }
    if (buying && opp_trumps && trump_masters) return strongest(trump_masters, trump_);
    if (side_sure) return cash(side_sure);
    if (buying && opp_trumps && pop(my_trumps) >= p_.draw_trumps_min) return weakest(my_trumps, trump_);
    if (trump_masters && (!opp_trumps || p_.defender_lead_master_trump > 0)) {
      return opp_trumps ? strongest(trump_masters, trump_) : weakest(trump_masters, trump_);
    }
    return default_lead();
  }

  // No sure winner: score each suit's weakest card as a lead.
  int default_lead() const {
    const int o1 = seat_after(me_, 1), o2 = seat_after(me_, 3), partner = partner_of(me_);
    const bool hokum = trump_ != kNoSuit;
    const Hand my_trumps = hand_ & tm_;
    const Hand pool = (hokum && (hand_ & ~tm_)) ? hand_ & ~tm_ : hand_;
    Card best = lowest_card(pool);
    double best_score = -1e9;
    for (int s = 0; s < kNumSuits; ++s) {
      const Hand mine = pool & suit_mask(s);
      if (!mine) continue;
      const Card cand = weakest(mine, trump_);
      const int n = pop(mine);
      double score = -abnat_of(cand, trump_) - 0.01 * suit_strength(cand, trump_);
      if (s != trump_) {
        const Card ten = make_card(s, kTen);
        if (n == 2 && cand != ten && (mine & bit(ten)) && !(mast_ & bit(ten))) score -= p_.lead_unguard_penalty;
      }
      if (!hokum) {
        score += p_.lead_long_suit * n;
      } else if (s != trump_) {
        if (my_trumps && n == 1) score += p_.lead_short_suit;
        const bool opp_ruffs = ((k_.possible[o1] & tm_) && !(k_.possible[o1] & suit_mask(s))) ||
                               ((k_.possible[o2] & tm_) && !(k_.possible[o2] & suit_mask(s)));
        if (opp_ruffs) {
          score -= p_.lead_ruff_penalty;
        } else if ((k_.possible[partner] & tm_) && !(k_.possible[partner] & suit_mask(s))) {
          score += p_.lead_partner_ruff;
        }
      }
      if (score > best_score) best_score = score, best = cand;
    }
    return best;
  }

  // The trick on the table: who is winning it, what it holds, which legal cards would beat it.
  void read_trick(Hand legal) {
    const int n = v_.trick_len();
    const Card* trick = v_.trick();
    led_ = suit_of(trick[0]);
    int win_i = 0;
    int win_key = key_of(trick[0], led_, trump_);
    points_ = abnat_of(trick[0], trump_);
    for (int i = 1; i < n; ++i) {
      const int key = key_of(trick[i], led_, trump_);
      if (key > win_key) win_key = key, win_i = i;
      points_ += abnat_of(trick[i], trump_);
    }
    if (v_.tricks_played() == kNumTricks - 1) points_ += kLastTrickAbnat;
    winning_ = trick[win_i];
    partner_wins_ = n >= 2 && win_i == n - 2;
    beaters_ = legal & beaters_of(winning_, trump_);
  }

  int follow(Hand legal) const {
    const int n = v_.trick_len();
    // At most one opponent plays after this seat: the next seat, unless this seat is last.
    const int next = seat_after(me_);
    const bool last = n == kNumSeats - 1;
    if (partner_wins_) {
      if (last || !may_beat(next, winning_, led_)) return give(legal);
      if (points_ >= p_.secure_partner_points) {
        Hand secure = 0;
        for (Hand h = beaters_; h; h = without_lowest(h))
          if (!may_beat(next, lowest_card(h), led_)) secure |= bit(lowest_card(h));
        if (secure) return win_cheaply(secure);
      }
      return duck(legal);
    }
    if (beaters_) {
      if (last) return win_cheaply(beaters_);
      Hand secure = 0;
      for (Hand h = beaters_; h; h = without_lowest(h))
        if (!may_beat(next, lowest_card(h), led_)) secure |= bit(lowest_card(h));
      if (secure) return win_cheaply(secure);
      // Third hand, not sure to win: a cheap card may still force out the last player's best.
      if (n == 2) {
        Hand risky = 0;
        for (Hand h = beaters_; h; h = without_lowest(h))
          if (abnat_of(lowest_card(h), trump_) <= p_.risk_abnat) risky |= bit(lowest_card(h));
        if (risky) return win_cheaply(risky);
      }
    }
    return duck(legal);
  }

  const HeuristicParams& p_;
  const HeuristicTables& t_;
  const SeatView& v_;
  Knowledge k_{};
  int me_ = 0;
  int trump_ = kNoSuit;
  Hand tm_ = 0;
  Hand hand_ = 0;
  Hand mast_ = 0;
  // The trick on the table, when following.
  int led_ = kNoSuit;
  Card winning_ = 0;
  int points_ = 0;
  bool partner_wins_ = false;
  Hand beaters_ = 0;
};

// ---- Hand evaluation ------------------------------------------------------------------------------

// Project abnat of `cards` in Sun and in Hokum; the search only runs when the cards hold a run of
// three or four of a kind (10 to A).
struct ProjectAbnat {
  int sun = 0;
  int hokum = 0;
};
ProjectAbnat project_abnat(Hand cards) {
  ProjectAbnat out;
  const Hand runs = cards & (cards >> 1) & (cards >> 2) & 0x3F3F3F3Fu;
  const Hand fours = cards & (cards >> 8) & (cards >> 16) & (cards >> 24) & 0xF8u;
  if (!runs && !fours) return out;
  out.sun = best_projects(cards, Mode::kSun).abnat;
  out.hokum = best_projects(cards, Mode::kHokum).abnat;
  return out;
}

}  // namespace

HeuristicTables::HeuristicTables(const HeuristicParams& p)
    : keep_trump(static_cast<int>(std::lround(16 * p.trump_keep))),
      keep_master(static_cast<int>(std::lround(16 * p.master_keep))),
      keep_guard(static_cast<int>(std::lround(16 * p.guard_keep))),
      keep_single(static_cast<int>(std::lround(16 * p.void_bonus))) {
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
double hokum_value(const HeuristicParams& p, const HeuristicTables& t, Hand cards, int trump, int projects) {
  double v = p.hokum_base + p.hokum_project * projects;
  int voids = 0;
  for (int s = 0; s < kNumSuits; ++s) {
    const std::uint8_t h = suit_holding(cards, s);
    if (s == trump) {
      v += t.hokum_trump[h];
    } else {
      v += t.hokum_side[h];
      voids += h == 0;
    }
  }
  if (pop(cards & suit_mask(trump)) >= 2) v += p.hokum_side_void * voids;
  return v;
}

int trump_count(Hand cards, int trump) { return pop(cards & suit_mask(trump)); }

// Expected margin of buying Sun holding `cards`, whose Sun projects are worth `projects`.
double sun_value(const HeuristicParams& p, const HeuristicTables& t, Hand cards, int projects) {
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

int bid(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v) {
  const ActionMask legal = v.legal_actions();
  const Hand hand = v.hand();
  const Card up = v.up_card();
  const int up_suit = suit_of(up);
  const Hand with_up = hand | bit(up);
  const ProjectAbnat projects = project_abnat(with_up);
  const double sun = sun_value(p, t, with_up, projects.sun);
  const double ashkal = (legal & action_bit(kAshkal)) ? ashkal_value(p, t, hand, up) : -1e9;
  const double sun_best = sun > ashkal ? sun : ashkal;
  const int sun_action = sun >= ashkal ? kSun : kAshkal;
  switch (v.bid_stage()) {
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
      return sun >= p.sun_take_priority ? kSun : kPass;
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

int double_call(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v) {
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
    case Phase::kPlaying:
      return Player(p_, t_, view).play();
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
