// The pure rule functions: legal moves, the trick winner, card abnat and game points.
#include <string>

#include "capi/capi.hpp"
#include "kernel/scoring.hpp"

namespace baloot::capi {

namespace {

int checked_trick(const int* cards, int len, int max_len, Card (&trick)[kNumSeats]) {
  if (len < 0 || len > max_len)
    throw RuleError("a trick of " + std::to_string(len) + " cards; 0 to " + std::to_string(max_len) + " here");
  if (len > 0) need(cards, "trick");
  for (int i = 0; i < len; ++i) trick[i] = checked_card(cards[i]);
  return len;
}

}  // namespace

}  // namespace baloot::capi

using namespace baloot;
using namespace baloot::capi;

extern "C" {

baloot_status baloot_legal_moves(uint32_t hand, const int* trick_cards, int trick_len, int mode, int trump,
                                 const baloot_rules* rules, uint32_t played, int closed, uint32_t* out) {
  return guard([&] {
    need(out, "out");
    Card trick[kNumSeats];
    const int n = checked_trick(trick_cards, trick_len, kNumSeats - 1, trick);
    const Contract contract = checked_contract(mode, trump);
    Hand on_table = 0;
    for (int i = 0; i < n; ++i) on_table |= bit(trick[i]);
    if (hand & on_table) throw RuleError("card " + std::to_string(lowest_card(hand & on_table)) + " is both in the hand and on the table");
    if (played & (hand | on_table))
      throw RuleError("card " + std::to_string(lowest_card(played & (hand | on_table))) +
                      " is among the played cards and still in the hand or on the table");
    const Hand seen = played | on_table;
    const int winner = n ? trick_winner(trick, n, contract) : 0;
    *out = legal_plays(hand, trick, n, winner, seen, closed != 0, contract, rules_of(rules));
  });
}

baloot_status baloot_trick_winner(const int* trick_cards, int trick_len, int mode, int trump, int* out) {
  return guard([&] {
    need(out, "out");
    Card trick[kNumSeats];
    const int n = checked_trick(trick_cards, trick_len, kNumSeats, trick);
    if (n == 0) throw RuleError("an empty trick has no winner");
    *out = trick_winner(trick, n, checked_contract(mode, trump));
  });
}

baloot_status baloot_card_abnat(int card, int mode, int trump, int* out) {
  return guard([&] { *need(out, "out") = card_abnat(checked_card(card), checked_contract(mode, trump)); });
}

baloot_status baloot_game_points(int abnat, int mode, int tens_first, int* out) {
  return guard([&] {
    need(out, "out");
    const Contract contract = checked_contract(mode, mode == 1 ? 0 : kNoSuit);
    if (abnat < 0 || abnat > total_abnat(contract.mode))
      throw RuleError("abnat " + std::to_string(abnat) + " is not 0.." + std::to_string(total_abnat(contract.mode)));
    *out = game_points(abnat, contract.mode, tens_first != 0);
  });
}

}  // extern "C"
