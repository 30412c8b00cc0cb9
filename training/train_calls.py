"""Train the neural player's call network on rows from generate_calls.py and write it into a weights file.

    python training/train_calls.py --data DIR [DIR ...] --network FILE [--init FILE] [--anchor DIR ...]
                                   [--out FILE] [--epochs E] [--batch B] [--lr LR] [--held-out H] [--steps N]
                                   [--seed S] [--threads T]

The float network (PyTorch, on the CPU) is the integer call network of csrc/players/neural_net.hpp: a sum of
first-layer columns of a bidding turn's active features (csrc/players/neural_call_input.hpp), two hidden
layers, activations clipped to 0..1, and one output per call: the analysis's mean margin of the call /
value_scale, learned by mean squared error over the calls that were open. The card network of ``--network``
(a weights file with or without calls) is written with it to ``--out``. ``--init FILE`` starts from FILE's
call network (its integers read back as the floats they quantise); ``--anchor DIR ...`` adds turns of
generate_calls.py ``--samples 0`` whose targets are that network's own values of the open calls, so that
what it learns from the new rows does not overwrite what it knew. A fraction ``--held-out`` of the rows
(the last files of the last folder) is kept out of training, and the script prints, on them, the game points
per turn that the network's call loses to the analysis's best open call (its regret), beside that of the
strong player's call and of passing, for the float network and the quantised one the core runs.
"""

from __future__ import annotations

import argparse
import time
from typing import Dict, Tuple

import numpy as np
import torch
from chunks import load_chunks
from fitting import SparseLayers, fit_epochs
from generate_calls import CALLS, turn_state
from neural_export import (CALL_LAYOUT, ONE, SIZES, WEIGHT_ONE, dequantise, quantise, read_call_network,
                           read_card_network, write_weights)
from torch import nn

from baloot import _core
from baloot.actions import parse_action
from baloot.roster import BuiltinPlayer
from baloot.rules import Rules, core_rules

INPUTS = SIZES["call_inputs"]
OUTPUTS = SIZES["calls"]
HOKUM_SUIT = parse_action("hokum:S")


def output_of(action: int, canonical: list) -> int:
    """The network's output for a bidding action (neural_call_input.hpp's order), given each actual suit's
    canonical number."""
    if HOKUM_SUIT <= action < HOKUM_SUIT + 4:
        return 2 + canonical[action - HOKUM_SUIT]
    return [parse_action(call) for call in CALLS].index(action)


def features_and_targets(rows: Dict[str, np.ndarray]) -> Tuple[np.ndarray, np.ndarray]:
    """Each row's active features (padded with INPUTS) and its values by output (NaN where not open)."""
    rules = core_rules(Rules())
    n = len(rows["value"])
    features = np.full((n, SIZES["call_max_active"]), INPUTS, np.int32)
    targets = np.full((n, OUTPUTS), np.nan, np.float32)
    for i in range(n):
        state = turn_state(rows["deck"][i], rows["dealer"][i], rows["history"][i], rules)
        active, canonical = _core.neural_call_input(state)
        features[i, :len(active)] = active
        for call, value in zip(CALLS, rows["value"][i]):
            targets[i, output_of(parse_action(call), canonical)] = value
    return features, targets / SIZES["value_scale"]


class CallNetwork(SparseLayers):
    """The float network that csrc/players/neural_net.hpp's integer call network quantises."""

    def __init__(self) -> None:
        super().__init__(INPUTS, SIZES["call_l1"], SIZES["call_l2"], SIZES["call_l3"])
        self.calls = nn.Linear(SIZES["call_l3"], OUTPUTS)
        self.heads = [self.calls]

    def forward(self, features: torch.Tensor) -> torch.Tensor:
        return self.calls(self.hidden(features))

    def named_tensors(self) -> Dict[str, torch.Tensor]:
        """Every parameter under the name of neural_export.CALL_LAYOUT's array."""
        return dict(self.layer_params(), wc=self.calls.weight, bc=self.calls.bias)


def quantised_values(network: object, features: np.ndarray) -> np.ndarray:
    """The integer call network's values of each row of padded features, as floats of the targets' scale."""
    return np.array([_core.neural_call_values(network, [f for f in row if f < INPUTS]) for row in features],
                    np.float32).reshape(-1, OUTPUTS) / (ONE * WEIGHT_ONE)


def own_values(network: object, features: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """Targets that are the network's own values of the open calls (NaN where ``targets`` has NaN)."""
    return np.where(np.isnan(targets), np.nan, quantised_values(network, features)).astype(np.float32)


def regret(chosen: np.ndarray, targets: np.ndarray) -> float:
    """Mean game points per turn of the best open call's value over that of the chosen output's."""
    best = np.nanmax(targets, axis=1)
    return float((best - targets[np.arange(len(targets)), chosen]).mean() * SIZES["value_scale"])


def best_open(values: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """Each row's open output of the highest value."""
    return np.where(np.isnan(targets), -np.inf, values).argmax(axis=1)


def strong_outputs(rows: Dict[str, np.ndarray], features: np.ndarray) -> np.ndarray:
    """The output of the strong player's call on each row (its calls are the neural player's without a call
    network)."""
    rules = core_rules(Rules())
    strong = BuiltinPlayer("strong").core
    out = np.zeros(len(features), np.int64)
    for i in range(len(features)):
        state = turn_state(rows["deck"][i], rows["dealer"][i], rows["history"][i], rules)
        out[i] = output_of(strong.choose(state, 0), _core.neural_call_input(state)[1])
    return out


def fit(net: CallNetwork, features: torch.Tensor, targets: torch.Tensor, args: argparse.Namespace,
        rng: np.random.Generator) -> None:
    """Trains `net` on the open calls' values (mean squared error)."""
    open_calls = ~torch.isnan(targets)
    values = torch.nan_to_num(targets)

    def loss_of(batch: torch.Tensor) -> torch.Tensor:
        error = (net(features[batch]) - values[batch]) * open_calls[batch]
        return (error ** 2).sum() / open_calls[batch].sum()

    fit_epochs(net, len(features), loss_of, epochs=args.epochs, batch=args.batch, lr=args.lr, steps=args.steps,
               rng=rng, name="calls")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, nargs="+", help="folders of generate_calls.py's row files")
    parser.add_argument("--network", required=True, help="weights file whose card network the output keeps")
    parser.add_argument("--init", help="weights file whose call network training starts from")
    parser.add_argument("--anchor", nargs="+", help="folders of turns (generate_calls.py --samples 0) whose "
                        "targets are the --init call network's own values")
    parser.add_argument("--out", default="neural.weights", help="weights file to write")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--steps", type=int, default=0, help="stop after this many steps (0: all epochs)")
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--held-out", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    args = parser.parse_args()
    if args.anchor and not args.init:
        parser.error("--anchor needs --init: the network whose values the anchor turns keep")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    card_network = read_card_network(args.network)
    rows = load_chunks(args.data, "calls")
    began = time.perf_counter()
    features, targets = features_and_targets(rows)
    cut = len(features) - int(len(features) * args.held_out)
    print(f"{len(features):,} turns ({len(features) - cut:,} held out), features in "
          f"{time.perf_counter() - began:.0f} s", flush=True)
    net = CallNetwork()
    train_features, train_targets = features[:cut], targets[:cut]
    if args.init:
        net.load(dequantise(read_call_network(args.init), CALL_LAYOUT))
    if args.anchor:
        anchor_features, anchor_targets = features_and_targets(load_chunks(args.anchor, "calls"))
        anchor_targets = own_values(_core.NeuralWeights(args.init), anchor_features, anchor_targets)
        print(f"{len(anchor_features):,} anchor turns, the targets {args.init}'s values", flush=True)
        train_features = np.concatenate([train_features, anchor_features])
        train_targets = np.concatenate([train_targets, anchor_targets])
    fit(net, torch.from_numpy(train_features), torch.from_numpy(train_targets), args, rng)
    calls = quantise(net.params(), CALL_LAYOUT)
    write_weights(args.out, card_network, calls)
    held, held_targets = features[cut:], targets[cut:]
    if len(held):
        with torch.no_grad():
            float_values = net(torch.from_numpy(held)).numpy()
        quantised = quantised_values(_core.NeuralWeights(args.out), held)
        held_rows = {key: value[cut:] for key, value in rows.items()}
        print(f"held-out regret, game points per turn: "
              f"float {regret(best_open(float_values, held_targets), held_targets):.3f}, "
              f"quantised {regret(best_open(quantised, held_targets), held_targets):.3f}, "
              f"strong {regret(strong_outputs(held_rows, held), held_targets):.3f}, "
              f"pass {regret(np.zeros(len(held), np.int64), held_targets):.3f}")
    print(f"wrote {args.out} ({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
