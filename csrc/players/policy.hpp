// Players: one interface from a state to an action. A policy sees the whole HandState, so that
// perfect-information players can exist; a fair player reads it only through a SeatView.
#pragma once

#include <memory>

#include "kernel/hand.hpp"
#include "kernel/rng.hpp"

namespace baloot {

class MatchTable;

// What the seat to move can see: its own cards, the up-card, the calls, the table and every card
// played so far. Other hands stay hidden (except the up-card, whose holder everyone knows).
class SeatView {
 public:
  explicit SeatView(const HandState& state) : state_(state), seat_(state.to_move()) {}

  int seat() const { return seat_; }
  int partner() const { return partner_of(seat_); }
  Hand hand() const { return state_.hand(seat_); }
  ActionMask legal_actions() const { return state_.legal_actions(); }
  Hand legal_cards() const { return state_.legal_cards(); }
  Phase phase() const { return state_.phase(); }
  int dealer() const { return state_.dealer(); }
  Card up_card() const { return state_.up_card(); }
  int round() const { return state_.round(); }
  BidStage bid_stage() const { return state_.bid_stage(); }
  int hokum_caller() const { return state_.hokum_caller(); }
  int last_bid(int seat) const { return state_.last_bid(seat); }  // kNoAction before the seat has spoken
  int score_before(int team) const { return state_.score_before(team); }
  const Rules& rules() const { return state_.rules(); }
  bool has_contract() const { return state_.has_contract(); }
  const Contract& contract() const { return state_.contract(); }
  int buyer() const { return state_.buyer(); }
  int up_card_holder() const { return state_.up_card_holder(); }
  int multiplier() const { return state_.multiplier(); }
  int leader() const { return state_.leader(); }
  int trick_len() const { return state_.trick_len(); }
  const Card* trick() const { return state_.trick(); }
  int trick_best() const { return state_.trick_best(); }  // index of the card winning the trick on the table
  int tricks_played() const { return state_.tricks_played(); }
  Hand played() const { return state_.played(); }
  Card played_card(int i) const { return state_.played_card(i); }
  int trick_leader(int t) const { return state_.trick_leader(t); }
  int abnat(int team) const { return state_.abnat(team); }
  std::uint16_t shown_voids() const { return state_.shown_voids(); }
  int pending_caller() const { return state_.pending_caller(); }
  int doubler() const { return state_.doubler(); }
  // Cards this seat cannot see: in other hands or not yet dealt.
  Hand unseen() const { return kFullDeck & ~hand() & ~played(); }

 private:
  const HandState& state_;
  int seat_;
};

class Policy {
 public:
  virtual ~Policy() = default;
  // A legal action for the seat to move. `rng` is the hand's own stream, so results follow the seed.
  virtual int choose(const HandState& state, Rng& rng) const = 0;
  // How this player reads the match score: two score pairs (its team's, the other's) of the same class
  // get the same decisions from it, so that hands at such scores may be grouped (match equity).
  // kAnyScoreClass when it may read the score in any way.
  virtual int score_class(int /*mine*/, int /*theirs*/) const { return 0; }
  // The same player reading `table` (a match equity table of the rules it will play under) where its
  // options say it weighs its calls by the chance to win the match; null for a player that never does.
  virtual std::shared_ptr<const Policy> with_match_table(std::shared_ptr<const MatchTable> /*table*/) const {
    return nullptr;
  }
};

constexpr int kAnyScoreClass = -1;

// Uniform over the legal actions, bids and doubles included.
class RandomPolicy final : public Policy {
 public:
  int choose(const HandState& state, Rng& rng) const override { return random_action(state.legal_actions(), rng); }

  // The same draw as random_card.
  static int random_action(ActionMask legal, Rng& rng) {
    int skip = static_cast<int>(rng.below(static_cast<std::uint32_t>(__builtin_popcountll(legal))));
    for (; skip > 0; --skip) legal &= legal - 1;
    return __builtin_ctzll(legal);
  }
};

}  // namespace baloot

#include <map>
#include <memory>
#include <string>

namespace baloot {

// Numeric options of a built-in player, e.g. {"samples": 20} for "pimc".
using PolicyOptions = std::map<std::string, double>;

struct StrongWeights;
struct NeuralNet;

// The learned values of the players that have them, which own them (shared, never changed): the strong
// player's, which the neural player calls by too, and the neural player's network.
struct LearnedWeights {
  std::shared_ptr<const StrongWeights> strong;
  std::shared_ptr<const NeuralNet> network;
};

// A built-in player by name ("random", ...); throws RuleError for an unknown name or option. `weights`: the
// learned values of the strong and neural players; the others take none.
std::shared_ptr<const Policy> make_policy(const std::string& name, const PolicyOptions& options = {},
                                          LearnedWeights weights = {});

}  // namespace baloot
