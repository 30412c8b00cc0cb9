// The projects a seat can count among the cards it knows (its hand, and the up-card when it buys), in
// abnat, for a hand evaluation: read from per-suit run tables unless a four-of-a-kind needs the full search.
#pragma once

#include <cstdint>

#include "kernel/projects.hpp"

namespace baloot {

// Project abnat of `cards` (eight cards at most) in Sun and in Hokum.
struct ProjectAbnat {
  int sun = 0;
  int hokum = 0;
};
// Abnat of the runs of each 8-bit holding of one suit: a Sira (3), Fifty (4) or Hundred (5 or more)
// per maximal run.
struct RunAbnat {
  std::uint8_t of[256] = {};
  constexpr RunAbnat() {
    for (int holding = 0; holding < 256; ++holding) {
      int total = 0;
      for (int rank = 0; rank < kNumRanks;) {
        int end = rank;
        while (end < kNumRanks && (holding >> end & 1)) ++end;
        const int length = end - rank;
        if (length >= 3) total += kProjectAbnat[static_cast<int>(run_kind(length))];
        rank = end + 1;
      }
      of[holding] = static_cast<std::uint8_t>(total);
    }
  }
};
constexpr RunAbnat kRunAbnat{};

inline ProjectAbnat project_abnat(Hand cards) {
  ProjectAbnat out;
  const Hand fours = cards & (cards >> 8) & (cards >> 16) & (cards >> 24) & 0xF8u;
  if (fours) {
    // A four-of-a-kind may be declared or left to the runs it breaks, and its value depends on the mode.
    out.sun = best_projects(cards, Mode::kSun).abnat;
    out.hokum = best_projects(cards, Mode::kHokum).abnat;
    return out;
  }
  // Without one, the projects are every run: at most two fit in the eight cards a seat can hold.
  out.sun = kRunAbnat.of[cards & 0xFF] + kRunAbnat.of[cards >> 8 & 0xFF] + kRunAbnat.of[cards >> 16 & 0xFF] +
            kRunAbnat.of[cards >> 24];
  out.hokum = out.sun;
  return out;
}

}  // namespace baloot
