#include "engine/review.hpp"

#include <vector>

#include "kernel/parallel.hpp"
#include "players/neural_likelihood.hpp"

namespace baloot {

namespace {

// Worlds drawn again at most this often when their declared projects differ from the ones seen.
constexpr int kProjectTries = 64;

// Cards played so far by each seat.
void cards_played_by(const HandState& state, Hand (&played_by)[kNumSeats]) {
  const int cards = state.tricks_played() * kNumSeats + state.trick_len();
  for (int i = 0; i < cards; ++i) {
    const int trick = i / kNumSeats;
    const int leader = trick < state.tricks_played() ? state.trick_leader(trick) : state.leader();
    played_by[seat_after(leader, i % kNumSeats)] |= bit(state.played_card(i));
  }
}

}  // namespace

WorldSampler::WorldSampler(const DecisionQuestion& q, const HandState& at, const NeuralNet* inference,
                           int inference_worlds)
    : seen_(q), at_(at), inference_(inference), inference_worlds_(inference_worlds) {
  if (inference_worlds < 1 || inference_worlds > kMaxInferenceWorlds)
    throw RuleError("inference worlds must be 1.." + std::to_string(kMaxInferenceWorlds) + ", got " +
                    std::to_string(inference_worlds));
  const int seat = at.to_move();
  // Dealing order (R2, R3): packets of 3 and of 2 from the dealer's next, the up-card, the rest.
  for (int packet = 0; packet < kNumSeats; ++packet) {
    const int holder = seat_after(at.dealer(), packet + 1);
    for (int i = 0; i < kFirstCards; ++i) {
      const int p = first_card_position(packet, i);
      positions_[holder][position_count_[holder]++] = p;
      if (holder == seat) seen_.known |= 1u << p;
    }
  }
  seen_.known |= 1u << kUpCardIndex;
  if (at.phase() != Phase::kPlaying) return;
  int next = kRestStart;
  for (int step = 1; step <= kNumSeats; ++step) {
    const int holder = seat_after(at.dealer(), step);
    for (int i = holder == at.up_card_holder() ? 2 : 3; i > 0; --i) positions_[holder][position_count_[holder]++] = next++;
  }
  cards_played_by(at, played_by_);
  HiddenCards hidden = hidden_cards(SeatView(at));
  for (int declarer = 0; declarer < kNumSeats; ++declarer) {
    if (declarer == seat || !played_by_[declarer]) continue;  // projects are declared with the first card (R27)
    const Hand kept = at.projects(declarer).cards() & hidden.unseen;
    for (int other = 0; other < kNumSeats; ++other)
      if (other != declarer && other != seat) hidden.allowed[other] &= ~kept;
  }
  dealer_ = std::make_unique<HiddenDealer>(hidden);
  if (!dealer_->consistent()) throw RuleError("no deal of the hidden cards fits what the seat has seen");
}

HandState WorldSampler::sample(Rng& rng) const {
  if (!dealer_) {
    Card deck[kNumCards];
    sample_deck(seen_, rng, deck);
    return replay(seen_, deck);
  }
  if (!inference_) return deal_play(rng, nullptr);
  std::vector<HandState> worlds(static_cast<std::size_t>(inference_worlds_));
  std::int64_t log_weight[kMaxInferenceWorlds];
  for (int k = 0; k < inference_worlds_; ++k) worlds[static_cast<std::size_t>(k)] = deal_play(rng, &log_weight[k]);
  return worlds[static_cast<std::size_t>(pick_by_log_weight(log_weight, inference_worlds_, rng))];
}

HandState WorldSampler::deal_play(Rng& rng, std::int64_t* log_weight) const {
  const Card up = at_.up_card();
  HandState world;
  for (int attempt = 0; attempt < kProjectTries; ++attempt) {
    Hand hands[kNumSeats];
    dealer_->deal(rng, hands);
    Card deck[kNumCards];
    deck[kUpCardIndex] = up;
    for (int seat = 0; seat < kNumSeats; ++seat) {
      Hand cards = (hands[seat] | played_by_[seat]) & ~bit(up);
      for (int i = 0; i < position_count_[seat]; ++i, cards = without_lowest(cards))
        deck[positions_[seat][i]] = lowest_card(cards);
    }
    world = log_weight ? weighed_replay(deck, *log_weight) : replay(seen_, deck);
    if (same_declared_projects(world)) break;
  }
  return world;
}

HandState WorldSampler::weighed_replay(const Card (&deck)[kNumCards], std::int64_t& log_weight) const {
  HandState state(deck, seen_.dealer, seen_.scores, seen_.rules);
  log_weight = 0;
  for (int action : seen_.history) {
    if (state.phase() == Phase::kPlaying && state.to_move() != at_.to_move())
      log_weight += neural_play_log_probability(*inference_, SeatView(state), static_cast<Card>(action));
    state.apply(action);
  }
  return state;
}

bool WorldSampler::same_declared_projects(const HandState& world) const {
  for (int seat = 0; seat < kNumSeats; ++seat) {
    if (seat == at_.to_move() || !played_by_[seat]) continue;
    if (world.projects(seat).cards() != at_.projects(seat).cards() ||
        world.projects(seat).abnat != at_.projects(seat).abnat)
      return false;
  }
  return true;
}

std::int64_t review_decision(const DecisionQuestion& q, std::int64_t count, int threads, std::int16_t* margin,
                             std::atomic<std::int64_t>& done, const std::atomic<bool>& stop, std::int16_t* own_points,
                             std::uint8_t* flags, const NeuralNet* inference, int inference_worlds) {
  const HandState at = replay(q, q.deck);
  const WorldSampler sampler(q, at, inference, inference_worlds);
  const int team = team_of(at.to_move());
  const int k = static_cast<int>(q.candidates.size());
  struct Worker {
    const DecisionQuestion& q;
    const WorldSampler& sampler;
    std::int16_t* margin;
    std::int16_t* own_points;
    std::uint8_t* flags;
    int team;
    int k;
    int seat;  // the deciding seat

    void operator()(std::int64_t begin, std::int64_t end) {
      for (std::int64_t row = begin; row < end; ++row) {
        Rng rng(item_seed(q.seed, static_cast<std::uint64_t>(row)));
        const HandState world = sampler.sample(rng);
        for (int c = 0; c < k; ++c) {
          HandState hand = world;
          Rng stream = rng;
          hand.apply(q.candidates[static_cast<std::size_t>(c)]);
          play_out(hand, q.players, stream);
          const std::int64_t cell = row * k + c;
          margin[cell] = static_cast<std::int16_t>(hand.score().points[team] - hand.score().points[1 - team]);
          if (own_points) own_points[cell] = static_cast<std::int16_t>(hand.score().points[team]);
          if (flags) flags[cell] = outcome_flags(hand, seat);
        }
      }
    }
    void finish() {}
  };
  const std::int64_t before = done.load();
  parallel_chunks(count, threads, balanced_chunk(count, threads, 4, 64), stop, done,
                  [&] { return Worker{q, sampler, margin, own_points, flags, team, k, at.to_move()}; });
  return done.load() - before;
}

}  // namespace baloot
