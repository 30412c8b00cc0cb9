// One learning agent's side of a hand, for the PettingZoo environment (baloot.rl.BalootAECEnv): its
// observation, and AgentTurns, the environment's base class that keeps PettingZoo's turns (agent_iter,
// last, step, the closing steps of the finished agents) in C. They are written against Python's C API:
// a decision costs about a microsecond in all, and pybind11's argument handling would cost as much again.
// The bookkeeping PettingZoo reads (agents, agent_selection, rewards, _cumulative_rewards, terminations,
// truncations, infos) stays in real lists and dicts, shared with Python through properties. A step goes
// through the Game's own HandStepper (Game.stepper), so the game records it as it records its own steps.
// What Python keeps: reset, the checks of the order of calls and their messages, bad actions (AgentTurns
// calls the methods _step_before_reset, _step_after_end, _action_of and _refuse on those rare paths) and
// render.
#include <cstddef>

#include "kernel/hand_stepper.hpp"
#include "kernel/observation.hpp"
#include "kernel/scoring.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

PyObject* new_reference(PyObject* object) {
  Py_INCREF(object);
  return object;
}

void fill_flags(ActionMask mask, std::int8_t* flags) {
  for (int a = 0; a < kNumActions; ++a) flags[a] = static_cast<std::int8_t>(mask >> a & 1);
}

py::array_t<std::int8_t> action_flags(ActionMask mask) {
  py::array_t<std::int8_t> out(kNumActions);
  fill_flags(mask, out.mutable_data());
  return out;
}

// numpy's dtype of its type number `type` (float32 or int8: the two an observation uses), kept for the life
// of the process.
PyObject* dtype_of(int type) {
  auto& api = py::detail::npy_api::get();
  static PyObject* const float32 = api.PyArray_DescrFromType_(py::detail::npy_api::NPY_FLOAT_);
  static PyObject* const int8 = api.PyArray_DescrFromType_(py::detail::npy_api::NPY_BYTE_);
  return type == py::detail::npy_api::NPY_FLOAT_ ? float32 : int8;
}

// A fresh one-dimensional numpy array of `size` elements of numpy type number `type`, made by numpy's C
// API directly (pybind11's array_t constructor costs as much again); null with Python's error set.
template <typename T>
PyObject* new_vector(int type, Py_intptr_t size, T** data) {
  auto& api = py::detail::npy_api::get();
  Py_intptr_t shape[1] = {size};
  PyObject* dtype = dtype_of(type);
  Py_INCREF(dtype);  // NewFromDescr takes it
  PyObject* array = api.PyArray_NewFromDescr_(api.PyArray_Type_, dtype, 1, shape, nullptr, nullptr, 0, nullptr);
  if (array != nullptr) *data = reinterpret_cast<T*>(py::detail::array_proxy(array)->data);
  return array;
}

// The keys of an observation, made once and kept for the life of the process (never freed, so never
// freed after the interpreter's end either).
PyObject* observation_key() {
  static PyObject* const key = PyUnicode_InternFromString("observation");
  return key;
}

PyObject* mask_key() {
  static PyObject* const key = PyUnicode_InternFromString("action_mask");
  return key;
}

void fill_observation(const HandState& state, int seat, float* observation, std::int8_t* mask) {
  observe(state, seat, observation);
  fill_flags(state.to_move() == seat ? state.legal_actions() : 0, mask);
}

// {"observation": what `seat` has seen, "action_mask": its legal actions (none unless it is to move)}, in
// fresh arrays that belong to the caller; null with Python's error set.
PyObject* observation_dict(const HandState& state, int seat) {
  float* observation_data;
  std::int8_t* mask_data;
  PyObject* observation = new_vector(py::detail::npy_api::NPY_FLOAT_, kObservationSize, &observation_data);
  PyObject* mask = observation ? new_vector(py::detail::npy_api::NPY_BYTE_, kNumActions, &mask_data) : nullptr;
  PyObject* out = mask ? PyDict_New() : nullptr;
  if (out != nullptr) {
    fill_observation(state, seat, observation_data, mask_data);
    if (PyDict_SetItem(out, observation_key(), observation) != 0 || PyDict_SetItem(out, mask_key(), mask) != 0)
      Py_CLEAR(out);
  }
  Py_XDECREF(observation);
  Py_XDECREF(mask);
  return out;
}

// The data of `array` if nothing but its one holder refers to it (no other reference, no weak reference,
// no view) and it is still the vector new_vector made (type, shape, dtype, flags), else null.
template <typename T>
T* unshared_vector(PyObject* array, int type, Py_intptr_t size) {
  auto& api = py::detail::npy_api::get();
  if (array == nullptr || Py_REFCNT(array) != 1 || Py_TYPE(array) != api.PyArray_Type_) return nullptr;
  PyTypeObject* array_type = Py_TYPE(array);
  if (array_type->tp_weaklistoffset > 0 &&
      *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(array) + array_type->tp_weaklistoffset) != nullptr)
    return nullptr;
  const auto* fields = py::detail::array_proxy(array);
  constexpr int kFresh = py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_ | py::detail::npy_api::NPY_ARRAY_OWNDATA_ |
                         py::detail::npy_api::NPY_ARRAY_WRITEABLE_ | py::detail::npy_api::NPY_ARRAY_ALIGNED_;
  const bool fresh = fields->nd == 1 && fields->dimensions[0] == size && fields->strides[0] == sizeof(T) &&
                     fields->base == nullptr && (fields->flags & kFresh) == kFresh && fields->descr == dtype_of(type);
  return fresh ? reinterpret_cast<T*>(fields->data) : nullptr;
}

// Fills `dict`, an observation that last() handed out, again for `seat` if nobody else holds it or its
// arrays any more: nobody can see the change. False if it is still held (or was changed).
bool refill(PyObject* dict, const HandState& state, int seat) {
  if (Py_REFCNT(dict) != 1 || !PyDict_CheckExact(dict) || PyDict_GET_SIZE(dict) != 2) return false;
  float* observation = unshared_vector<float>(PyDict_GetItem(dict, observation_key()), py::detail::npy_api::NPY_FLOAT_,
                                              kObservationSize);
  std::int8_t* mask = unshared_vector<std::int8_t>(PyDict_GetItem(dict, mask_key()), py::detail::npy_api::NPY_BYTE_,
                                                   kNumActions);
  if (observation == nullptr || mask == nullptr) return false;
  fill_observation(state, seat, observation, mask);
  return true;
}

py::dict agent_observation(const HandStepper& hand, int seat) {
  PyObject* out = observation_dict(hand.state(), checked_seat(seat, "seat"));
  if (out == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::dict>(out);
}

struct AgentTurns {
  PyObject_HEAD
  PyObject* names[kNumSeats];  // the possible agents, agent i at seat i
  // The hand, set by _deal: the Game and its stepper.
  PyObject* game;
  PyObject* stepper_object;
  // PettingZoo's bookkeeping, shared with Python (null until Python sets it).
  PyObject* agents;
  PyObject* rewards;
  PyObject* cumulative_rewards;
  PyObject* terminations;
  PyObject* truncations;
  PyObject* infos;
  PyObject* handed_out[2];  // the latest observations last() handed out, to fill again once nobody holds them
  HandStepper* stepper;     // stepper_object's
  int selection;       // the seat of agent_selection; -1 before it is set
  int skip_selection;  // PettingZoo's _skip_agent_selection: where the closing steps end; -1 for None
  int next_slot;       // of handed_out, for the next fresh observation
  bool has_reset;
  bool has_updated;  // a step (or the reset) since agent_iter's last agent
  bool margin;
  bool render_each_step;
};

PyObject** fields(AgentTurns* self) { return &self->names[0]; }
constexpr int kFieldCount = kNumSeats + 10;
static_assert(offsetof(AgentTurns, stepper) == offsetof(AgentTurns, names) + kFieldCount * sizeof(PyObject*),
              "the object fields of AgentTurns follow one another");

int traverse_turns(PyObject* object, visitproc visit, void* arg) {
  Py_VISIT(Py_TYPE(object));  // a heap type's instances hold it
  PyObject** each = fields(reinterpret_cast<AgentTurns*>(object));
  for (int i = 0; i < kFieldCount; ++i) Py_VISIT(each[i]);
  return 0;
}

int clear_turns(PyObject* object) {
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  self->stepper = nullptr;
  self->has_reset = false;  // as before the first reset, for any call after the collector has cleared it
  self->selection = -1;
  PyObject** each = fields(self);
  for (int i = 0; i < kFieldCount; ++i) Py_CLEAR(each[i]);
  return 0;
}

// Frees an instance of a heap type (a Python subclass's instance too: its dealloc leaves the type to this).
void free_instance(PyObject* object, inquiry clear) {
  PyTypeObject* type = Py_TYPE(object);
  PyObject_GC_UnTrack(object);
  clear(object);
  type->tp_free(object);
  Py_DECREF(type);
}

void dealloc_turns(PyObject* object) { free_instance(object, &clear_turns); }

PyObject* new_turns(PyTypeObject* type, PyObject*, PyObject*) {
  PyObject* object = type->tp_alloc(type, 0);  // zeroed
  if (object != nullptr) {
    AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
    self->selection = self->skip_selection = -1;
  }
  return object;
}

void replace(PyObject*& field, PyObject* value) {
  Py_XINCREF(value);
  Py_XSETREF(field, value);
}

// __init__(possible_agents, margin, render_each_step)
int init_turns(PyObject* object, PyObject* args, PyObject* kwargs) {
  static const char* keywords[] = {"possible_agents", "margin", "render_each_step", nullptr};
  PyObject* agents;
  int margin, render_each_step;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!pp", const_cast<char**>(keywords), &PyList_Type, &agents,
                                   &margin, &render_each_step))
    return -1;
  if (PyList_GET_SIZE(agents) != kNumSeats) {
    PyErr_SetString(PyExc_ValueError, "AgentTurns needs four agents");
    return -1;
  }
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  for (int seat = 0; seat < kNumSeats; ++seat) {
    PyObject* name = PyList_GET_ITEM(agents, seat);
    if (!PyUnicode_Check(name)) {
      PyErr_SetString(PyExc_TypeError, "agent names are strings");
      return -1;
    }
    replace(self->names[seat], name);
  }
  self->margin = margin != 0;
  self->render_each_step = render_each_step != 0;
  return 0;
}

// _deal(game): a new hand, stepped through game.stepper, after the caller has set agents and the dicts; it
// sets agent_selection next.
PyObject* deal(PyObject* object, PyObject* game) {
  PyObject* stepper_object = PyObject_GetAttrString(game, "stepper");
  if (stepper_object == nullptr) return nullptr;
  HandStepper* stepper;
  try {
    stepper = py::handle(stepper_object).cast<HandStepper*>();
  } catch (const py::cast_error&) {
    Py_DECREF(stepper_object);
    PyErr_SetString(PyExc_TypeError, "_deal needs a game whose stepper is a HandStepper");
    return nullptr;
  }
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  if (!self->agents || !self->rewards || !self->cumulative_rewards || !self->terminations || !self->truncations ||
      !self->infos) {
    Py_DECREF(stepper_object);
    PyErr_SetString(PyExc_AttributeError, "_deal needs agents and the dicts of rewards, terminations, truncations and infos");
    return nullptr;
  }
  replace(self->game, game);
  Py_XSETREF(self->stepper_object, stepper_object);
  self->stepper = stepper;
  self->has_reset = self->has_updated = true;
  Py_RETURN_NONE;
}

// dict[key] as a borrowed reference; null with KeyError when it is missing, as Python's dict[key].
PyObject* item(PyObject* dict, PyObject* key) {
  PyObject* value = PyDict_GetItemWithError(dict, key);
  if (value == nullptr && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
  return value;
}

// terminations[agent] or truncations[agent]: 1, 0, or -1 with Python's error set.
int finished(AgentTurns* self, PyObject* agent) {
  PyObject* terminated = item(self->terminations, agent);
  const int done = terminated ? PyObject_IsTrue(terminated) : -1;
  if (done != 0) return done;
  PyObject* truncated = item(self->truncations, agent);
  return truncated ? PyObject_IsTrue(truncated) : -1;
}

// The seat of an agent name; -1 with ValueError for a name that is not one of the possible agents.
int seat_of(AgentTurns* self, PyObject* agent) {
  for (int seat = 0; seat < kNumSeats; ++seat)
    if (self->names[seat] == agent) return seat;
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const int same = PyObject_RichCompareBool(self->names[seat], agent, Py_EQ);
    if (same != 0) return same > 0 ? seat : -1;
  }
  PyErr_Format(PyExc_ValueError, "%R is not one of the possible agents", agent);
  return -1;
}

PyObject* no_selection(PyObject* object) {
  PyErr_Format(PyExc_AttributeError, "'%.100s' object has no attribute 'agent_selection'", Py_TYPE(object)->tp_name);
  return nullptr;
}

// The observation of the agent to move: one that last() handed out and nobody holds any more, filled
// again, or a fresh one (which takes the place of the older one handed out).
PyObject* observation_for_last(AgentTurns* self) {
  for (PyObject* each : self->handed_out)
    if (each != nullptr && refill(each, self->stepper->state(), self->selection)) return new_reference(each);
  PyObject* fresh = observation_dict(self->stepper->state(), self->selection);
  if (fresh != nullptr) {
    replace(self->handed_out[self->next_slot], fresh);
    self->next_slot ^= 1;
  }
  return fresh;
}

// last(observe=True): AECEnv.last, the observation made here rather than by a call to observe().
PyObject* last(PyObject* object, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  const Py_ssize_t given = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
  if (given > 1 || (kwnames && PyTuple_GET_SIZE(kwnames) == 1 &&
                    PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "observe") != 0)) {
    PyErr_SetString(PyExc_TypeError, "last() takes one argument, observe");
    return nullptr;
  }
  const int want_observation = given == 0 ? 1 : PyObject_IsTrue(args[0]);
  if (want_observation < 0) return nullptr;
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  if (self->selection < 0 || !self->has_reset) return no_selection(object);  // as before a reset
  PyObject* agent = self->names[self->selection];
  PyObject* reward = item(self->cumulative_rewards, agent);
  PyObject* terminated = reward ? item(self->terminations, agent) : nullptr;
  PyObject* truncated = terminated ? item(self->truncations, agent) : nullptr;
  PyObject* info = truncated ? item(self->infos, agent) : nullptr;
  if (info == nullptr) return nullptr;
  PyObject* observation = want_observation ? observation_for_last(self) : new_reference(Py_None);
  if (observation == nullptr) return nullptr;
  PyObject* out = PyTuple_Pack(5, observation, reward, terminated, truncated, info);
  Py_DECREF(observation);
  return out;
}

// Calls the Python method `name` of the environment (a rare path of step); a new reference or null.
PyObject* call_hook(PyObject* object, const char* name, PyObject* arg = nullptr) {
  PyObject* method = PyUnicode_FromString(name);
  if (method == nullptr) return nullptr;
  PyObject* out = arg ? PyObject_CallMethodObjArgs(object, method, arg, nullptr)
                      : PyObject_CallMethodObjArgs(object, method, nullptr);
  Py_DECREF(method);
  return out;
}

// The action number of `action`: a plain int in range directly, anything else through _action_of
// (numpy integers, names such as "pass"; it raises IllegalAction for the rest). -1 with Python's error set.
int action_number(PyObject* object, PyObject* action) {
  if (PyLong_CheckExact(action)) {
    int overflow;
    const long number = PyLong_AsLongAndOverflow(action, &overflow);
    if (!overflow && number >= 0 && number < kNumActions) return static_cast<int>(number);
  }
  PyObject* converted = call_hook(object, "_action_of", action);
  if (converted == nullptr) return -1;
  const long number = PyLong_AsLong(converted);
  Py_DECREF(converted);
  if (number == -1 && PyErr_Occurred()) return -1;
  if (number < 0 || number >= kNumActions) {
    PyErr_Format(PyExc_ValueError, "_action_of gave %ld, not an action number", number);
    return -1;
  }
  return static_cast<int>(number);
}

int set_for_every_agent(PyObject* dict, PyObject* agents, PyObject* (*value_of)(Py_ssize_t index, void* context), void* context) {
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(agents); ++i) {
    PyObject* value = value_of(i, context);
    const int failed = value == nullptr || PyDict_SetItem(dict, PyList_GET_ITEM(agents, i), value) != 0;
    Py_XDECREF(value);
    if (failed) return -1;
  }
  return 0;
}

// The hand is over: every agent gets its hand_reward (agent i of `agents` counted at seat i), is
// terminated, and has {"result": the game's HandResult} as info; the rewards are added to the cumulative ones.
int finish_hand(AgentTurns* self) {
  PyObject* result = PyObject_GetAttrString(self->game, "result");
  if (result == nullptr) return -1;
  struct Rewards {
    const HandScore& score;
    bool margin;
  } rewards{self->stepper->state().score(), self->margin};
  auto reward_of = [](Py_ssize_t seat, void* context) {
    const Rewards& r = *static_cast<Rewards*>(context);
    return PyFloat_FromDouble(hand_reward(r.score, static_cast<int>(seat), r.margin));
  };
  auto terminated = [](Py_ssize_t, void*) { return new_reference(Py_True); };
  auto info = [](Py_ssize_t, void* result) {
    static PyObject* const key = PyUnicode_InternFromString("result");  // kept, as the observation's keys
    PyObject* out = PyDict_New();
    if (out != nullptr && PyDict_SetItem(out, key, static_cast<PyObject*>(result)) != 0) Py_CLEAR(out);
    return out;
  };
  const bool failed = set_for_every_agent(self->rewards, self->agents, reward_of, &rewards) != 0 ||
                      set_for_every_agent(self->terminations, self->agents, terminated, nullptr) != 0 ||
                      set_for_every_agent(self->infos, self->agents, info, result) != 0;
  Py_DECREF(result);
  if (failed) return -1;
  // PettingZoo's _accumulate_rewards
  Py_ssize_t position = 0;
  PyObject *agent, *reward;
  while (PyDict_Next(self->rewards, &position, &agent, &reward)) {
    PyObject* before = item(self->cumulative_rewards, agent);
    PyObject* sum = before ? PyNumber_Add(before, reward) : nullptr;
    const int failed_sum = sum == nullptr || PyDict_SetItem(self->cumulative_rewards, agent, sum) != 0;
    Py_XDECREF(sum);
    if (failed_sum) return -1;
  }
  return 0;
}

// PettingZoo's _was_dead_step: the finished agent to move leaves (agents and every dict), the next finished
// agent in `agents` order is selected (the first one to leave once none is left), and the rewards are zeroed.
PyObject* finished_step(PyObject* object, PyObject* action) {
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  if (action != Py_None) {
    PyErr_SetString(PyExc_ValueError, "when an agent is dead, the only valid action is None");
    return nullptr;
  }
  PyObject* agent = self->names[self->selection];
  for (PyObject* dict : {self->terminations, self->truncations, self->rewards, self->cumulative_rewards, self->infos})
    if (PyDict_DelItem(dict, agent) != 0) return nullptr;
  const Py_ssize_t index = PySequence_Index(self->agents, agent);
  if (index < 0 || PySequence_DelItem(self->agents, index) != 0) return nullptr;
  int next = -1;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(self->agents) && next < 0; ++i) {
    PyObject* other = PyList_GET_ITEM(self->agents, i);
    const int done = finished(self, other);
    if (done < 0) return nullptr;
    if (done && (next = seat_of(self, other)) < 0) return nullptr;
  }
  if (next >= 0) {
    if (self->skip_selection < 0) self->skip_selection = self->selection;
    self->selection = next;
  } else {
    if (self->skip_selection >= 0) self->selection = self->skip_selection;
    self->skip_selection = -1;
  }
  // PettingZoo's _clear_rewards: every reward 0 (changing values, not keys, while iterating is allowed)
  PyObject* zero = PyLong_FromLong(0);
  Py_ssize_t position = 0;
  PyObject *key, *value;
  int failed = 0;
  while (!failed && PyDict_Next(self->rewards, &position, &key, &value)) failed = PyDict_SetItem(self->rewards, key, zero);
  Py_DECREF(zero);
  if (failed) return nullptr;
  Py_RETURN_NONE;
}

// step(action): AECEnv.step for the agent to move. An action that is not legal raises (through _refuse)
// and changes nothing.
PyObject* step(PyObject* object, PyObject* action) {
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  if (!self->has_reset) return call_hook(object, "_step_before_reset");
  self->has_updated = true;
  if (PyList_GET_SIZE(self->agents) == 0) return call_hook(object, "_step_after_end");
  if (self->selection < 0) return no_selection(object);
  const int done = finished(self, self->names[self->selection]);
  if (done != 0) return done < 0 ? nullptr : finished_step(object, action);
  const int number = action_number(object, action);
  if (number < 0) return nullptr;
  HandStepper& hand = *self->stepper;
  if (!hand.state().is_legal(number)) {
    PyObject* number_object = PyLong_FromLong(number);
    PyObject* refused = number_object ? call_hook(object, "_refuse", number_object) : nullptr;
    Py_XDECREF(number_object);
    Py_XDECREF(refused);
    return refused ? new_reference(Py_None) : nullptr;  // _refuse raises
  }
  const int to_move = hand.apply(number);
  // The rewards are zero until the end, so the agent's cumulative reward is zero already.
  if (to_move == kNoSeat) {
    if (finish_hand(self) != 0) return nullptr;
  } else {
    self->selection = to_move;
  }
  if (self->render_each_step) {
    PyObject* rendered = call_hook(object, "render");
    if (rendered == nullptr) return nullptr;
    Py_DECREF(rendered);
  }
  Py_RETURN_NONE;
}

PyObject* has_reset(PyObject* object, void*) {
  return PyBool_FromLong(reinterpret_cast<AgentTurns*>(object)->has_reset);
}

PyObject* get_selection(PyObject* object, void*) {
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  return self->selection < 0 ? no_selection(object) : new_reference(self->names[self->selection]);
}

int set_selection(PyObject* object, PyObject* value, void*) {
  AgentTurns* self = reinterpret_cast<AgentTurns*>(object);
  if (value == nullptr) {
    self->selection = -1;
    return 0;
  }
  const int seat = seat_of(self, value);
  if (seat < 0) return -1;
  self->selection = seat;
  return 0;
}

// A shared list or dict: the field and the Python type it must have.
struct Shared {
  const char* name;
  Py_ssize_t offset;
  PyTypeObject* type;
};

PyObject*& shared_field(PyObject* object, void* closure) {
  return *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(object) + static_cast<Shared*>(closure)->offset);
}

PyObject* get_shared(PyObject* object, void* closure) {
  PyObject* value = shared_field(object, closure);
  if (value == nullptr) {
    PyErr_Format(PyExc_AttributeError, "'%.100s' object has no attribute '%s'", Py_TYPE(object)->tp_name,
                 static_cast<Shared*>(closure)->name);
    return nullptr;
  }
  return new_reference(value);
}

int set_shared(PyObject* object, PyObject* value, void* closure) {
  const Shared& shared = *static_cast<Shared*>(closure);
  if (value == nullptr || !PyObject_TypeCheck(value, shared.type)) {
    PyErr_Format(PyExc_TypeError, "%s must be a %s", shared.name, shared.type->tp_name);
    return -1;
  }
  replace(shared_field(object, closure), value);
  return 0;
}

Shared shared_fields[] = {
    {"agents", offsetof(AgentTurns, agents), &PyList_Type},
    {"rewards", offsetof(AgentTurns, rewards), &PyDict_Type},
    {"_cumulative_rewards", offsetof(AgentTurns, cumulative_rewards), &PyDict_Type},
    {"terminations", offsetof(AgentTurns, terminations), &PyDict_Type},
    {"truncations", offsetof(AgentTurns, truncations), &PyDict_Type},
    {"infos", offsetof(AgentTurns, infos), &PyDict_Type},
};

// agent_iter's iterator: the agent to move while any is left, at most `left` times, each after a step.
struct AgentIterator {
  PyObject_HEAD
  PyObject* env;  // an AgentTurns
  Py_ssize_t left;
};

PyObject* next_agent(PyObject* object) {
  AgentIterator* it = reinterpret_cast<AgentIterator*>(object);
  AgentTurns* env = reinterpret_cast<AgentTurns*>(it->env);
  if (it->left <= 0 || env->agents == nullptr || PyList_GET_SIZE(env->agents) == 0 || env->selection < 0) {
    it->left = 0;
    return nullptr;
  }
  if (!env->has_updated) {
    it->left = 0;
    PyErr_SetString(PyExc_AssertionError, "need to call step() or reset() in a loop over `agent_iter`");
    return nullptr;
  }
  env->has_updated = false;
  --it->left;
  return new_reference(env->names[env->selection]);
}

int traverse_iterator(PyObject* object, visitproc visit, void* arg) {
  Py_VISIT(Py_TYPE(object));
  Py_VISIT(reinterpret_cast<AgentIterator*>(object)->env);
  return 0;
}

int clear_iterator(PyObject* object) {
  Py_CLEAR(reinterpret_cast<AgentIterator*>(object)->env);
  return 0;
}

void dealloc_iterator(PyObject* object) { free_instance(object, &clear_iterator); }

PyTypeObject* agent_iterator_type;  // made by bind_aec_env

// _turns(max_iter): agent_iter's iterator (the caller checks the reset first)
PyObject* turns(PyObject* object, PyObject* max_iter) {
  const Py_ssize_t left = PyNumber_AsSsize_t(max_iter, nullptr);  // clamped to the largest Py_ssize_t
  if (left == -1 && PyErr_Occurred()) return nullptr;
  AgentIterator* it = PyObject_GC_New(AgentIterator, agent_iterator_type);
  if (it == nullptr) return nullptr;
  it->env = new_reference(object);
  it->left = left;
  PyObject_GC_Track(it);
  return reinterpret_cast<PyObject*>(it);
}

PyMethodDef turns_methods[] = {
    {"last", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&last)), METH_FASTCALL | METH_KEYWORDS,
     "last(observe=True): (observation, cumulative reward, terminated, truncated, info) of the agent to move."},
    {"step", &step, METH_O, "step(action): the agent to move takes `action` (None once it is finished)."},
    {"_deal", &deal, METH_O, "_deal(game): the hand to step, through game.stepper."},
    {"_turns", &turns, METH_O, "_turns(max_iter): the iterator of agent_iter."},
    {nullptr, nullptr, 0, nullptr}};

std::vector<PyGetSetDef> turns_properties() {
  std::vector<PyGetSetDef> out;
  out.push_back({"agent_selection", &get_selection, &set_selection, "The agent to move.", nullptr});
  out.push_back({"_has_reset", &has_reset, nullptr, "Whether reset() has dealt a hand.", nullptr});
  for (Shared& shared : shared_fields) out.push_back({shared.name, &get_shared, &set_shared, nullptr, &shared});
  out.push_back({nullptr, nullptr, nullptr, nullptr, nullptr});
  return out;
}

template <typename Function>
void* slot(Function* function) {
  return reinterpret_cast<void*>(function);
}

PyTypeObject* new_type(const char* name, int size, unsigned flags, PyType_Slot* slots) {
  PyType_Spec spec = {name, size, 0, static_cast<unsigned>(flags | Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC), slots};
  PyObject* type = PyType_FromSpec(&spec);
  if (type == nullptr) throw py::error_already_set();
  return reinterpret_cast<PyTypeObject*>(type);
}

}  // namespace

void bind_aec_env(py::module_& m) {
  m.def("action_flags", &action_flags, py::arg("mask"));
  m.def("agent_observation", &agent_observation, py::arg("stepper"), py::arg("seat"),
        "A PettingZoo agent's observation: what `seat` has seen and its legal actions (none unless it is to move).");

  static std::vector<PyGetSetDef> properties = turns_properties();
  static PyType_Slot turns_slots[] = {
      {Py_tp_doc, const_cast<char*>("The turns of a PettingZoo environment of one hand: agent_iter, last and step in C.")},
      {Py_tp_traverse, slot(&traverse_turns)},
      {Py_tp_clear, slot(&clear_turns)},
      {Py_tp_dealloc, slot(&dealloc_turns)},
      {Py_tp_new, slot(&new_turns)},
      {Py_tp_init, slot(&init_turns)},
      {Py_tp_methods, turns_methods},
      {Py_tp_getset, properties.data()},
      {0, nullptr}};
  PyTypeObject* turns_type = new_type("baloot._core.AgentTurns", sizeof(AgentTurns), Py_TPFLAGS_BASETYPE, turns_slots);
  m.add_object("AgentTurns", py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(turns_type)));

  static PyType_Slot iterator_slots[] = {
      {Py_tp_traverse, slot(&traverse_iterator)},
      {Py_tp_clear, slot(&clear_iterator)},
      {Py_tp_dealloc, slot(&dealloc_iterator)},
      {Py_tp_iter, slot(&PyObject_SelfIter)},
      {Py_tp_iternext, slot(&next_agent)},
      {0, nullptr}};
  agent_iterator_type = new_type("baloot._core.AgentIterator", sizeof(AgentIterator), 0, iterator_slots);
}

}  // namespace baloot
