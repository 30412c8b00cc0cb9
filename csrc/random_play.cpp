// The card play of all-random simulations, their hot loop: the hands, the contract and the host
// options in locals (the HandState's own fields would be reloaded after every card written to its
// log), the trick's winner kept as a running trick_power, and every test a selection rather than a
// branch: in random play each of them is a coin toss the branch predictor loses.
#include "hand.hpp"

namespace baloot {

void HandState::play_randomly(Rng& rng) {
  while (phase_ == Phase::kPlaying && trick_len_ > 0) play(random_card(legal_cards(), rng));
  if (phase_ != Phase::kPlaying) return;
  if (contract_.mode == Mode::kSun) {
    play_tricks_randomly<Mode::kSun>(rng);
  } else {
    play_tricks_randomly<Mode::kHokum>(rng);
  }
}

// The contract's mode is a constant here, so that in Sun every trump test of the kernel folds away.
template <Mode kMode>
void HandState::play_tricks_randomly(Rng& stream) {
  Rng rng = stream;
  const Contract contract = kMode == Mode::kSun ? Contract{} : contract_;
  if (kMode == Mode::kHokum && contract.trump == kNoSuit) __builtin_unreachable();
  const Rules rules = rules_;
  Hand hands[kNumSeats] = {hands_[0], hands_[1], hands_[2], hands_[3]};
  unsigned voids = voids_;
  int leader = leader_;
  for (int t = tricks_played_; t < kNumTricks; ++t) {
    Card trick[kNumSeats];
    trick[0] = random_card(hands[leader], rng);
    hands[leader] ^= bit(trick[0]);
    const int led = suit_of(trick[0]);
    int best = 0;
    Card winning = trick[0];
    int best_power = trick_power(winning, led, contract);
    for (int i = 1; i < kNumSeats; ++i) {
      const int seat = seat_after(leader, i);
      const bool partner_winning = best == i - 2;
      const Card card = random_card(legal_follows(hands[seat], led, winning, partner_winning, contract, rules), rng);
      hands[seat] ^= bit(card);
      trick[i] = card;
      voids |= shown_void_suits(card, led, partner_winning, contract, rules) << (4 * seat);
      const int power = trick_power(card, led, contract);
      const bool takes = power > best_power;
      best = static_cast<int>(choose(takes, i, best));
      winning = static_cast<Card>(choose(takes, card, winning));
      best_power = static_cast<int>(choose(takes, power, best_power));
    }
    const int winner = seat_after(leader, best);
    const Hand taken = bit(trick[0]) | bit(trick[1]) | bit(trick[2]) | bit(trick[3]);
    won_[team_of(winner)] |= taken;
    ++tricks_won_[team_of(winner)];
    trick_leaders_[t] = static_cast<std::int8_t>(leader);
    trick_winners_[t] = static_cast<std::int8_t>(winner);
    for (int i = 0; i < kNumSeats; ++i) play_log_[kNumSeats * t + i] = trick[i];
    leader = winner;
  }

  stream = rng;
  for (Hand& h : hands_) h = 0;
  played_ = kFullDeck;
  voids_ = static_cast<std::uint16_t>(voids);
  tricks_played_ = kNumTricks;
  leader_ = static_cast<std::int8_t>(leader);
  baloot_announced_ = baloot_pair_ != 0;
  finish_hand();
}

}  // namespace baloot
