"""A slow, independent pure-Python encoding of what a seat has seen (the layout of baloot.rl), built from
the public Game API and a replay of the hand, to cross-check the core's observations."""

import numpy as np

from baloot import DECK, Game

CALL_KINDS = ("none", "pass", "hokum", "hokum:S", "hokum:H", "hokum:D", "hokum:C", "sun", "ashkal")
PHASES = ("bidding", "doubling", "playing", "over")
SIZES = (("hand", 32), ("up_card", 32), ("played", 128), ("trick", 128), ("phase", 4), ("dealer", 4), ("round", 2),
         ("calls", 36), ("mode", 3), ("trump", 4), ("buyer", 4), ("multiplier", 4), ("gahwa", 1), ("voids", 16),
         ("tricks_won", 2), ("abnat", 2), ("scores", 2), ("baloot", 4))


def layout():
    out, start = {}, 0
    for name, size in SIZES:
        out[name] = slice(start, start + size)
        start += size
    return out


LAYOUT = layout()


def bidding_history(game):
    """Each seat's latest bidding action and the bidding round when the bidding ended (or now)."""
    replay = Game(rules=game.rules, deck=[DECK[c] for c in game.core_state().deck], dealer=game.dealer, scores=game.scores)
    last = [None] * 4
    round_number = 1
    for action in game.history:
        if replay.phase == "bidding":
            last[replay.to_move] = action
            round_number = replay.core_state().round
        replay.apply(action)
    if replay.phase == "bidding":
        round_number = replay.core_state().round
    return last, round_number


def observe(game, seat):
    obs = np.zeros(sum(size for _, size in SIZES), dtype=np.float32)
    view = {name: obs[part] for name, part in LAYOUT.items()}

    def relative(other):
        return (other - seat) % 4

    for card in game.hands[seat]:
        view["hand"][DECK.index(card)] = 1
    view["up_card"][DECK.index(game.up_card)] = 1
    played = view["played"].reshape(4, 32)
    on_table = view["trick"].reshape(4, 32)
    for trick in game.tricks:
        for i, card in enumerate(trick.cards):
            played[relative(trick.leader + i), DECK.index(card)] = 1
    if game.trick:
        leader = game.core_state().leader
        for i, card in enumerate(game.trick):
            played[relative(leader + i), DECK.index(card)] = 1
            on_table[relative(leader + i), DECK.index(card)] = 1
    view["phase"][PHASES.index(game.phase)] = 1
    view["dealer"][relative(game.dealer)] = 1
    last, round_number = bidding_history(game)
    view["round"][round_number - 1] = 1
    calls = view["calls"].reshape(4, len(CALL_KINDS))
    for other in range(4):
        calls[relative(other), CALL_KINDS.index(last[other] or "none")] = 1
    contract = game.contract
    if contract is None:
        view["mode"][0] = 1
    else:
        view["mode"][1 if contract.mode == "sun" else 2] = 1
        if contract.trump is not None:
            view["trump"]["SHDC".index(contract.trump)] = 1
        view["buyer"][relative(contract.buyer)] = 1
        view["multiplier"][contract.multiplier - 1] = 1
        view["gahwa"][0] = float(contract.gahwa)
    voids = game.core_state().shown_voids
    for other in range(4):
        for suit in range(4):
            view["voids"][4 * relative(other) + suit] = voids >> (4 * other + suit) & 1
    team = seat % 2
    tricks = [sum(1 for t in game.tricks if t.winner % 2 == k) for k in (0, 1)]
    view["tricks_won"][:] = [tricks[team] / 8, tricks[1 - team] / 8]
    abnat = game.core_state().abnat
    view["abnat"][:] = [abnat[team] / 162, abnat[1 - team] / 162]
    target = game.rules.target
    view["scores"][:] = [min(game.scores[team] / target, 1), min(game.scores[1 - team] / target, 1)]
    if game.core_state().baloot_announced:
        view["baloot"][relative(game.core_state().baloot_seat)] = 1
    return obs
