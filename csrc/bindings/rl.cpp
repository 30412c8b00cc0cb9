// Bindings of the learning interfaces: observations of a hand, and the batch of hands that steps in C++
// into numpy arrays owned by Python, with the GIL released.
#include "kernel/observation.hpp"
#include "engine/vector_env.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

constexpr int kWidth = kObservationSize;

VectorEnvOutput outputs(py::array observations, py::array masks, py::array rewards, py::array terminated,
                        py::array final_observations, std::int64_t n) {
  return {output_array<float>(observations, "observations", n, kWidth),
          output_array<std::int8_t>(masks, "masks", n, kNumActions), output_array<float>(rewards, "rewards", n, 1),
          output_array<std::uint8_t>(terminated, "terminated", n, 1),
          output_array<float>(final_observations, "final_observations", n, kWidth)};
}

// The policies of the seats other than `seat`: a list of four with None at the agent's seat.
VectorEnvConfig env_config(int seat, const py::list& players, const Rules& rules, int dealer,
                           std::pair<int, int> scores, bool margin, int threads) {
  VectorEnvConfig c;
  c.seat = checked_seat(seat, "seat");
  if (players.size() != kNumSeats) throw RuleError("four seats of players are needed, got " + std::to_string(players.size()));
  for (int s = 0; s < kNumSeats; ++s) {
    const py::object p = players[static_cast<std::size_t>(s)];
    if (s == c.seat) continue;
    if (!py::isinstance<Player>(p)) throw RuleError("seat " + std::to_string(s) + " needs a built-in player");
    c.others[s] = p.cast<const Player&>().policy;
  }
  c.rules = rules;
  c.dealer = checked_seat(dealer, "dealer");
  c.scores[0] = scores.first;
  c.scores[1] = scores.second;
  c.margin = margin;
  c.threads = threads;
  return c;
}

}  // namespace

void bind_rl(py::module_& m) {
  m.def("observation_blocks", [] {
    std::vector<std::pair<std::string, int>> blocks;
    for (const BlockInfo& b : kBlocks) blocks.emplace_back(b.name, b.size);
    return blocks;
  });
  m.def(
      "observe",
      [](const HandState& state, int seat) {
        py::array_t<float> out(kWidth);
        observe(state, checked_seat(seat, "seat"), out.mutable_data());
        return out;
      },
      py::arg("state"), py::arg("seat"));
  bind_aec_env(m);

  py::class_<VectorEnv>(m, "VectorEnv")
      .def(py::init([](int num_envs, int seat, const py::list& players, const Rules& rules, int dealer,
                       std::pair<int, int> scores, bool margin, int threads) {
             return VectorEnv(num_envs, env_config(seat, players, rules, dealer, scores, margin, threads));
           }),
           py::arg("num_envs"), py::arg("seat"), py::arg("players"), py::arg("rules"), py::arg("dealer"),
           py::arg("scores"), py::arg("margin"), py::arg("threads"))
      .def_property_readonly("size", &VectorEnv::size)
      .def("reset",
           [](VectorEnv& env, std::uint64_t seed, py::array observations, py::array masks, py::array rewards,
              py::array terminated, py::array final_observations) {
             const VectorEnvOutput out = outputs(observations, masks, rewards, terminated, final_observations, env.size());
             py::gil_scoped_release release;
             env.reset(seed, out);
           })
      .def("step", [](VectorEnv& env, py::array actions, py::array observations, py::array masks, py::array rewards,
                      py::array terminated, py::array final_observations) {
        const VectorEnvOutput out = outputs(observations, masks, rewards, terminated, final_observations, env.size());
        const auto chosen = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(actions);
        if (!chosen || chosen.ndim() != 1 || chosen.shape(0) != env.size())
          throw RuleError("actions must be " + std::to_string(env.size()) + " integers, one per hand");
        const int bad = env.first_illegal(chosen.data());
        if (bad >= 0)
          throw IllegalActionError("action " + std::to_string(chosen.data()[bad]) + " of hand " + std::to_string(bad) +
                                   " is not legal now");
        py::gil_scoped_release release;
        env.step(chosen.data(), out);
      });
}

}  // namespace baloot
