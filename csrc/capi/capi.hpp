// What the C API's files share: the handles behind its opaque types, the guard that turns the core's
// exceptions into status codes and the thread's message, and the checks of values coming from C.
#pragma once

#include <cstddef>
#include <new>
#include <stdexcept>
#include <memory>
#include <string>
#include <vector>

#include "capi/baloot.h"
#include "kernel/checks.hpp"
#include "kernel/hand.hpp"
#include "players/policy.hpp"

struct baloot_rules {
  baloot::Rules rules;
};

struct baloot_hand {
  baloot::HandState state;
  std::vector<int> history;  // the actions applied since the deal, which a decision analysis replays
};

struct baloot_builtin {
  std::string spec;
  std::shared_ptr<const baloot::Policy> policy;
};

namespace baloot::capi {

// Keeps `message` as this thread's last error and returns `status`.
baloot_status fail(baloot_status status, const char* message) noexcept;

// Runs `body`: BALOOT_OK, or the status of what it threw, its message kept; nothing the core throws
// crosses into C.
template <class Body>
baloot_status guard(Body body) noexcept {
  try {
    body();
    return BALOOT_OK;
  } catch (const IllegalActionError& e) {
    return fail(BALOOT_ILLEGAL_ACTION, e.what());
  } catch (const RuleError& e) {
    return fail(BALOOT_BAD_ARGUMENT, e.what());
  } catch (const std::bad_alloc&) {
    return fail(BALOOT_NO_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(BALOOT_INTERNAL, e.what());
  } catch (...) {
    return fail(BALOOT_INTERNAL, "an unknown error in the core");
  }
}


// `pointer`, or a RuleError naming `what` when it is null.
template <class T>
T* need(T* pointer, const char* what) {
  if (pointer == nullptr) throw RuleError(std::string(what) + " is NULL");
  return pointer;
}

const Rules& rules_of(const baloot_rules* rules);  // the seed's for NULL
// The scores before a hand: (0, 0) for NULL.
void checked_scores(const int* scores, int (&out)[2]);
// A thread count: `threads`, or every core for 0 (one in a build without threads).
int thread_count(int threads);
// `text` without the spaces around it; in lower or upper case.
std::string trimmed(const std::string& text);
std::string lowered(std::string text);
std::string uppered(std::string text);
// The deck positions of a seat's first five cards: packets of three, then of two, from the dealer's right.
void first_five_positions(int seat, int dealer, int (&out)[5]);
// Writes `text` and its terminating zero into out[0..size); a RuleError when it does not fit.
void write_text(const std::string& text, char* out, std::size_t size);
// The four players of a batch or an analysis: NULL for `fallback` at every seat.
void seat_players(const baloot_builtin* const* players, const char* fallback, const Policy* (&out)[kNumSeats],
                  std::shared_ptr<const Policy>& keep);

}  // namespace baloot::capi

