#include "kernel/observation.hpp"

#include <algorithm>

namespace baloot {

namespace {

int call_kind(int action) {
  if (action == kNoAction) return 0;
  if (action == kPass) return 1;
  if (action == kHokum) return 2;
  if (action < kSun) return 3 + action - kHokumSuit;
  return action == kSun ? 7 : 8;
}

void put_cards(float* out, Hand cards) {
  for (; cards; cards = without_lowest(cards)) out[lowest_card(cards)] = 1;
}

}  // namespace

void observe(const HandState& s, int seat, float* out) {
  std::fill(out, out + kObservationSize, 0.0f);
  auto at = [out](Block b) { return out + block_offset(b); };
  auto relative = [seat](int other) { return (other - seat) & 3; };
  const int team = team_of(seat);

  put_cards(at(Block::kHand), s.hand(seat));
  at(Block::kUpCard)[s.up_card()] = 1;
  const int played = s.tricks_played() * kNumSeats + s.trick_len();
  for (int i = 0; i < played; ++i) {
    const int t = i / kNumSeats;
    const bool on_table = t == s.tricks_played();
    const int r = relative((on_table ? s.leader() : s.trick_leader(t)) + i % kNumSeats);
    const Card card = s.played_card(i);
    at(Block::kPlayed)[kNumCards * r + card] = 1;
    if (on_table) at(Block::kTrick)[kNumCards * r + card] = 1;
  }
  at(Block::kPhase)[static_cast<int>(s.phase())] = 1;
  at(Block::kDealer)[relative(s.dealer())] = 1;
  at(Block::kRound)[s.round() - 1] = 1;
  for (int r = 0; r < kNumSeats; ++r) at(Block::kCalls)[kCallKinds * r + call_kind(s.last_bid(seat_after(seat, r)))] = 1;
  if (s.has_contract()) {
    const bool hokum = s.contract().mode == Mode::kHokum;
    at(Block::kMode)[hokum ? 2 : 1] = 1;
    if (hokum) at(Block::kTrump)[s.contract().trump] = 1;
    at(Block::kBuyer)[relative(s.buyer())] = 1;
    at(Block::kMultiplier)[s.multiplier() - 1] = 1;
    at(Block::kGahwa)[0] = s.gahwa() ? 1.0f : 0.0f;
  } else {
    at(Block::kMode)[0] = 1;
  }
  for (int r = 0; r < kNumSeats; ++r)
    for (int suit = 0; suit < kNumSuits; ++suit)
      at(Block::kVoids)[kNumSuits * r + suit] = static_cast<float>(s.shown_voids() >> (4 * seat_after(seat, r) + suit) & 1);
  at(Block::kTricksWon)[0] = s.tricks_won(team) / 8.0f;
  at(Block::kTricksWon)[1] = s.tricks_won(1 - team) / 8.0f;
  at(Block::kAbnat)[0] = s.abnat(team) / 162.0f;
  at(Block::kAbnat)[1] = s.abnat(1 - team) / 162.0f;
  const float target = static_cast<float>(s.rules().target);
  at(Block::kScores)[0] = std::min(s.score_before(team) / target, 1.0f);
  at(Block::kScores)[1] = std::min(s.score_before(1 - team) / target, 1.0f);
  if (s.baloot_announced()) at(Block::kBaloot)[relative(s.baloot_seat())] = 1;
}

}  // namespace baloot
