// The sparse binary input of the neural player's networks: the active features of a decision, and the
// renaming of suits that lets one network serve every trump or up-card.
#pragma once

#include <cstdint>

#include "kernel/cards.hpp"

namespace baloot {

template <int MaxActive>
struct SparseInput {
  int count = 0;
  std::uint16_t active[MaxActive];  // in increasing order
  int canonical_suit[kNumSuits];    // actual suit -> canonical
  int actual_suit[kNumSuits];       // canonical suit -> actual

  // Suit `first` becomes suit 0 and the others keep their order after it; with kNoSuit every suit keeps its
  // name.
  void rename_suits(int first) {
    for (int s = 0, next = 1; s < kNumSuits; ++s) {
      canonical_suit[s] = first == kNoSuit ? s : s == first ? 0 : next++;
      actual_suit[canonical_suit[s]] = s;
    }
  }
};

}  // namespace baloot
