"""Double-dummy tables: what every contract is worth on a deal, for many deals at once.

A deal's table holds, for Sun and for Hokum in each trump suit, the abnat each team takes from the first
lead when both teams play perfectly with every hand in view (the solver of :mod:`baloot.solver`). The
deals are solved in the C++ core with the GIL released, split over threads, one solver each; the answers
do not depend on the thread count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple

import numpy as np

from baloot import _core, validation
from baloot.cards import Cards, format_card, parse_cards, parse_hands, to_mask
from baloot.errors import BalootError
from baloot.progress import progress_callback
from baloot.rules import Rules, core_rules, resolve
from baloot.stats import Estimate, estimate, rate

#: The columns of a table, in order: Sun, then Hokum with each trump suit (the core's numbering).
TABLE_CONTRACTS: Tuple[str, ...] = tuple(validation.contract_name(mode, trump) for mode, trump in _core.contracts)

# _CARD_ABNAT[k, c]: card c's abnat under TABLE_CONTRACTS[k].
_CARD_ABNAT = np.array([[_core.card_abnat(card, mode, trump) for card in range(_core.num_cards)]
                        for mode, trump in _core.contracts], dtype=np.int16)


def _columns(contracts: Optional[Sequence[str]]) -> int:
    """The core's bit set of table columns for the contracts asked for (all when None)."""
    if contracts is None:
        return (1 << len(TABLE_CONTRACTS)) - 1
    if isinstance(contracts, str):
        contracts = [contracts]
    mask = 0
    for contract in contracts:
        mask |= 1 << _core.contracts.index(validation.contract(contract))
    if not mask:
        raise BalootError("contracts is empty: ask for at least one of " + ", ".join(TABLE_CONTRACTS))
    return mask


def _hand_masks(hands: Any) -> np.ndarray:
    """An (n, 4) uint64 array of hand masks from an integer array or from deals of four hands of cards."""
    if isinstance(hands, np.ndarray) and hands.dtype.kind in "iu":
        masks = hands
    elif isinstance(hands, np.ndarray) and hands.dtype.kind != "O":
        raise BalootError(f"hands is an array of {hands.dtype}: hand masks must be integers (e.g. uint64), "
                          f"one row of four per deal")
    else:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise BalootError(f"hands must be an (n, 4) array of hand masks or a list of deals, not {hands!r}")
        masks = np.array([parse_hands(deal, f"deal {i}: ")[0] for i, deal in enumerate(hands)],
                         dtype=np.int64).reshape(-1, 4)
    if masks.ndim != 2 or masks.shape[1] != 4:
        raise BalootError(f"hands must have shape (n, 4), one row of four hand masks per deal, not {masks.shape}")
    if masks.size and (masks.min() < 0 or masks.max() >= 1 << 32):
        bad = masks[(masks < 0) | (masks >= 1 << 32)][0]
        raise BalootError(f"hand mask {int(bad)} is not a set of cards 0..31")
    return masks.astype(np.uint64)


def _leaders(leaders: Any, n: int) -> np.ndarray:
    seats = np.asarray(leaders)
    if seats.dtype.kind not in "iu" or seats.ndim > 1 or (seats.ndim == 1 and len(seats) != n):
        raise BalootError(f"leaders must be a seat 0..3 or one seat per deal ({n}), not {leaders!r}")
    if seats.size and (seats.min() < 0 or seats.max() > 3):
        raise BalootError(f"leader {int(seats[(seats < 0) | (seats > 3)].flat[0])} is not a seat 0..3")
    return np.broadcast_to(seats.astype(np.int64), (n,)).copy()


def abnat_to_win(hands: np.ndarray) -> np.ndarray:
    """(n, 5): the abnat still to win in each deal under each contract (its cards plus the last-trick 10)."""
    held = np.bitwise_or.reduce(np.asarray(hands, dtype=np.uint64), axis=1)
    cards = ((held[:, None] >> np.arange(32, dtype=np.uint64)) & np.uint64(1)).astype(np.int16)
    return (cards @ _CARD_ABNAT.T + _core.last_trick_abnat).astype(np.int16)


def dd_tables(hands: Any, leaders: Any = 0, *, contracts: Optional[Sequence[str]] = None,
              rules: Optional[Rules] = None, threads: int = 0, progress: Any = False) -> np.ndarray:
    """Double-dummy tables of many deals: an ``(n, 5, 2)`` int16 array, ``[i, k, team]`` the abnat the
    team takes from deal ``i``'s first lead under ``TABLE_CONTRACTS[k]``, both teams playing perfectly
    with every hand in view (the last-trick 10 included; ``-1`` in the columns not asked for).

    ``hands``: an ``(n, 4)`` integer array of hand masks in seat order (bit ``c`` for card ``c`` of
    ``baloot.DECK``), or a list of deals of four hands (``"AS 10S ..."`` or card lists). The hands of a
    deal hold the same number of cards: eight for a full deal. ``leaders``: the seat leading the first
    trick, one for every deal or one per deal. ``contracts``: the columns to solve (default all).
    ``threads``: 0 for every core. Raises :class:`baloot.BalootError` naming the first bad deal.
    """
    masks = _hand_masks(hands)
    n = len(masks)
    seats = _leaders(leaders, n)
    columns = _columns(contracts)
    count = validation.threads(threads)
    with progress_callback(progress, n, unit="deal") as update:
        team0 = _core.dd_tables(masks, seats, columns, core_rules(resolve(rules)), count, update)
    table = np.stack([team0, abnat_to_win(masks) - team0], axis=-1)
    table[team0 < 0] = -1
    return table


def dd_table(hands: Sequence[Cards], leader: int = 0, *,
             rules: Optional[Rules] = None) -> Dict[str, Tuple[int, int]]:
    """The double-dummy table of one deal: for each of ``TABLE_CONTRACTS``, the abnat (team 0, team 1)
    take from the first lead, led by ``leader``, under best play with every hand in view."""
    leader = validation.seat(leader, "leader")
    table = dd_tables([list(hands)], leader, rules=rules, threads=1)[0]
    return {contract: (int(row[0]), int(row[1])) for contract, row in zip(TABLE_CONTRACTS, table)}


def random_deals(n: int, seed: int = 0, *, fixed: Optional[Mapping[int, Cards]] = None) -> np.ndarray:
    """``n`` random full deals as an ``(n, 4)`` uint64 array of hand masks (as :func:`dd_tables` takes
    them), reproducible by ``seed``. ``fixed`` maps seats to the eight cards they hold in every deal; the
    other cards are dealt uniformly at random to the other seats."""
    count = validation.count(n, "n")
    rng = np.random.default_rng(validation.seed(seed))
    masks = np.zeros((count, 4), dtype=np.uint64)
    taken: Dict[int, int] = {}
    for seat, cards in (fixed or {}).items():
        seat = validation.seat(seat)
        indices = parse_cards(cards, f"seat {seat}'s cards")
        if len(indices) != 8:
            raise BalootError(f"seat {seat} must hold 8 cards, got {len(indices)}")
        for card in indices:
            if card in taken:
                raise BalootError(f"{format_card(card)} is given to seat {taken[card]} and seat {seat}")
            taken[card] = seat
        masks[:, seat] = to_mask(indices)
    free_seats = [seat for seat in range(4) if seat not in (fixed or {})]
    free_cards = np.array([card for card in range(32) if card not in taken], dtype=np.uint64)
    order = np.argsort(rng.random((count, len(free_cards))), axis=1)
    bits = np.uint64(1) << free_cards[order]
    for k, seat in enumerate(free_seats):
        masks[:, seat] = np.bitwise_or.reduce(bits[:, 8 * k:8 * k + 8], axis=1) if count else 0
    return masks


@dataclass(frozen=True)
class SampledTable:
    """What one seat's hand is worth under each contract, double dummy, over random deals of the other
    cards: per contract of ``TABLE_CONTRACTS``, the mean abnat its ``team`` takes from the first lead with a
    95% CI (``abnat``), the abnat there are to take (``of``), and the share of deals where the team takes
    more than half (``more_than_half``)."""

    seat: int
    team: int
    deals: int
    seed: int
    leader: int
    abnat: Dict[str, Estimate]
    of: Dict[str, int]
    more_than_half: Dict[str, Estimate]


def sample_table(hand: Cards, seat: int = 0, *, deals: int = 1000, seed: int = 0, leader: int = 0,
                 rules: Optional[Rules] = None, threads: int = 0, progress: Any = False) -> SampledTable:
    """The double-dummy table of ``seat``'s eight cards averaged over ``deals`` random deals of the other
    cards (reproducible by ``seed``), ``leader`` leading the first trick."""
    seat = validation.seat(seat)
    count = validation.count(deals, "deals", 1)
    masks = random_deals(count, seed, fixed={seat: hand})
    table = dd_tables(masks, validation.seat(leader, "leader"), rules=rules, threads=threads, progress=progress)
    team = seat % 2
    ours = table[:, :, team].astype(np.int64)
    totals = abnat_to_win(masks[:1])[0]
    means, cis = estimate(ours.sum(axis=0), (ours**2).sum(axis=0), count)
    return SampledTable(
        seat=seat, team=team, deals=count, seed=validation.seed(seed), leader=leader,
        abnat={c: Estimate(float(means[k]), float(cis[k])) for k, c in enumerate(TABLE_CONTRACTS)},
        of={c: int(totals[k]) for k, c in enumerate(TABLE_CONTRACTS)},
        more_than_half={c: rate(int((ours[:, k] * 2 > totals[k]).sum()), count) for k, c in enumerate(TABLE_CONTRACTS)})


__all__ = ["TABLE_CONTRACTS", "SampledTable", "abnat_to_win", "dd_table", "dd_tables", "random_deals", "sample_table"]
