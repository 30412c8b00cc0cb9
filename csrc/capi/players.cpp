// The built-in players by name, from the core's registry (players/registry.hpp).
#include <memory>
#include <mutex>
#include <string>

#if !defined(_WIN32) && !defined(__EMSCRIPTEN__)
#include <dlfcn.h>
#endif

#include "capi/capi.hpp"
#include "players/neural_net.hpp"
#include "players/registry.hpp"
#include "players/strong_weights.hpp"

namespace baloot::capi {

namespace {

// A file beside this library, where the Python package installs its weights files with it.
std::string beside_library(const std::string& file) {
#if !defined(_WIN32) && !defined(__EMSCRIPTEN__)
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&baloot_api_version), &info) && info.dli_fname) {
    const std::string path = info.dli_fname;
    const auto slash = path.rfind('/');
    return (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + file;
  }
#endif
  return file;
}

// The learned values of the strong and neural players: read from the files beside the library when the first
// such player is made, the strong player's replaced by baloot_set_strong_weights; each player keeps the
// weights it was made with.
std::mutex weights_mutex;
LearnedWeights weights;

LearnedWeights current_weights() {
  const std::lock_guard<std::mutex> lock(weights_mutex);
  if (!weights.strong)
    weights.strong = std::make_shared<const StrongWeights>(read_strong_weights(beside_library("strong.weights")));
  if (!weights.network) weights.network = read_neural_net(beside_library("neural.weights"));
  return weights;
}

// "pimc:samples=20:tries=4" as a name and options, as the Python package's players.parse_spec reads it.
std::shared_ptr<const Policy> policy_of(const std::string& spec) {
  const std::string text = trimmed(spec);
  const std::string name = lowered(text.substr(0, text.find(':')));
  PolicyOptions options;
  for (std::size_t at = text.find(':'); at != std::string::npos;) {
    const std::size_t next = text.find(':', at + 1);
    const std::string item = text.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
    at = next;
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    std::size_t used = 0;
    double value = 0;
    try {
      value = std::stod(item.substr(eq == std::string::npos ? item.size() : eq + 1), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (eq == std::string::npos || used == 0 || used != item.size() - eq - 1)
      throw RuleError("player option '" + item + "' in '" + spec + "' must be name=number");
    options[trimmed(item.substr(0, eq))] = value;
  }
  return make_policy(name, options, player_info(name).make_learned ? current_weights() : LearnedWeights{});
}

}  // namespace

void seat_players(const baloot_builtin* const* players, const char* fallback, const Policy* (&out)[kNumSeats],
                  std::shared_ptr<const Policy>& keep) {
  if (players == nullptr) keep = policy_of(fallback);
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if (players != nullptr && players[seat] == nullptr)
      throw RuleError("player of seat " + std::to_string(seat) + " is NULL");
    out[seat] = players ? players[seat]->policy.get() : keep.get();
  }
}

}  // namespace baloot::capi

using namespace baloot;
using namespace baloot::capi;

extern "C" {

baloot_status baloot_player_new(const char* spec, baloot_builtin** out) {
  return guard([&] {
    need(out, "out");
    *out = new baloot_builtin{need(spec, "spec"), policy_of(spec)};
  });
}

void baloot_player_free(baloot_builtin* player) { delete player; }

int baloot_player_count(void) { return static_cast<int>(player_registry().size()); }

baloot_status baloot_player_name(int index, const char** name) {
  return guard([&] {
    if (index < 0 || index >= baloot_player_count())
      throw RuleError("player index " + std::to_string(index) + " is not 0.." + std::to_string(baloot_player_count() - 1));
    *need(name, "name") = player_registry()[static_cast<std::size_t>(index)].name;
  });
}

baloot_status baloot_set_strong_weights(const char* path) {
  return guard([&] {
    // Read and checked first, so that a bad file is this call's error and leaves the weights as they were.
    auto read = std::make_shared<const StrongWeights>(read_strong_weights(need(path, "path")));
    const std::lock_guard<std::mutex> lock(weights_mutex);
    weights.strong = std::move(read);
  });
}

baloot_status baloot_player_choose(const baloot_builtin* player, const baloot_hand* hand, uint64_t seed, int* action) {
  return guard([&] {
    need(action, "action");
    const HandState& state = need(hand, "hand")->state;
    if (state.phase() == Phase::kOver) throw RuleError("the hand is over: nobody is to move");
    Rng rng(seed);
    *action = need(player, "player")->policy->choose(state, rng);
  });
}

}  // extern "C"
