"""The neural player's float networks' shared layers, and the loop that fits them (PyTorch, on the CPU)."""

from __future__ import annotations

import time
from typing import Callable, Dict, List

import numpy as np
import torch
from neural_export import INT8, WEIGHT_ONE
from torch import nn


class SparseLayers(nn.Module):
    """The layers that csrc/players/neural_net.hpp's NeuralLayers quantise: a sum of first-layer columns of the
    active features (padded with ``inputs``), two hidden layers, activations clipped to 0..1; subclasses add
    heads that read ``hidden``'s result and list them in ``heads``."""

    def __init__(self, inputs: int, l1: int, l2: int, l3: int) -> None:
        super().__init__()
        self.inputs = inputs
        self.w1 = nn.EmbeddingBag(inputs + 1, l1, mode="sum", padding_idx=inputs)
        self.b1 = nn.Parameter(torch.zeros(l1))
        self.l2 = nn.Linear(l1, l2)
        self.l3 = nn.Linear(l2, l3)
        self.heads: List[nn.Linear] = []
        with torch.no_grad():
            self.w1.weight.normal_(0, 0.1)
            self.w1.weight[inputs] = 0

    def hidden(self, features: torch.Tensor) -> torch.Tensor:
        a = torch.clamp(self.w1(features) + self.b1, 0, 1)
        a = torch.clamp(self.l2(a), 0, 1)
        return torch.clamp(self.l3(a), 0, 1)

    def keep_in_range(self) -> None:
        """Later layers' weights within what int8 holds at the export's scale."""
        bound = INT8 / WEIGHT_ONE
        with torch.no_grad():
            for layer in [self.l2, self.l3] + self.heads:
                layer.weight.clamp_(-bound, bound)

    def layer_params(self) -> Dict[str, torch.Tensor]:
        """The shared layers' parameters under the names of the weights file."""
        return {"w1": self.w1.weight[:self.inputs], "b1": self.b1, "w2": self.l2.weight, "b2": self.l2.bias,
                "w3": self.l3.weight, "b3": self.l3.bias}

    def named_tensors(self) -> Dict[str, torch.Tensor]:
        """Every parameter under the name of the weights file's array, as views of the network's own (the
        subclass adds its heads' to ``layer_params``)."""
        raise NotImplementedError

    def params(self) -> Dict[str, np.ndarray]:
        """The float parameters under the names of the weights file's arrays."""
        return {name: value.detach().numpy().astype(np.float64) for name, value in self.named_tensors().items()}

    def load(self, params: Dict[str, np.ndarray]) -> None:
        """Sets the float parameters from ``params``, named as ``params()`` names them."""
        with torch.no_grad():
            for name, tensor in self.named_tensors().items():
                tensor.copy_(torch.as_tensor(params[name], dtype=tensor.dtype).reshape(tensor.shape))


def fit_epochs(net: torch.nn.Module, rows: int, loss_of: Callable[[torch.Tensor], torch.Tensor], *, epochs: int,
               batch: int, lr: float, steps: int, rng: np.random.Generator, name: str) -> None:
    """Adam with a cosine decay over ``epochs`` of the rows shuffled by ``rng``, ``loss_of`` the loss of a
    batch of row indices; the network's ``keep_in_range()`` after each step; at most ``steps`` steps (0: all)."""
    optimiser = torch.optim.Adam(net.parameters(), lr=lr)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, max(1, epochs * -(-rows // batch)))
    began, step = time.perf_counter(), 0
    for epoch in range(epochs):
        order = torch.from_numpy(rng.permutation(rows))
        total = 0.0
        for at in range(0, rows, batch):
            indices = order[at:at + batch]
            loss = loss_of(indices)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            net.keep_in_range()
            total += float(loss.detach()) * len(indices)
            step += 1
            if steps and step >= steps:
                break
        print(f"{name} epoch {epoch + 1}: loss {total / rows:.4f} ({time.perf_counter() - began:.0f} s)", flush=True)
        if steps and step >= steps:
            break
