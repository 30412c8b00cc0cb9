#include "players/heuristic_play.hpp"

#include <algorithm>
#include <cassert>

#include "players/seat_knowledge.hpp"
#include "players/suit_tables.hpp"

namespace baloot {

namespace {

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
    return t_.few_to_follow >> popcount(k_.possible[o] & suit_mask(suit)) & 1;
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
    if (p_.keep_trump_for_last > 0 && popcount(hand_) == 2 && trump_masters && (hand_ & ~tm_))
      return lowest_card(hand_ & ~tm_);
    // Side masters no opponent may ruff.
    const unsigned ruffed = opp_trumps ? ruff_suits(kNext) | ruff_suits(kPrevious) : 0;
    const Hand side_sure = mast_ & ~tm_ & kOutsideSuits.of[ruffed];
    if (buying && opp_trumps && trump_masters) return strongest_in(trump_masters, trump_, trump_);
    if (side_sure) return cash(side_sure);
    if (buying && opp_trumps && popcount(my_trumps) >= p_.draw_trumps_min) return weakest_in(my_trumps, trump_, trump_);
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
    const unsigned partner_led = p_.lead_partner_suit != 0 ? suits_led_by(partner_of(me_)) : 0;
    for (int s = 0; s < kNumSuits; ++s) {
      const Hand mine = pool & suit_mask(s);
      if (!mine) continue;
      const Card cand = weakest_in(mine, s, trump_);
      const int n = popcount(mine);
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
      if ((partner_led >> s & 1) && s != trump_) score += p_.lead_partner_suit;
      if (score > best_score) best_score = score, best = cand;
    }
    return best;
  }

  // The 4-bit set of suits `seat` has led in the tricks played so far.
  unsigned suits_led_by(int seat) const {
    unsigned suits = 0;
    for (int t = 0; t < v_.tricks_played(); ++t)
      if (v_.trick_leader(t) == seat) suits |= 1u << suit_of(v_.played_card(kNumSeats * t));
    return suits;
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

}  // namespace

[[gnu::noinline]] int heuristic_card(const HeuristicParams& p, const HeuristicTables& t, const SeatView& v, Hand legal) {
  assert(v.phase() == Phase::kPlaying && (legal & (legal - 1)) && (legal & ~v.hand()) == 0);
  return Player(p, t, v).play(legal);
}

}  // namespace baloot
