// The kernel's trick winners, asked once for every contract, led suit and pair of cards.
#include "solver/kernel_tables.hpp"

#include "kernel/rules.hpp"

namespace baloot {

SolverTables::SolverTables() {
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

const SolverTables& solver_tables() {
  static const SolverTables tables;
  return tables;
}

}  // namespace baloot
