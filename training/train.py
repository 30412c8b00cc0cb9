"""Train the neural player's network on rows from generate.py, quantise it, write its weights file.

    python training/train.py --data DIR [DIR ...] [--imitation DIR2] [--imitation-epochs E2]
                             [--imitated FILE] [--init FILE] [--anchor DIR ...] [--out FILE] [--calls FILE] [--epochs E]
                             [--batch B] [--lr LR] [--temperature T] [--value-weight V] [--held-out H]
                             [--steps N] [--seed S] [--threads T]

The float network (PyTorch, on the CPU) is the integer one of csrc/players/neural_net.hpp: a sum of
first-layer columns of the active features, two hidden layers, activations clipped to 0..1, a policy head
over the 32 canonical cards and a value head. The policy learns the rollout search's card values as soft
targets (softmax over the legal cards of value / ``--temperature`` game points), the value head the hand's
final margin / value_scale (mean squared error, weighted ``--value-weight``). With ``--imitation``, the
network first learns, for ``--imitation-epochs``, to play the card the player of those unlabelled rows
played (cheap rows at simulation speed), then the search's values; ``--imitated FILE`` keeps the float
network of that first stage (PyTorch's state dict) and, when FILE is there, starts from it instead (the
same imitation serves every network trained on other search rows; the search epochs then shuffle as
they would after the imitation epochs of ``--imitation-epochs 0``). ``--init FILE`` starts instead from
FILE's card network, its integers read back as the floats they quantise (another iteration on new rows alone,
without the rows of the networks before); ``--anchor DIR ...`` adds unlabelled rows (generate.py
``--worlds 0``) whose targets are that network's own policy, so that what it learns from the new rows does
not overwrite what it knew. Later layers' weights are
kept within what int8 holds. A fraction ``--held-out`` of the hands' rows (the last files of the last folder) is
kept out of training, and the script prints, on them, the game points per decision the network's card loses to the
search's best card (its regret), beside that of a random legal card, for the float network and the
quantised one the core runs. ``--calls FILE`` writes FILE's call network beside the new card network.
"""

from __future__ import annotations

import argparse
import os
from typing import Dict, Tuple

import numpy as np
import torch
from chunks import load_chunks
from fitting import SparseLayers, fit_epochs
from neural_export import ONE, SIZES, WEIGHT_ONE, dequantise, quantise, read_card_network, read_networks, write_weights
from torch import nn

INPUTS = SIZES["inputs"]
CARDS = 32


def load_rows(*folders: str) -> Dict[str, np.ndarray]:
    """Every finished row file of generate.py in the folders."""
    return load_chunks(folders, "rows")


def legal_matrix(legal: np.ndarray) -> np.ndarray:
    """The legal masks as rows of 32 booleans."""
    return (legal[:, None].astype(np.int64) >> np.arange(CARDS)) & 1 == 1


class Network(SparseLayers):
    """The float network that csrc/players/neural_net.hpp's integer one quantises."""

    def __init__(self) -> None:
        super().__init__(INPUTS, SIZES["l1"], SIZES["l2"], SIZES["l3"])
        self.policy = nn.Linear(SIZES["l3"], CARDS)
        self.value = nn.Linear(SIZES["l3"], 1)
        self.heads = [self.policy, self.value]

    def forward(self, features: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        a = self.hidden(features)
        return self.policy(a), self.value(a).squeeze(1)

    def named_tensors(self) -> Dict[str, torch.Tensor]:
        """Every parameter under the name of neural_export.LAYOUT's array."""
        return dict(self.layer_params(), wp=self.policy.weight, bp=self.policy.bias, wv=self.value.weight[0],
                    bv=self.value.bias[0])


def quantised_logits(net: Dict[str, np.ndarray], features: np.ndarray, batch: int = 8192) -> np.ndarray:
    """The integer network's logits for rows of padded features, in numpy, ``batch`` rows at a time (the
    gathered first-layer columns of a batch are rows x 64 x l1 integers)."""
    w1 = np.vstack([net["w1"], np.zeros((1, SIZES["l1"]), np.int16)]).astype(np.int64)
    logits = []
    for start in range(0, len(features), batch):
        acc = w1[features[start:start + batch].astype(np.int64)].sum(axis=1) + net["b1"]
        acc = (acc + 32768) % 65536 - 32768  # the int16 accumulator's wrap
        a = np.clip(acc, 0, 127)
        for w, b in (("w2", "b2"), ("w3", "b3")):
            a = np.clip((a @ net[w].astype(np.int64).T + net[b]) >> SIZES["shift"], 0, 127)
        logits.append(a @ net["wp"].astype(np.int64).T + net["bp"])
    return np.concatenate(logits) if logits else np.zeros((0, 32), np.int64)


def own_policy(net: Dict[str, np.ndarray], rows: Dict[str, np.ndarray]) -> np.ndarray:
    """The integer network's policy on rows: the softmax of its logits over each row's legal cards."""
    return soft_targets(quantised_logits(net, rows["features"]) / (ONE * WEIGHT_ONE), legal_matrix(rows["legal"]), 1.0)


def soft_targets(value: np.ndarray, legal: np.ndarray, temperature: float) -> np.ndarray:
    """Softmax over each row's legal cards of value / temperature (float32)."""
    target = np.where(legal, value / temperature, -np.inf)
    target = np.exp(target - target.max(axis=1, keepdims=True))
    return (target / target.sum(axis=1, keepdims=True)).astype(np.float32)


def regret(chosen: np.ndarray, value: np.ndarray, legal: np.ndarray) -> float:
    """Mean game points per decision of the best legal card's value over that of the chosen card's."""
    return float((np.where(legal, value, -np.inf).max(axis=1) - value[np.arange(len(value)), chosen]).mean())


def best(logits: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Each row's legal card of the highest logit."""
    return np.where(legal, logits, -np.inf).argmax(axis=1)


def policy_loss(logits: torch.Tensor, legal: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """Cross-entropy of the legal cards' softmax against `target`: probabilities per card, or a card index."""
    logits = logits.masked_fill(~legal, -1e9)
    if target.dim() == 1:
        return nn.functional.cross_entropy(logits, target)
    return -(target * torch.log_softmax(logits, dim=1)).sum(dim=1).mean()


def fit(net: Network, data: Dict[str, torch.Tensor], args: argparse.Namespace, epochs: int, lr: float,
        rng: np.random.Generator, name: str) -> None:
    """Trains `net` on the rows `data` (features, legal, target, margin) for `epochs`."""
    def loss_of(batch: torch.Tensor) -> torch.Tensor:
        logits, value = net(data["features"][batch])
        loss = policy_loss(logits, data["legal"][batch], data["target"][batch])
        return loss + args.value_weight * ((value - data["margin"][batch]) ** 2).mean()

    fit_epochs(net, len(data["legal"]), loss_of, epochs=epochs, batch=args.batch, lr=lr, steps=args.steps, rng=rng,
               name=name)


def tensors(rows: Dict[str, np.ndarray], target: np.ndarray) -> Dict[str, torch.Tensor]:
    """fit's inputs from rows and their policy targets (probabilities per card, or a card index)."""
    return {"features": torch.from_numpy(rows["features"].astype(np.int32)),
            "legal": torch.from_numpy(legal_matrix(rows["legal"])),
            "target": torch.from_numpy(target),
            "margin": torch.from_numpy(rows["margin"].astype(np.float32) / SIZES["value_scale"])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, nargs="+", help="folders of generate.py's row files")
    parser.add_argument("--imitation", help="folder of unlabelled rows (generate.py --worlds 0) to learn first")
    parser.add_argument("--imitation-epochs", type=int, default=2)
    parser.add_argument("--imitated", help="file of the float network after imitation: written, or read if there")
    parser.add_argument("--init", help="weights file whose card network training starts from (no imitation)")
    parser.add_argument("--anchor", nargs="+", help="folders of unlabelled rows (generate.py --worlds 0) whose "
                        "targets are the --init network's own policy, learned beside --data")
    parser.add_argument("--out", default="neural.weights", help="weights file to write")
    parser.add_argument("--calls", help="weights file whose call network the output keeps (default: none)")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--steps", type=int, default=0, help="stop each stage after this many steps (0: all epochs)")
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--temperature", type=float, default=1.0, help="game points (soft policy targets)")
    parser.add_argument("--value-weight", type=float, default=0.25)
    parser.add_argument("--held-out", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    args = parser.parse_args()
    if args.anchor and not args.init:
        parser.error("--anchor needs --init: the network whose policy the anchor rows keep")
    calls = read_networks(args.calls)[1] if args.calls else None
    if args.calls and calls is None:
        raise SystemExit(f"{args.calls} holds no call network")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)

    net = Network()
    if args.init:
        net.load(dequantise(read_card_network(args.init)))
        print(f"starting from the card network of {args.init}", flush=True)
    elif args.imitated and os.path.exists(args.imitated):
        net.load_state_dict(torch.load(args.imitated))
        print(f"the network that learned to imitate, from {args.imitated}", flush=True)
    elif args.imitation:
        rows = load_rows(args.imitation)
        print(f"{len(rows['legal']):,} rows to imitate", flush=True)
        fit(net, tensors(rows, rows["chosen"].astype(np.int64)), args, args.imitation_epochs, args.lr, rng,
            "imitation")
        del rows
        if args.imitated:
            torch.save(net.state_dict(), args.imitated)

    rows = load_rows(*args.data)
    n = len(rows["legal"])
    split = n - max(1, int(n * args.held_out))
    legal = legal_matrix(rows["legal"])
    value = rows["value"].astype(np.float32)
    target = soft_targets(value, legal, args.temperature)
    print(f"{n:,} rows ({split:,} to train on, {n - split:,} held out)", flush=True)
    train = {key: rows[key][:split] for key in rows}
    train_target = target[:split].astype(np.float32)
    if args.anchor:
        anchor = load_rows(*args.anchor)
        own = own_policy(read_card_network(args.init), anchor)
        print(f"{len(anchor['legal']):,} anchor rows, the targets {args.init}'s policy", flush=True)
        train = {key: np.concatenate([train[key], anchor[key]]) for key in train}
        train_target = np.concatenate([train_target, own])
    fit(net, tensors(train, train_target), args, args.epochs, args.lr, rng, "search")

    held = slice(split, n)
    h = (value[held], legal[held])
    with torch.no_grad():
        float_logits = net(torch.from_numpy(rows["features"][held].astype(np.int32)))[0].numpy()
    integer = quantise(net.params())
    random_regret = float(((np.where(legal[held], value[held], -np.inf).max(axis=1)
                            - (value[held] * legal[held]).sum(axis=1) / legal[held].sum(axis=1))).mean())
    quantised = best(quantised_logits(integer, rows["features"][held]), legal[held])
    print(f"held-out regret, game points per decision: network {regret(best(float_logits, legal[held]), *h):.3f}, "
          f"quantised {regret(quantised, *h):.3f}, the rows' player {regret(rows['chosen'][held], *h):.3f}, "
          f"random legal card {random_regret:.3f}", flush=True)
    write_weights(args.out, integer, calls)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
