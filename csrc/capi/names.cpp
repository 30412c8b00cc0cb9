// Cards and actions as text, spelled as the Python package spells them (baloot/cards.py, actions.py).
#include <string>

#include "capi/capi.hpp"

namespace baloot::capi {

namespace {

constexpr const char* kRanks[kNumRanks] = {"7", "8", "9", "10", "J", "Q", "K", "A"};
constexpr const char kSuits[kNumSuits + 1] = "SHDC";
constexpr const char* kSuitSymbols[kNumSuits] = {"\u2660", "\u2665", "\u2666", "\u2663"};

struct Call {
  const char* name;
  int action;
};
constexpr Call kCalls[] = {{"pass", kPass},     {"hokum", kHokum},   {"sun", kSun},
                           {"ashkal", kAshkal}, {"double", kDouble}, {"three", kThree},
                           {"four", kFour},     {"gahwa", kGahwa},   {"double:closed", kDoubleClosed},
                           {"four:closed", kFourClosed}, {"kawesh", kKawesh}};

// The suit at the end of `s` (a letter or a symbol) and its length in bytes, or -1.
int trailing_suit(const std::string& s, std::size_t& length) {
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::string symbol = kSuitSymbols[suit];
    if (s.size() >= symbol.size() && s.compare(s.size() - symbol.size(), symbol.size(), symbol) == 0) {
      length = symbol.size();
      return suit;
    }
  }
  length = 1;
  const auto at = s.empty() ? std::string::npos : std::string(kSuits).find(s.back());
  return at == std::string::npos ? -1 : static_cast<int>(at);
}

// The card `text` names, or -1.
int card_of(const char* text) {
  const std::string s = uppered(trimmed(text));
  std::size_t suit_length = 0;
  const int suit = trailing_suit(s, suit_length);
  if (suit < 0) return -1;
  const std::string rank = s.substr(0, s.size() - suit_length);
  for (int r = 0; r < kNumRanks; ++r)
    if (rank == kRanks[r] || (r == kTen && rank == "T")) return make_card(suit, r);
  return -1;
}

std::string card_text(Card card) { return std::string(kRanks[rank_of(card)]) + kSuits[suit_of(card)]; }

}  // namespace

}  // namespace baloot::capi

using namespace baloot;
using namespace baloot::capi;

extern "C" {

baloot_status baloot_card_parse(const char* text, int* card) {
  return guard([&] {
    need(card, "card");
    const int found = card_of(need(text, "text"));
    if (found < 0)
      throw RuleError("bad card '" + std::string(text) + "': expected a rank 7 8 9 10 J Q K A then a suit S H D C");
    *card = found;
  });
}

baloot_status baloot_card_name(int card, char* out, size_t size) {
  return guard([&] {
    write_text(card_text(checked_card(card)), out, size);
  });
}

baloot_status baloot_action_parse(const char* text, int* action) {
  return guard([&] {
    need(action, "action");
    const std::string lower = lowered(trimmed(need(text, "text")));
    for (const Call& call : kCalls)
      if (lower == call.name) return void(*action = call.action);
    const std::string hokum = "hokum:";
    if (lower.compare(0, hokum.size(), hokum) == 0) {
      std::size_t length = 0;
      const std::string suit = uppered(trimmed(lower.substr(hokum.size())));
      const int s = trailing_suit(suit, length);
      if (s < 0 || length != suit.size())
        throw IllegalActionError("unknown action '" + std::string(text) + "': name the Hokum suit, e.g. 'hokum:H'");
      return void(*action = kHokumSuit + s);
    }
    const int card = card_of(text);
    if (card < 0)
      throw IllegalActionError("unknown action '" + std::string(text) +
                               "': a call (pass, hokum, hokum:S, sun, ashkal, double, three, four, gahwa, "
                               "double:closed, four:closed, kawesh) or a card such as '10H'");
    *action = card;
  });
}

baloot_status baloot_action_name(int action, char* out, size_t size) {
  return guard([&] {
    if (action < 0 || action >= kNumActions)
      throw RuleError("action " + std::to_string(action) + " is not an action 0.." + std::to_string(kNumActions - 1));
    if (action < kNumCards) return write_text(card_text(static_cast<Card>(action)), out, size);
    if (action >= kHokumSuit && action < kHokumSuit + kNumSuits)
      return write_text(std::string("hokum:") + kSuits[action - kHokumSuit], out, size);
    for (const Call& call : kCalls)
      if (call.action == action) return write_text(call.name, out, size);
  });
}

}  // extern "C"
