// A solver's tables and the loading of a position: the per-card views every search reads.
#include <algorithm>
#include <cassert>
#include <cstring>
#include <string>

#include "solver/common.hpp"
#include "solver/kernel_tables.hpp"

namespace baloot {

Solver::Solver(int tt_bits) : tables_(&solver_tables()) {
  if (tt_bits < 4 || tt_bits > 28) throw RuleError("tt_bits " + std::to_string(tt_bits) + " is not 4..28");
  table_.assign(std::size_t{1} << (tt_bits - 2), Bucket{});
  endings_.assign(std::size_t{1} << kEndingBits, Ending{});
  shift_ = 64 - (tt_bits - 2);
}

void Solver::clear() {
  std::fill(table_.begin(), table_.end(), Bucket{});
  std::fill(endings_.begin(), endings_.end(), Ending{});
  stamp_ = 0;
}

void Solver::load(const Position& p) {
  assert(passes([&] { check_position(p); }));
  for (int seat = 0; seat < kNumSeats; ++seat) hands_[seat] = p.hands[seat];
  for (int i = 0; i < kNumSeats; ++i) trick_[i] = p.trick[i];
  len_ = p.trick_len;
  leader_ = p.leader;
  tricks_left_ = count(p.hands[seat_after(p.leader, 3)]);
  contract_ = p.contract;
  rules_ = p.rules;
  win_ = len_ > 0 ? trick_winner(trick_, len_, contract_) : 0;
  live_ = all_hands(hands_);
  for (int i = 0; i < len_; ++i) live_ |= bit(trick_[i]);
  beats_ = tables_->beats[contract_index(contract_)];
  takers_ = len_ > 0 ? beats_[suit_of(trick_[0])][trick_[win_]] : kFullDeck;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    kind_[suit] = suit == contract_.trump ? 1 : 0;
    to_pw_[suit] = tables_->to[kind_[suit]];
    from_pw_[suit] = tables_->from[kind_[suit]];
  }
  for (int c = 0; c < kNumCards; ++c) {
    const Card card = static_cast<Card>(c);
    abnat_[c] = static_cast<std::uint8_t>(card_abnat(card, contract_));
    power_[c] = tables_->strength[kind_[suit_of(card)]][rank_of(card)];
    power_bit_[c] = 1u << (8 * suit_of(card) + power_[c]);
    worth_[c] = static_cast<std::uint16_t>(16 * abnat_[c] + power_[c]);
    power_abnat_[8 * suit_of(card) + power_[c]] = abnat_[c];
  }
  zero_powers_ = 0;
  for (int seat = 0; seat < kNumSeats; ++seat) powers_[seat] = 0;
  for (int suit = 0; suit < kNumSuits; ++suit) {
    zero_powers_ |= kZeroPowers[kind_[suit]] << 8 * suit;
    for (int seat = 0; seat < kNumSeats; ++seat) powers_[seat] |= pw(hands_[seat], suit) << 8 * suit;
  }
  for (int i = 0; i < kAbnatValues; ++i) {
    by_abnat_[i] = 0;
    for (int c = 0; c < kNumCards; ++c)
      if (abnat_[c] == kAbnatValue[i]) by_abnat_[i] |= bit(static_cast<Card>(c));
  }
  live_abnat_ = abnat_to_win(p) - kLastTrickAbnat;
  load_zero_keys();
  std::memset(killers_, kNoMove, sizeof killers_);
  nodes_ = 0;
  if (++stamp_ >= (std::uint64_t{1} << kStampBits)) {
    clear();
    stamp_ = 1;
  }
}

void Solver::load_zero_keys() {
  zero_cards_ = by_abnat_[0];
  for (int suit = 0; suit < kNumSuits; ++suit) {
    const std::uint32_t zeros = suit_holding(zero_cards_, suit);
    for (std::uint32_t held = 0; held < 8; ++held) {
      std::uint64_t key = 0;
      if ((held & zeros) == held) {
        std::uint64_t owners = 0;
        for (int r = 2; r >= 0; --r) {
          if (!(held >> r & 1)) continue;
          int owner = 0;
          while (owner < kNumSeats - 1 && !(hands_[owner] & bit(make_card(suit, r)))) ++owner;
          owners = owners << 2 | static_cast<std::uint64_t>(owner);
        }
        key = std::uint64_t{(1u << popcount(held)) - 1} << (8 * suit) | owners << (32 + 6 * suit);
      }
      zero_key_[suit][held] = key;
    }
  }
}

}  // namespace baloot
