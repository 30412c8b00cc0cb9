// The thread's last error, the version, and the checks of values coming from C.
#include <algorithm>
#include <cctype>
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

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\n\r");
  const auto last = text.find_last_not_of(" \t\n\r");
  return first == std::string::npos ? "" : text.substr(first, last - first + 1);
}

std::string lowered(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string uppered(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

void first_five_positions(int seat, int dealer, int (&out)[5]) {
  const int packet = (seat - dealer + 3) % kNumSeats;
  out[0] = 3 * packet, out[1] = 3 * packet + 1, out[2] = 3 * packet + 2;
  out[3] = kFirstPacketEnd + 2 * packet, out[4] = kFirstPacketEnd + 2 * packet + 1;
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
