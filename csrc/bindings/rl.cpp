// Bindings of the learning interfaces: observations of a hand, and the batch of hands that steps in C++
// into numpy arrays owned by Python, with the GIL released.
#include "../observation.hpp"
#include "../vector_env.hpp"
#include "bindings.hpp"

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

void fill_flags(ActionMask mask, std::int8_t* flags) {
  for (int a = 0; a < kNumActions; ++a) flags[a] = static_cast<std::int8_t>(mask >> a & 1);
}

py::array_t<std::int8_t> action_flags(ActionMask mask) {
  py::array_t<std::int8_t> out(kNumActions);
  fill_flags(mask, out.mutable_data());
  return out;
}

// A fresh one-dimensional numpy array of `size` elements of numpy type number `type`, made by numpy's C
// API directly: pybind11's array_t constructor costs as much again, and a PettingZoo agent's every
// decision makes two arrays.
template <typename T>
py::object new_vector(int type, Py_intptr_t size, T** data) {
  auto& api = py::detail::npy_api::get();
  Py_intptr_t shape[1] = {size};
  PyObject* array =
      api.PyArray_NewFromDescr_(api.PyArray_Type_, api.PyArray_DescrFromType_(type), 1, shape, nullptr, nullptr, 0, nullptr);
  if (array == nullptr) throw py::error_already_set();
  *data = reinterpret_cast<T*>(py::detail::array_proxy(array)->data);
  return py::reinterpret_steal<py::object>(array);
}

// {"observation": what `seat` has seen, "action_mask": its legal actions (none unless it is to move)}, in
// fresh arrays that belong to the caller.
py::dict agent_observation(const HandState& state, int seat) {
  seat = checked_seat(seat, "seat");
  float* observation_data;
  std::int8_t* mask_data;
  py::object observation = new_vector(py::detail::npy_api::NPY_FLOAT_, kWidth, &observation_data);
  py::object mask = new_vector(py::detail::npy_api::NPY_BYTE_, kNumActions, &mask_data);
  observe(state, seat, observation_data);
  fill_flags(state.to_move() == seat ? state.legal_actions() : 0, mask_data);
  // The keys are made once and kept for the life of the process (never freed, so never freed after
  // the interpreter's end either).
  static PyObject* const observation_key = PyUnicode_InternFromString("observation");
  static PyObject* const mask_key = PyUnicode_InternFromString("action_mask");
  py::dict out;
  if (PyDict_SetItem(out.ptr(), observation_key, observation.ptr()) != 0 || PyDict_SetItem(out.ptr(), mask_key, mask.ptr()) != 0)
    throw py::error_already_set();
  return out;
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
  m.def("action_flags", &action_flags, py::arg("mask"));
  m.def("agent_observation", &agent_observation, py::arg("state"), py::arg("seat"),
      "A PettingZoo agent's observation: what `seat` has seen and its legal actions (none unless it is to move).");

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
