#include "engine/simulate.hpp"

#include <algorithm>
#include <cassert>

#include "players/native_play.hpp"
#include "kernel/parallel.hpp"

namespace baloot {

namespace {

void write_row(const SimArrays& out, std::int64_t row, const HandState& s) {
  const bool over = !s.thrown_in();
  const HandScore& score = s.score();
  for (int team = 0; team < 2; ++team) {
    if (out.points) out.points[2 * row + team] = static_cast<std::int16_t>(score.points[team]);
    if (out.abnat) out.abnat[2 * row + team] = static_cast<std::int16_t>(s.abnat(team));
    if (out.projects) out.projects[2 * row + team] = static_cast<std::int16_t>(s.project_outcome().abnat[team]);
    if (out.tricks) out.tricks[2 * row + team] = static_cast<std::int8_t>(s.tricks_won(team));
  }
  if (out.mode) out.mode[row] = static_cast<std::int8_t>(over ? static_cast<int>(s.contract().mode) : -1);
  if (out.trump) out.trump[row] = static_cast<std::int8_t>(over ? s.contract().trump : kNoSuit);
  if (out.buyer) out.buyer[row] = static_cast<std::int8_t>(over ? s.buyer() : kNoSeat);
  if (out.dealer) out.dealer[row] = static_cast<std::int8_t>(s.dealer());
  if (out.made) out.made[row] = static_cast<std::int8_t>(over ? (score.made ? 1 : 0) : -1);
  if (out.kaboot) out.kaboot[row] = static_cast<std::int8_t>(score.kaboot);
  if (out.multiplier) out.multiplier[row] = static_cast<std::int8_t>(s.multiplier());
  if (out.gahwa) out.gahwa[row] = static_cast<std::int8_t>(s.gahwa());
  if (out.ashkal) out.ashkal[row] = static_cast<std::int8_t>(s.ashkal());
  if (out.baloot) out.baloot[row] = static_cast<std::int8_t>(over && s.baloot_seat() != kNoSeat ? team_of(s.baloot_seat()) : -1);
}

}  // namespace

void SimSummary::add(const HandState& s) {
  ++hands;
  if (s.thrown_in()) {
    ++thrown_in;
    return;
  }
  const HandScore& score = s.score();
  for (int team = 0; team < 2; ++team) {
    points[team] += score.points[team];
    points_sq[team] += static_cast<std::int64_t>(score.points[team]) * score.points[team];
  }
  const std::int64_t margin = score.points[0] - score.points[1];
  margin_sq += margin * margin;

  const int buyer = s.buyer();
  const int team = team_of(buyer);
  const std::int64_t own = score.points[team];
  const std::int64_t lead = own - score.points[1 - team];
  ++buys[buyer];
  buys_made[buyer] += score.made;
  buyer_points[buyer] += own;
  buyer_points_sq[buyer] += own * own;
  buyer_margin[buyer] += lead;
  buyer_margin_sq[buyer] += lead * lead;

  const Contract& contract = s.contract();
  ++contracts[summary_contract(contract, s.ashkal())];
  made += score.made;
  if (score.kaboot != kNoSeat) ++kaboot[score.kaboot == team ? 0 : 1];
  ++multiplier[s.multiplier()];
  gahwa += s.gahwa();
  for (int seat = 0; seat < kNumSeats; ++seat) {
    const ProjectSet& set = s.projects(seat);
    for (int i = 0; i < kMaxProjects; ++i) project_kinds[static_cast<int>(set.items[i].kind)] += i < set.count;
  }
  hands_with_projects += s.project_outcome().team != kNoSeat;
  baloot += s.baloot_seat() != kNoSeat;
}

void SimSummary::merge(const SimSummary& o) {
  auto sum = [](std::int64_t* into, const std::int64_t* from, int n) {
    for (int i = 0; i < n; ++i) into[i] += from[i];
  };
  hands += o.hands;
  thrown_in += o.thrown_in;
  sum(points, o.points, 2);
  sum(points_sq, o.points_sq, 2);
  margin_sq += o.margin_sq;
  sum(buys, o.buys, 4);
  sum(buys_made, o.buys_made, 4);
  sum(buyer_points, o.buyer_points, 4);
  sum(buyer_points_sq, o.buyer_points_sq, 4);
  sum(buyer_margin, o.buyer_margin, 4);
  sum(buyer_margin_sq, o.buyer_margin_sq, 4);
  sum(contracts, o.contracts, kSummaryContracts);
  made += o.made;
  sum(kaboot, o.kaboot, 2);
  sum(multiplier, o.multiplier, 5);
  gahwa += o.gahwa;
  sum(project_kinds, o.project_kinds, 4);
  hands_with_projects += o.hands_with_projects;
  baloot += o.baloot;
}

bool SimConfig::all_random() const {
  if (!random_play_loop) return false;
  for (const Policy* p : players)
    if (!dynamic_cast<const RandomPolicy*>(p)) return false;
  return true;
}

namespace {

constexpr int kNoScores[2] = {0, 0};

// Hand `index` of a run, dealt from its own stream `rng`, its contract forced or bid and doubled by the
// players: ready for its card play, or over when thrown in.
HandState start_hand(const SimConfig& config, std::int64_t index, Rng& rng) {
  HandState hand = HandState::random_deal(rng, static_cast<int>(index & 3), kNoScores, config.rules);
  if (config.forced) hand.force_contract(config.contract);
  while (hand.phase() == Phase::kBidding || hand.phase() == Phase::kDoubling)
    hand.apply(config.players[hand.to_move()]->choose(hand, rng));
  return hand;
}

Rng stream_of(const SimConfig& config, std::int64_t index) {
  return Rng(item_seed(config.seed, static_cast<std::uint64_t>(index)));
}

// Hand `index` of a run: the deal and every decision come from the hand's own seeded stream.
HandState play_hand(const SimConfig& config, const TablePlayers& table, std::int64_t index) {
  assert(index >= 0);
  Rng rng = stream_of(config, index);
  HandState hand = HandState::random_deal(rng, static_cast<int>(index & 3), kNoScores, config.rules);
  if (config.forced) hand.force_contract(config.contract);
  play_out(hand, table, rng);
  return hand;
}

}  // namespace

std::int64_t simulate(const SimConfig& config, const SimArrays& out, SimSummary* summary, std::atomic<std::int64_t>& done,
                      const std::atomic<bool>& stop, std::uint8_t* finished) {
  struct Worker {
    const SimConfig& config;
    const SimArrays& out;
    SimSummary* summary;
    std::uint8_t* finished;
    bool all_random;
    const TablePlayers& table;
    SimSummary local;

    // A player's error stops the batch with the hands before it recorded and marked finished (their
    // sums merged by finish(), which parallel_chunks calls after a failure too), as a stop does.
    void operator()(std::int64_t begin, std::int64_t end) {
      std::int64_t row = begin;
      try {
        while (row < end) {
          if (all_random && row + 1 < end) {
            play_random_pair(row);
            row += 2;
          } else {
            record(row, all_random ? play_random(row) : play_hand(config, table, config.first + row));
            row += 1;
          }
        }
      } catch (...) {
        mark_finished(begin, row);
        throw;
      }
      mark_finished(begin, end);
    }
    void mark_finished(std::int64_t begin, std::int64_t end) const {
      if (finished) std::fill(finished + begin, finished + end, std::uint8_t{1});
    }
    HandState play_random(std::int64_t row) const {
      Rng rng = stream_of(config, config.first + row);
      HandState hand = start_hand(config, config.first + row, rng);
      hand.play_randomly(rng);
      return hand;
    }
    // Two hands whose card play runs in one interleaved loop: the same results, sooner.
    void play_random_pair(std::int64_t row) {
      Rng a_rng = stream_of(config, config.first + row);
      Rng b_rng = stream_of(config, config.first + row + 1);
      HandState a = start_hand(config, config.first + row, a_rng);
      HandState b = start_hand(config, config.first + row + 1, b_rng);
      HandState::play_randomly(a, a_rng, b, b_rng);
      record(row, a);
      record(row + 1, b);
    }
    void record(std::int64_t row, const HandState& hand) {
      write_row(out, row, hand);
      if (summary) local.add(hand);
    }
    void finish() {
      if (summary) summary->merge(local);
    }
  };
  const bool all_random = config.all_random();
  const TablePlayers table(config.players, config.native_view_loop);
  const std::int64_t before = done.load();
  parallel_chunks(config.count, config.threads, balanced_chunk(config.count, config.threads, 256, 16384), stop, done,
                  [&] { return Worker{config, out, summary, finished, all_random, table, {}}; });
  return done.load() - before;
}

}  // namespace baloot
