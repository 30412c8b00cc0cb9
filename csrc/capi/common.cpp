// The thread's last error, the version, and the checks of values coming from C.
#include <algorithm>
#include <string>
#include <thread>

#include "capi/capi.hpp"

namespace baloot::capi {

namespace {

thread_local std::string g_last_error;

}  // namespace

baloot_status fail(baloot_status status, const char* message) noexcept {
  try {
    g_last_error = message;
  } catch (...) {
    g_last_error.clear();  // no room even for the message: the status still says what kind of failure
  }
  return status;
}

const Rules& rules_of(const baloot_rules* rules) {
  static const Rules seed;
  return rules ? rules->rules : seed;
}

Card checked_card(int card, const char* what) {
  if (card < 0 || card >= kNumCards) throw RuleError(std::string(what) + " " + std::to_string(card) + " is not a card 0..31");
  return static_cast<Card>(card);
}

Contract checked_contract(int mode, int trump) {
  if (mode != 0 && mode != 1) throw RuleError("mode " + std::to_string(mode) + " is not 0 (sun) or 1 (hokum)");
  if (mode == 0 && trump != kNoSuit) throw RuleError("Sun has no trump, got suit " + std::to_string(trump));
  if (mode == 1 && (trump < 0 || trump >= kNumSuits))
    throw RuleError("Hokum needs a trump suit 0..3, got " + std::to_string(trump));
  return Contract{static_cast<Mode>(mode), trump};
}

int checked_seat(int seat, const char* what) {
  if (seat < 0 || seat >= kNumSeats) throw RuleError(std::string(what) + " " + std::to_string(seat) + " is not a seat 0..3");
  return seat;
}

void checked_deck(const int* deck, Card (&out)[kNumCards]) {
  need(deck, "deck");
  Hand seen = 0;
  for (int i = 0; i < kNumCards; ++i) {
    out[i] = checked_card(deck[i], ("deck[" + std::to_string(i) + "]").c_str());
    if (seen & bit(out[i])) throw RuleError("card " + std::to_string(out[i]) + " appears twice in the deck");
    seen |= bit(out[i]);
  }
}

void checked_scores(const int* scores, int (&out)[2]) {
  for (int team = 0; team < 2; ++team) {
    out[team] = scores ? scores[team] : 0;
    if (out[team] < 0) throw RuleError("score " + std::to_string(out[team]) + " of team " + std::to_string(team) + " is negative");
  }
}

int thread_count(int threads) {
  if (threads < 0) throw RuleError("threads " + std::to_string(threads) + " is negative");
#ifdef __EMSCRIPTEN__
  return 1;
#else
  return threads > 0 ? threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
#endif
}

void write_text(const std::string& text, char* out, std::size_t size) {
  need(out, "out");
  if (text.size() + 1 > size)
    throw RuleError("'" + text + "' needs " + std::to_string(text.size() + 1) + " bytes, the buffer has " + std::to_string(size));
  text.copy(out, text.size());
  out[text.size()] = '\0';
}

}  // namespace baloot::capi

extern "C" {

int baloot_api_version(void) { return BALOOT_API_VERSION; }

const char* baloot_last_error(void) { return baloot::capi::g_last_error.c_str(); }

}  // extern "C"
