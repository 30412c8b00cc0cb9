// One hand's state machine: dealt from a seed or a deck, its legal actions, apply, what a seat sees, the result.
#include <string>

#include "capi/capi.hpp"
#include "kernel/observation.hpp"

namespace baloot::capi {

namespace {

baloot_hand* dealt(const baloot_rules* rules, const int* deck, int dealer, const int* scores) {
  Card cards[kNumCards];
  checked_deck(need(deck, "deck"), kNumCards, cards);
  int before[2];
  checked_scores(scores, before);
  return new baloot_hand{HandState(cards, checked_seat(dealer, "dealer"), before, rules_of(rules)), {}};
}

}  // namespace

}  // namespace baloot::capi

using namespace baloot;
using namespace baloot::capi;

extern "C" {

baloot_status baloot_hand_new(const baloot_rules* rules, uint64_t seed, int dealer, const int* scores,
                              baloot_hand** out) {
  return guard([&] {
    need(out, "out");
    int before[2];
    checked_scores(scores, before);
    Rng rng(seed);
    *out = new baloot_hand{HandState::random_deal(rng, checked_seat(dealer, "dealer"), before, rules_of(rules)), {}};
  });
}

baloot_status baloot_hand_from_deck(const baloot_rules* rules, const int* deck, int dealer, const int* scores,
                                    baloot_hand** out) {
  return guard([&] { *need(out, "out") = dealt(rules, deck, dealer, scores); });
}

baloot_status baloot_hand_for_bid(const baloot_rules* rules, const int* cards, int up_card, int seat, int dealer,
                                  const int* scores, baloot_hand** out) {
  return guard([&] {
    need(out, "out");
    need(cards, "cards");
    checked_seat(seat, "seat");
    int positions[5];
    first_five_positions(seat, checked_seat(dealer, "dealer"), positions);
    int deck[kNumCards];
    Hand placed = bit(checked_card(up_card));
    for (int& card : deck) card = -1;
    deck[kUpCardIndex] = up_card;
    for (int i = 0; i < 5; ++i) {
      const Card card = checked_card(cards[i]);
      if (placed & bit(card))
        throw RuleError("card " + std::to_string(card) + " is given twice (the five cards and the up-card)");
      placed |= bit(card);
      deck[positions[i]] = card;
    }
    Hand rest = kFullDeck & ~placed;
    for (int& card : deck)
      if (card < 0) card = lowest_card(rest), rest = without_lowest(rest);
    baloot_hand* hand = dealt(rules, deck, dealer, scores);
    while (hand->state.to_move() != seat) {
      hand->state.apply(kPass);
      hand->history.push_back(kPass);
    }
    *out = hand;
  });
}

baloot_status baloot_hand_copy(const baloot_hand* hand, baloot_hand** out) {
  return guard([&] { *need(out, "out") = new baloot_hand{*need(hand, "hand")}; });
}

void baloot_hand_free(baloot_hand* hand) { delete hand; }

baloot_status baloot_hand_legal_actions(const baloot_hand* hand, uint64_t* out) {
  return guard([&] { *need(out, "out") = need(hand, "hand")->state.legal_actions(); });
}

baloot_status baloot_hand_apply(baloot_hand* hand, int action) {
  return guard([&] {
    HandState& state = need(hand, "hand")->state;
    if (!state.is_legal(action)) throw IllegalActionError("action " + std::to_string(action) + " is not legal now");
    hand->history.reserve(kNumCards + 16);  // grown here, where a failure leaves the hand as it was
    hand->history.push_back(action);
    state.apply(action);
  });
}

baloot_status baloot_hand_info_get(const baloot_hand* hand, baloot_hand_info* out) {
  return guard([&] {
    const HandState& s = need(hand, "hand")->state;
    baloot_hand_info info{};
    info.phase = static_cast<int>(s.phase());
    info.to_move = s.phase() == Phase::kOver ? kNoSeat : s.to_move();
    info.dealer = s.dealer();
    info.up_card = s.up_card();
    info.round = s.round();
    for (int team = 0; team < 2; ++team) {
      info.scores[team] = s.score_before(team);
      info.tricks_won[team] = s.tricks_won(team);
      info.abnat[team] = s.has_contract() ? s.abnat(team) : 0;
    }
    info.has_contract = s.has_contract();
    info.mode = static_cast<int>(s.contract().mode);
    info.trump = s.contract().trump;
    info.buyer = s.buyer();
    info.ashkal = s.ashkal();
    info.multiplier = s.multiplier();
    info.gahwa = s.gahwa();
    info.closed = s.closed();
    info.leader = s.leader();
    info.trick_len = s.trick_len();
    for (int i = 0; i < kNumSeats; ++i) info.trick[i] = i < s.trick_len() ? s.trick_card(i) : -1;
    info.tricks_played = s.tricks_played();
    *need(out, "out") = info;
  });
}

baloot_status baloot_hand_cards(const baloot_hand* hand, int seat, uint32_t* out) {
  return guard([&] { *need(out, "out") = need(hand, "hand")->state.hand(checked_seat(seat, "seat")); });
}

baloot_status baloot_hand_played(const baloot_hand* hand, int* out, int* count) {
  return guard([&] {
    const HandState& s = need(hand, "hand")->state;
    need(out, "out");
    const int n = s.tricks_played() * kNumSeats + s.trick_len();
    for (int i = 0; i < n; ++i) out[i] = s.played_card(i);
    *need(count, "count") = n;
  });
}

int baloot_observation_size(void) { return kObservationSize; }

baloot_status baloot_hand_observe(const baloot_hand* hand, int seat, float* out, size_t size) {
  return guard([&] {
    const HandState& s = need(hand, "hand")->state;
    if (size < static_cast<size_t>(kObservationSize))
      throw RuleError("an observation needs " + std::to_string(kObservationSize) + " floats, the buffer has " +
                      std::to_string(size));
    observe(s, checked_seat(seat, "seat"), need(out, "out"));
  });
}

baloot_status baloot_hand_result(const baloot_hand* hand, baloot_result* out) {
  return guard([&] {
    const HandState& s = need(hand, "hand")->state;
    if (s.phase() != Phase::kOver) throw RuleError("the hand is not over: it has no result yet");
    baloot_result result{};
    result.thrown_in = s.thrown_in();
    result.made = s.score().made;
    result.kaboot = s.score().kaboot;
    for (int team = 0; team < 2; ++team) {
      result.points[team] = s.score().points[team];
      result.abnat[team] = s.thrown_in() ? 0 : s.abnat(team);
      result.tricks[team] = s.tricks_won(team);
    }
    *need(out, "out") = result;
  });
}

}  // extern "C"
