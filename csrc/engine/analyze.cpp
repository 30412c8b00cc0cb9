#include "engine/analyze.hpp"

#include "kernel/parallel.hpp"

namespace baloot {

std::uint8_t outcome_flags(const HandState& h, int seat) {
  if (h.thrown_in()) return kThrownIn;
  const int team = team_of(seat);
  std::uint8_t flags = 0;
  if (h.buyers() == team) flags |= kOwnTeamBought;
  if (h.buyer() == seat) flags |= kSeatBought;
  if (h.buyers() == team && h.score().made) flags |= kOwnTeamMade;
  if (h.score().kaboot == team) flags |= kOwnKaboot;
  if (h.score().kaboot == 1 - team) flags |= kOpponentKaboot;
  if (h.gahwa()) flags |= kGahwaPlayed;
  if (h.score().made) flags |= kBuyersMade;
  return flags;
}

void sample_deck(const DecisionQuestion& q, Rng& rng, Card (&deck)[kNumCards]) {
  Hand known_cards = 0;
  for (int p = 0; p < kNumCards; ++p)
    if (q.known >> p & 1) known_cards |= bit(q.deck[p]);
  Card unknown[kNumCards];
  int n = 0;
  for (Hand rest = ~known_cards; rest; rest = without_lowest(rest)) unknown[n++] = lowest_card(rest);
  for (int i = n - 1; i > 0; --i) {
    const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(i + 1)));
    const Card t = unknown[i];
    unknown[i] = unknown[j];
    unknown[j] = t;
  }
  int next = 0;
  for (int p = 0; p < kNumCards; ++p) deck[p] = (q.known >> p & 1) ? q.deck[p] : unknown[next++];
}

void play_out(HandState& hand, const Policy* const (&players)[kNumSeats], Rng& rng) {
  while (hand.phase() != Phase::kOver) hand.apply(players[hand.to_move()]->choose(hand, rng));
}

namespace {

// Whether the players would have made the calls of `history` on `deck`, the deciding seat's own apart.
bool calls_agree(const DecisionQuestion& q, const Card (&deck)[kNumCards], int seat, Rng rng) {
  HandState state(deck, q.dealer, q.scores, q.rules);
  for (int action : q.history) {
    const int mover = state.to_move();
    if (mover != seat && q.players[mover]->choose(state, rng) != action) return false;
    state.apply(action);
  }
  return true;
}

// The deck of one sample: drawn until the calls agree with it, at most kMaxDraws times.
int draw_deck(const DecisionQuestion& q, int seat, Rng& rng, Card (&deck)[kNumCards]) {
  int draws = 0;
  do {
    sample_deck(q, rng, deck);
  } while (++draws < kMaxDraws && !calls_agree(q, deck, seat, rng));
  return draws;
}

}  // namespace

HandState replay(const DecisionQuestion& q, const Card (&deck)[kNumCards]) {
  HandState state(deck, q.dealer, q.scores, q.rules);
  for (int action : q.history) {
    if (!state.is_legal(action)) throw RuleError("action " + std::to_string(action) + " of the history is not legal");
    state.apply(action);
  }
  return state;
}

std::int64_t analyze_decision(const DecisionQuestion& q, std::int64_t first, std::int64_t count, int threads,
                              const DecisionOutputs& out, std::atomic<std::int64_t>& done, const std::atomic<bool>& stop) {
  const int k = static_cast<int>(q.candidates.size());
  const int seat = replay(q, q.deck).to_move();  // the calls' order does not depend on the cards
  struct Worker {
    const DecisionQuestion& q;
    const DecisionOutputs& out;
    std::int64_t first;
    int k;
    int seat;

    void operator()(std::int64_t begin, std::int64_t end) {
      for (std::int64_t row = begin; row < end; ++row) {
        Rng rng(item_seed(q.seed, static_cast<std::uint64_t>(first + row)));
        Card deck[kNumCards];
        out.draws[row] = draw_deck(q, seat, rng, deck);
        const HandState base = replay(q, deck);
        for (int c = 0; c < k; ++c) {
          HandState hand = base;
          Rng stream = rng;
          hand.apply(q.candidates[static_cast<std::size_t>(c)]);
          play_out(hand, q.players, stream);
          const std::int64_t cell = row * k + c;
          const int team = team_of(seat);
          out.margin[cell] = static_cast<std::int16_t>(hand.score().points[team] - hand.score().points[1 - team]);
          out.flags[cell] = outcome_flags(hand, seat);
          out.multiplier[cell] = static_cast<std::int8_t>(hand.multiplier());
          if (out.own_points) out.own_points[cell] = static_cast<std::int16_t>(hand.score().points[team]);
        }
      }
    }
    void finish() {}
  };
  const std::int64_t before = done.load();
  parallel_chunks(count, threads, balanced_chunk(count, threads, 16, 1024), stop, done,
                  [&] { return Worker{q, out, first, k, seat}; });
  return done.load() - before;
}

}  // namespace baloot
