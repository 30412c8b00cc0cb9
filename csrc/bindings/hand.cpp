// Bindings of the hand state machine: a copyable value, and the stepper that the Python Game steps it with.
#include "kernel/hand.hpp"
#include "kernel/hand_stepper.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

HandState new_hand(const std::vector<int>& deck_cards, int dealer, std::pair<int, int> scores, const Rules& rules) {
  if (deck_cards.size() != kNumCards) throw RuleError("a deck needs 32 cards, got " + std::to_string(deck_cards.size()));
  Card deck[kNumCards];
  Hand seen = 0;
  for (int i = 0; i < kNumCards; ++i) {
    deck[i] = checked_card(deck_cards[i]);
    if (seen & bit(deck[i])) throw RuleError("card index " + std::to_string(deck[i]) + " appears twice in the deck");
    seen |= bit(deck[i]);
  }
  const int before[2] = {scores.first, scores.second};
  return HandState(deck, checked_seat(dealer, "dealer"), before, rules);
}

void check_playing(const HandState& state) {
  if (state.phase() != Phase::kPlaying) throw RuleError("random cards need a hand in its card play");
}

void check_legal(const HandState& state, int action) {
  if (!state.is_legal(action)) throw IllegalActionError("action " + std::to_string(action) + " is not legal now");
}

// Returns the seat to move next (-1 once the hand is over), which a caller stepping a hand asks for next.
int checked_apply(HandState& state, int action) {
  check_legal(state, action);
  state.apply(action);
  return state.to_move();
}

std::vector<int> stepper_actions(const HandStepper& hand) {
  std::vector<int> out(static_cast<std::size_t>(hand.size()));
  for (int i = 0; i < hand.size(); ++i) out[static_cast<std::size_t>(i)] = hand.action(i);
  return out;
}

std::vector<int> stepper_movers(const HandStepper& hand) {
  std::vector<int> out(static_cast<std::size_t>(hand.size()));
  for (int i = 0; i < hand.size(); ++i) out[static_cast<std::size_t>(i)] = hand.mover(i);
  return out;
}

py::list seat_masks(const HandState& s) {
  py::list out;
  for (int seat = 0; seat < kNumSeats; ++seat) out.append(s.hand(seat));
  return out;
}

py::list played_cards(const HandState& s) {
  py::list out;
  const int n = s.tricks_played() * kNumSeats + s.trick_len();
  for (int i = 0; i < n; ++i) out.append(s.played_card(i));
  return out;
}

}  // namespace

void bind_hand(py::module_& m) {
  py::class_<Rng>(m, "Rng")
      .def(py::init<std::uint64_t>(), py::arg("seed"))
      .def("copy", [](const Rng& r) { return r; })
      .def("next", &Rng::next);

  py::class_<HandState>(m, "HandState")
      .def(py::init(&new_hand), py::arg("deck"), py::arg("dealer"), py::arg("scores"), py::arg("rules"))
      .def_static(
          "random",
          [](std::uint64_t seed, int dealer, std::pair<int, int> scores, const Rules& rules) {
            Rng rng(seed);
            const int before[2] = {scores.first, scores.second};
            return HandState::random_deal(rng, checked_seat(dealer, "dealer"), before, rules);
          },
          py::arg("seed"), py::arg("dealer"), py::arg("scores"), py::arg("rules"))
      .def("copy", [](const HandState& s) { return s; })
      .def("play_random_card",
           [](HandState& s, Rng& rng) {
             check_playing(s);
             s.play(random_card(s.legal_cards(), rng));
           })
      .def("play_randomly",
           [](HandState& s, Rng& rng) {
             check_playing(s);
             s.play_randomly(rng);
           })
      .def_static("play_randomly_together",
                  [](HandState& a, Rng& a_rng, HandState& b, Rng& b_rng) {
                    check_playing(a);
                    check_playing(b);
                    if (&a == &b || &a_rng == &b_rng) throw RuleError("two hands need two states and two streams");
                    HandState::play_randomly(a, a_rng, b, b_rng);
                  })
      .def("legal_actions", &HandState::legal_actions)
      .def("apply", &checked_apply, py::arg("action"))
      .def("force_contract",
           [](HandState& s, int mode, int trump) {
             if (s.phase() != Phase::kBidding || s.round() != 1 || s.to_move() != seat_after(s.dealer()))
               throw RuleError("a contract can only be forced before anyone has bid");
             s.force_contract(checked_contract(mode, trump));
           })
      .def_property_readonly("phase", [](const HandState& s) { return static_cast<int>(s.phase()); })
      .def_property_readonly("to_move", &HandState::to_move)
      .def_property_readonly("dealer", &HandState::dealer)
      .def_property_readonly("up_card", &HandState::up_card)
      .def_property_readonly("deck", [](const HandState& s) { return std::vector<int>(s.deck(), s.deck() + kNumCards); })
      .def_property_readonly("hands", &seat_masks)
      .def_property_readonly("scores", [](const HandState& s) { return py::make_tuple(s.score_before(0), s.score_before(1)); })
      .def_property_readonly("round", &HandState::round)
      .def_property_readonly("bid_stage", [](const HandState& s) { return static_cast<int>(s.bid_stage()); })
      .def_property_readonly("hokum_caller", &HandState::hokum_caller)
      .def_property_readonly("has_contract", &HandState::has_contract)
      .def_property_readonly("mode", [](const HandState& s) { return static_cast<int>(s.contract().mode); })
      .def_property_readonly("trump", [](const HandState& s) { return s.contract().trump; })
      .def_property_readonly("buyer", &HandState::buyer)
      .def_property_readonly("ashkal", &HandState::ashkal)
      .def_property_readonly("multiplier", &HandState::multiplier)
      .def_property_readonly("gahwa", &HandState::gahwa)
      .def_property_readonly("closed", &HandState::closed)
      .def_property_readonly("narrow_partner", [](const HandState& s) { return s.rules().narrow_partner; })
      .def_property_readonly("doubler", &HandState::doubler)
      .def_property_readonly("leader", &HandState::leader)
      .def_property_readonly("trick", [](const HandState& s) { return std::vector<int>(s.trick(), s.trick() + s.trick_len()); })
      .def_property_readonly("tricks_played", &HandState::tricks_played)
      .def_property_readonly("played_cards", &played_cards)
      .def("trick_leader", &HandState::trick_leader)
      .def("trick_winner", &HandState::trick_winner_seat)
      .def(
          "projects", [](const HandState& s, int seat) { return project_list(s.projects(checked_seat(seat, "seat"))); },
          py::arg("seat"), "The seat's best projects, fixed when play began (empty before).")
      .def_property_readonly("abnat", [](const HandState& s) { return py::make_tuple(s.abnat(0), s.abnat(1)); })
      .def_property_readonly("tricks_won", [](const HandState& s) { return py::make_tuple(s.tricks_won(0), s.tricks_won(1)); })
      .def_property_readonly("project_team",
                             [](const HandState& s) {
                               const int team = s.project_outcome().team;
                               return team == kNoSeat ? py::object(py::none()) : py::object(py::int_(team));
                             })
      .def_property_readonly("project_abnat",
                             [](const HandState& s) {
                               return py::make_tuple(s.project_outcome().abnat[0], s.project_outcome().abnat[1]);
                             })
      .def_property_readonly("shown_voids", &HandState::shown_voids)
      .def_property_readonly("pending_caller", &HandState::pending_caller)
      .def_property_readonly("baloot_seat", &HandState::baloot_seat)
      .def_property_readonly("baloot_announced", &HandState::baloot_announced)
      .def_property_readonly("thrown_in", &HandState::thrown_in)
      .def_property_readonly("points", [](const HandState& s) { return py::make_tuple(s.score().points[0], s.score().points[1]); })
      .def_property_readonly("made", [](const HandState& s) { return s.score().made; })
      .def_property_readonly("kaboot", [](const HandState& s) {
        return s.score().kaboot == kNoSeat ? py::object(py::none()) : py::object(py::int_(s.score().kaboot));
      });

  py::class_<HandStepper>(m, "HandStepper", "A hand stepped action by action, with the record of every action and its seat.")
      .def(py::init<const HandState&>(), py::arg("state"), "A stepper from a copy of `state`, its record empty.")
      .def("copy", [](const HandStepper& hand) { return hand; })
      .def_property_readonly(
          "state", [](const HandStepper& hand) -> const HandState& { return hand.state(); },
          py::return_value_policy::reference_internal, "The hand as it stands (a view that follows every step).")
      .def(
          "apply",
          [](HandStepper& hand, int action) {
            check_legal(hand.state(), action);
            return hand.apply(action);
          },
          py::arg("action"), "Applies a legal action and returns the seat to move next (-1 once the hand is over).")
      .def_property_readonly("actions", &stepper_actions, "Every action applied, in order.")
      .def_property_readonly("movers", &stepper_movers, "The seat that took each action.");
  m.def(
      "hand_reward",
      [](const HandState& s, int seat, bool margin) {
        if (s.phase() != Phase::kOver) throw RuleError("the hand is not over: it has no reward yet");
        return hand_reward(s.score(), checked_seat(seat, "seat"), margin);
      },
      py::arg("state"), py::arg("seat"), py::arg("margin"),
      "A finished hand's reward for `seat`: its team's game points less the other's (margin) or its own.");
}

}  // namespace baloot
