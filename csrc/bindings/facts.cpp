// The numbers the Python layer must agree on, declared once here from the core's own constants:
// action numbers, phases, bidding stages, modes, abnat tables, project points, contract numbering,
// analysis outcome flags, the deal's layout and the largest integers the bindings take.
#include <cstdint>
#include <limits>

#include "engine/analyze.hpp"
#include "kernel/hand.hpp"
#include "kernel/projects.hpp"
#include "engine/simulate.hpp"
#include "bindings/bindings.hpp"

namespace py = pybind11;

namespace baloot {

namespace {

py::tuple ranks_of(const int (&table)[kNumRanks]) {
  py::tuple out(kNumRanks);
  for (int r = 0; r < kNumRanks; ++r) out[r] = table[r];
  return out;
}

}  // namespace

void bind_facts(py::module_& m) {
  py::dict actions;
  actions["pass"] = static_cast<int>(kPass);
  actions["hokum"] = static_cast<int>(kHokum);
  actions["hokum_suit"] = static_cast<int>(kHokumSuit);
  actions["sun"] = static_cast<int>(kSun);
  actions["ashkal"] = static_cast<int>(kAshkal);
  actions["double"] = static_cast<int>(kDouble);
  actions["three"] = static_cast<int>(kThree);
  actions["four"] = static_cast<int>(kFour);
  actions["gahwa"] = static_cast<int>(kGahwa);
  actions["double:closed"] = static_cast<int>(kDoubleClosed);
  actions["four:closed"] = static_cast<int>(kFourClosed);
  actions["kawesh"] = static_cast<int>(kKawesh);
  m.attr("actions") = actions;  // calls by name; kHokumSuit + suit names a suit in round 2
  m.attr("num_actions") = kNumActions;
  m.attr("num_cards") = kNumCards;

  // Names in the order of the core's enums: phase/bid_stage/mode numbers index these tuples.
  m.attr("phases") = py::make_tuple("bidding", "doubling", "playing", "over");
  m.attr("bid_stages") = py::make_tuple("turns", "over_hokum", "priority", "hokum_confirm");
  m.attr("modes") = py::make_tuple("sun", "hokum");
  m.attr("project_kinds") = py::make_tuple("sira", "fifty", "hundred", "four_hundred");
  static_assert(static_cast<int>(Phase::kOver) == 3 && static_cast<int>(BidStage::kHokumConfirm) == 3);
  static_assert(static_cast<int>(Mode::kHokum) == 1 && static_cast<int>(ProjectKind::kFourHundred) == 3);

  m.attr("plain_abnat") = ranks_of(kPlainAbnat);  // by rank 7 8 9 10 J Q K A: Sun and plain suits
  m.attr("trump_abnat") = ranks_of(kTrumpAbnat);
  m.attr("total_abnat") = py::make_tuple(kSunTotalAbnat, kHokumTotalAbnat);  // by mode
  m.attr("last_trick_abnat") = kLastTrickAbnat;
  m.def(
      "card_abnat", [](int card, int mode, int trump) { return card_abnat(checked_card(card), checked_contract(mode, trump)); },
      py::arg("card"), py::arg("mode"), py::arg("trump"));
  m.def(
      "project_points", [](int abnat, int mode) { return project_points(abnat, checked_mode(mode)); }, py::arg("abnat"),
      py::arg("mode"));

  // Contract numbering of the double-dummy tables: contract_at(k) as (mode, trump), k = 0..kNumContracts-1.
  py::list contracts;
  for (int k = 0; k < kNumContracts; ++k) {
    const Contract c = contract_at(k);
    contracts.append(py::make_tuple(static_cast<int>(c.mode), c.trump));
  }
  m.attr("contracts") = contracts;

  // Where a simulation summary counts each bought contract, as (mode, trump, bought by ashkal).
  py::list summary_contracts(kSummaryContracts);
  for (int k = 0; k < kNumContracts; ++k)
    for (const bool ashkal : {false, true}) {
      const Contract c = contract_at(k);
      if (ashkal && c.mode != Mode::kSun) continue;
      summary_contracts[summary_contract(c, ashkal)] = py::make_tuple(static_cast<int>(c.mode), c.trump, ashkal);
    }
  m.attr("summary_contracts") = summary_contracts;

  py::dict flags;
  flags["own_team_bought"] = static_cast<int>(kOwnTeamBought);
  flags["seat_bought"] = static_cast<int>(kSeatBought);
  flags["own_team_made"] = static_cast<int>(kOwnTeamMade);
  flags["own_kaboot"] = static_cast<int>(kOwnKaboot);
  flags["thrown_in"] = static_cast<int>(kThrownIn);
  flags["opponent_kaboot"] = static_cast<int>(kOpponentKaboot);
  flags["gahwa"] = static_cast<int>(kGahwaPlayed);
  flags["buyers_made"] = static_cast<int>(kBuyersMade);
  m.attr("outcome_flags") = flags;

  // The deal's layout in a deck given in dealing order: the up-card's position, and each seat's first cards'.
  m.attr("up_card_position") = kUpCardIndex;
  m.def(
      "first_card_positions",
      [](int seat, int dealer) {
        const int packet = packet_of(checked_seat(seat, "seat"), checked_seat(dealer, "dealer"));
        std::vector<int> positions(kFirstCards);
        for (int i = 0; i < kFirstCards; ++i) positions[static_cast<std::size_t>(i)] = first_card_position(packet, i);
        return positions;
      },
      py::arg("seat"), py::arg("dealer"), "The deck positions of the five cards `seat` bids on when `dealer` deals.");

  // The largest values the bindings take: a C int (targets, scores, seats, threads), an int64 count
  // (hands, samples, the first hand) and a uint64 seed.
  m.attr("int_max") = std::numeric_limits<int>::max();
  m.attr("count_max") = std::numeric_limits<std::int64_t>::max();
  m.attr("seed_max") = std::numeric_limits<std::uint64_t>::max();
}

}  // namespace baloot
