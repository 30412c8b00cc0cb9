#include "players/play_features.hpp"

#include <cassert>
#include <cstring>

#include "kernel/rules.hpp"
#include "players/seat_knowledge.hpp"
#include "players/suit_tables.hpp"

namespace baloot {

const char* const kPlayFeatureNames[kPlayFeatures] = {
    "is_usual",        "abnat",          "is_trump",        "strength_in_suit",          "is_master",
    "higher_out",      "suit_length",    "weakest_of_suit", "strongest_of_suit", "last_of_suit",
    "makes_ruffing_void", "bares_ten",   "ten_under_ace",   "trumps_left",       "follows_suit",
    "ruffs",           "discards",       "wins_now",        "wins_surely",       "team_surely",
    "lost_surely",     "gives_abnat",    "throws_abnat",    "takes_trick_abnat", "takes_surely",
    "team_takes",      "risks_abnat",    "trumps_partner",  "overtakes_partner", "wastes_strength",
    "drops_master",    "opponent_ruffs", "partner_ruffs",   "draws_trumps",      "partner_led_suit",
    "opponent_led_suit", "suit_out",     "late_trump",      "late_abnat",
};

namespace {

class Reader {
 public:
  explicit Reader(const SeatView& v)
      : v_(v),
        contract_(v.contract()),
        trump_(contract_.trump),
        ti_(trump_index(trump_)),
        tm_(contract_.trump_mask()),
        hand_(v.hand()),
        unseen_(v.unseen()),
        n_(v.trick_len()),
        left_(kNumTricks - v.tricks_played()) {
    infer(v, k_);
    led_ = n_ > 0 ? suit_of(v.trick()[0]) : kNoSuit;
    if (n_ > 0) {
      winning_ = v.trick()[v.trick_best()];
      partner_wins_ = n_ >= 2 && v.trick_best() == n_ - 2;
      for (int i = 0; i < n_; ++i) table_abnat_ += kFacts.abnat[ti_][v.trick()[i]];
    }
    if (left_ == 1) table_abnat_ += kLastTrickAbnat;
    for (int t = 0; t < v.tricks_played(); ++t) {
      const int leader = v.trick_leader(t);
      const unsigned suit = 1u << suit_of(v.played_card(kNumSeats * t));
      if (leader == v.partner()) partner_led_ |= suit;
      if (team_of(leader) != team_of(v.seat())) other_led_ |= suit;
    }
  }

  int context() const {
    const bool buying = team_of(v_.buyer()) == team_of(v_.seat());
    return (trump_ != kNoSuit) * 2 * kNumSeats + n_ * 2 + buying;
  }

  void fill(Hand legal, Card usual, Card c, float* x) const {
    std::memset(x, 0, sizeof(float) * kPlayFeatures);
    const int s = suit_of(c);
    const int abnat = kFacts.abnat[ti_][c];
    const bool trump = s == trump_;
    const Hand above = cards_above(c, contract_);
    const Hand mine = hand_ & suit_mask(s);
    const int length = popcount(mine);
    const bool master = !(above & unseen_);
    x[kIsUsual] = c == usual;
    x[kAbnat] = abnat / 10.0f;
    x[kIsTrump] = trump;
    x[kStrengthInSuit] = kFacts.strength[ti_][c] / 7.0f;
    x[kIsMaster] = master;
    x[kHigherOut] = popcount(above & unseen_) / 3.0f;
    x[kSuitLength] = length / 8.0f;
    x[kWeakestOfSuit] = !(mine & ~above & ~bit(c));
    x[kStrongestOfSuit] = !(mine & above);
    x[kLastOfSuit] = length == 1;
    x[kMakesRuffingVoid] = trump_ != kNoSuit && !trump && length == 1 && (hand_ & tm_);
    if (!trump) {
      const Card ten = make_card(s, kTen), ace = make_card(s, kAce);
      const bool ace_out = unseen_ >> ace & 1;
      x[kBaresTen] = ace_out && c != ten && length == 2 && (mine >> ten & 1);
      x[kTenUnderAce] = ace_out && c == ten;
    }
    x[kTrumpsLeft] = popcount(hand_ & tm_ & ~bit(c)) / 8.0f;
    x[kSuitOut] = popcount(unseen_ & suit_mask(s)) / 8.0f;
    x[kPartnerLedSuit] = partner_led_ >> s & 1;
    x[kOpponentLedSuit] = other_led_ >> s & 1;
    x[kLateTrump] = trump && left_ <= 3;
    x[kLateAbnat] = left_ <= 2 ? abnat / 10.0f : 0.0f;

    const int led = n_ > 0 ? led_ : s;
    const bool wins_now = n_ == 0 || beats(c, winning_, contract_);
    const bool wins_surely = wins_now && !opponent_after_may_beat(c, led);
    bool team_surely = wins_surely, lost_surely = false;
    if (n_ > 0) {
      x[kFollowsSuit] = s == led_;
      x[kRuffs] = trump && led_ != trump_;
      x[kDiscards] = s != led_ && !trump;
      x[kTrumpsPartner] = trump && partner_wins_;
      x[kOvertakesPartner] = wins_now && partner_wins_;
      x[kDropsMaster] = master && !wins_now;
      if (!wins_now) {
        if (partner_wins_) {
          team_surely = !opponent_after_may_beat(winning_, led_);
        } else {
          // The other team is winning: only a partner yet to play may still take the trick.
          lost_surely = n_ >= 2 || !may_beat(kPartner, winning_, led_);
        }
      }
      const Hand winners = legal & beaters_of(winning_, trump_) & suit_mask(s);
      x[kWastesStrength] = wins_now && (winners & ~above & ~bit(c));
    } else {
      const Hand masters = legal & suit_mask(s) & ~bit(c);
      bool weaker_master = false;
      for (Hand h = masters & ~above; h; h = without_lowest(h))
        weaker_master |= !(cards_above(lowest_card(h), contract_) & unseen_);
      x[kWastesStrength] = master && weaker_master;
      if (trump_ != kNoSuit && !trump) {
        x[kOpponentRuffs] = may_ruff(kNext, s) || may_ruff(kPrevious, s);
        x[kPartnerRuffs] = may_ruff(kPartner, s);
      }
      x[kDrawsTrumps] = trump && (k_.opp & tm_);
    }
    x[kWinsNow] = wins_now;
    x[kWinsSurely] = wins_surely;
    x[kTeamSurely] = team_surely;
    x[kLostSurely] = lost_surely;
    x[kGivesAbnat] = team_surely ? abnat / 10.0f : 0.0f;
    x[kThrowsAbnat] = lost_surely ? abnat / 10.0f : 0.0f;
    x[kTakesTrickAbnat] = wins_now ? table_abnat_ / 20.0f : 0.0f;
    x[kTakesSurely] = wins_surely ? table_abnat_ / 20.0f : 0.0f;
    x[kTeamTakes] = team_surely ? table_abnat_ / 20.0f : 0.0f;
    x[kRisksAbnat] = wins_now && !wins_surely ? abnat / 10.0f : 0.0f;
  }

 private:
  // Whether seat `o` (counted from this one) may ruff a lead of side suit `s`: it may hold a trump and
  // no card of the suit.
  bool may_ruff(int o, int s) const { return (k_.possible[o] & tm_) && !(k_.possible[o] & suit_mask(s)); }

  // Whether seat `o`, yet to play to a trick led in `led`, may beat the winning card `w`.
  bool may_beat(int o, Card w, int led) const {
    const Hand poss = k_.possible[o];
    const bool void_in_led = !(poss & suit_mask(led));
    if (suit_of(w) == trump_) return (poss & trumps_above(w)) && (led == trump_ || void_in_led);
    return (poss & cards_above(w, contract_)) || ((poss & tm_) && void_in_led);
  }

  // Whether an opponent yet to play to this trick may beat `w`, the card winning it.
  bool opponent_after_may_beat(Card w, int led) const {
    const int after = kNumSeats - 1 - n_;  // seats yet to play after this one
    return (after >= 1 && may_beat(kNext, w, led)) || (after >= 3 && may_beat(kPrevious, w, led));
  }

  const SeatView& v_;
  const Contract contract_;
  const int trump_;
  const int ti_;
  const Hand tm_;
  const Hand hand_;
  const Hand unseen_;
  const int n_;
  const int left_;  // tricks not yet finished, this one included
  Knowledge k_;
  int led_ = kNoSuit;
  Card winning_ = 0;
  bool partner_wins_ = false;
  int table_abnat_ = 0;
  unsigned partner_led_ = 0, other_led_ = 0;  // suits led earlier by the partner, by the other team
};

// Where the pair weights of feature i begin, less i: the weight of the pair (i, j >= i) is at of[i] + j.
struct PairRows {
  int of[kPlayFeatures] = {};
  constexpr PairRows() {
    int at = kPlayFeatures;
    for (int i = 0; i < kPlayFeatures; ++i) {
      of[i] = at - i;
      at += kPlayFeatures - i;
    }
  }
};
constexpr PairRows kPairRows{};

}  // namespace

float play_value(const float* weights, const float* x) {
  // Most features of a card are zero: the pairs are summed over the others alone.
  int nonzero[kPlayFeatures];
  int n = 0;
  float value = 0;
  for (int i = 0; i < kPlayFeatures; ++i) {
    if (x[i] != 0.0f) {
      nonzero[n++] = i;
      value += weights[i] * x[i];
    }
  }
  for (int a = 0; a < n; ++a) {
    const int i = nonzero[a];
    const float* row = weights + kPairRows.of[i];
    float sum = 0;
    for (int b = a; b < n; ++b) sum += row[nonzero[b]] * x[nonzero[b]];
    value += sum * x[i];
  }
  return value;
}

void play_features(const SeatView& v, Hand legal, Card usual, PlayFeatures& out) {
  assert(v.phase() == Phase::kPlaying && (legal & (legal - 1)) && (legal & ~v.hand()) == 0);
  const Reader reader(v);
  out.context = reader.context();
  out.count = 0;
  for (Hand h = legal; h; h = without_lowest(h)) {
    const Card c = lowest_card(h);
    out.card[out.count] = c;
    reader.fill(legal, usual, c, out.x[out.count]);
    ++out.count;
  }
}

}  // namespace baloot
