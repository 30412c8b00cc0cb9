/* One hand played by the built-in players through the C API, a rule set by name, an error reported,
 * and a batch of random hands into caller-owned arrays.
 *
 *   cc play_hand.c -I"$(python -c 'import baloot; print(baloot.get_include())')" \
 *      "$(python -c 'import baloot; print(baloot.get_library())')" -o play_hand && ./play_hand
 */
#include <stdio.h>
#include <stdlib.h>

#include "baloot.h"

/* Prints the failed call and its message, and stops. */
static void check(baloot_status status, const char* what) {
  if (status != BALOOT_OK) {
    fprintf(stderr, "%s failed (%d): %s\n", what, (int)status, baloot_last_error());
    exit(1);
  }
}

int main(void) {
  if (baloot_api_version() != BALOOT_API_VERSION) {
    fprintf(stderr, "library API %d, header API %d\n", baloot_api_version(), BALOOT_API_VERSION);
    return 1;
  }
  baloot_rules* rules = NULL;
  check(baloot_rules_new(&rules), "baloot_rules_new");
  check(baloot_rules_set(rules, "kaboot", "double"), "baloot_rules_set");
  if (baloot_rules_set(rules, "kaboot", "triple") != BALOOT_OK) printf("refused: %s\n", baloot_last_error());

  baloot_builtin* heuristic = NULL;
  check(baloot_player_new("heuristic", &heuristic), "baloot_player_new");
  baloot_hand* hand = NULL;
  check(baloot_hand_new(rules, 7, 0, NULL, &hand), "baloot_hand_new");

  char name[BALOOT_NAME_SIZE];
  baloot_hand_info info;
  check(baloot_hand_info_get(hand, &info), "baloot_hand_info_get");
  check(baloot_card_name(info.up_card, name, sizeof name), "baloot_card_name");
  printf("up-card %s, dealer %d\n", name, info.dealer);
  for (int step = 0; info.phase != BALOOT_OVER; ++step) {
    int action = 0;
    check(baloot_player_choose(heuristic, hand, (uint64_t)step, &action), "baloot_player_choose");
    check(baloot_action_name(action, name, sizeof name), "baloot_action_name");
    printf("%s%d:%s", info.phase == BALOOT_PLAYING && info.trick_len == 0 ? "\n  " : " ", info.to_move, name);
    check(baloot_hand_apply(hand, action), "baloot_hand_apply");
    check(baloot_hand_info_get(hand, &info), "baloot_hand_info_get");
  }
  baloot_result result;
  check(baloot_hand_result(hand, &result), "baloot_hand_result");
  printf("\nresult: points %d-%d, abnat %d-%d, made %d\n", result.points[0], result.points[1], result.abnat[0],
         result.abnat[1], result.made);

  enum { kHands = 10000 };
  static int16_t points[kHands][2];
  baloot_sim_rows rows = {0};
  rows.points = &points[0][0];
  baloot_sim_config config = {0};
  config.count = kHands;
  config.seed = 1;
  config.threads = 1;
  config.rules = rules;
  for (int seat = 0; seat < 4; ++seat) config.players[seat] = heuristic;
  check(baloot_simulate(&config, &rows), "baloot_simulate");
  long total[2] = {0, 0};
  for (int i = 0; i < kHands; ++i) total[0] += points[i][0], total[1] += points[i][1];
  printf("%d heuristic hands: mean points %.3f - %.3f\n", kHands, (double)total[0] / kHands, (double)total[1] / kHands);

  baloot_hand_free(hand);
  baloot_player_free(heuristic);
  baloot_rules_free(rules);
  return 0;
}
