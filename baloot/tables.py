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
from baloot.blocks import block_size, in_blocks
from baloot.cards import Cards, format_card, parse_cards, parse_hands, to_mask
from baloot.errors import BalootError, Interrupted
from baloot.progress import progress_callback
from baloot.rules import Rules, core_rules, resolve
from baloot.solver import check_solvable
from baloot.stats import Estimate, estimate, rate

#: The columns of a table, in order: Sun, then Hokum with each trump suit (the core's numbering).
TABLE_CONTRACTS: Tuple[str, ...] = tuple(validation.contract_name(mode, trump) for mode, trump in _core.contracts)

# _CARD_ABNAT[k, c]: card c's abnat under TABLE_CONTRACTS[k].
_CARD_ABNAT = np.array([[_core.card_abnat(card, mode, trump) for card in range(_core.num_cards)]
                        for mode, trump in _core.contracts], dtype=np.int16)

#: What a table's values are: exact abnat, game points, or whether the team takes more than half (1 or 0).
RESOLUTIONS: Tuple[str, ...] = ("abnat", "points", "make")


def _points_of(abnat: np.ndarray, sun_tens_first: bool) -> np.ndarray:
    """Game points of card abnat arrays of shape (n, 5, ...), each column rounded as its contract's score
    rounds them (the core's game_points)."""
    top = int(abnat.max(initial=0)) + 1
    lookup = np.array([[_core.game_points(a, 0 if k == 0 else 1, sun_tens_first) for a in range(top)]
                       for k in range(len(TABLE_CONTRACTS))], dtype=np.int16)
    return lookup[np.arange(len(TABLE_CONTRACTS)).reshape(1, -1, *([1] * (abnat.ndim - 2))), abnat]


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
              rules: Optional[Rules] = None, threads: int = 0, progress: Any = False,
              resolution: str = "abnat") -> np.ndarray:
    """Double-dummy tables of many deals: an ``(n, 5, 2)`` int16 array, ``[i, k, team]`` the abnat the
    team takes from deal ``i``'s first lead under ``TABLE_CONTRACTS[k]``, both teams playing perfectly
    with every hand in view (the last-trick 10 included; ``-1`` in the columns not asked for).

    Parameters
    ----------
    hands : array or list
        An ``(n, 4)`` integer array of hand masks in seat order (bit ``c`` for card ``c`` of ``baloot.DECK``),
        or a list of deals of four hands (``"AS 10S ..."`` or card lists). The hands of a deal hold the same
        number of cards: eight for a full deal.
    leaders : int or array, default 0
        The seat leading the first trick, one for every deal or one per deal.
    contracts : list of str, optional
        The columns to solve (default all).
    rules : Rules, optional
        The host options (the solver plays by the seed's trick rules).
    threads : int, default 0
        Worker threads; 0 for every core.
    progress : bool or callable, default False
        True for a progress bar, or a callable taking the count of finished deals.
    resolution : {"abnat", "points", "make"}, default "abnat"
        The exact abnat; each team's game points for its abnat, rounded as the score rounds them (no
        projects; fewer probes than exact abnat); or 1 where the team takes strictly more than half of the
        deal's abnat, else 0 (one probe, two when the deal can split evenly).

    Returns
    -------
    numpy.ndarray
        ``(n, 5, 2)`` int16: ``[i, k, team]`` for deal ``i`` under ``TABLE_CONTRACTS[k]``.

    Raises
    ------
    BalootError
        Naming the first bad deal, or a bad leader, contract, rule or resolution.
    """
    if resolution not in RESOLUTIONS:
        raise BalootError(f"resolution {resolution!r} is not one of {', '.join(RESOLUTIONS)}")
    masks = _hand_masks(hands)
    n = len(masks)
    seats = _leaders(leaders, n)
    columns = _columns(contracts)
    count = validation.threads(threads)
    rules = resolve(rules)
    check_solvable(rules.narrow_partner)
    with progress_callback(progress, n, unit="deal") as update:
        team0 = _core.dd_tables(masks, seats, columns, core_rules(rules), count, update, RESOLUTIONS.index(resolution))
    table = np.stack([team0, abnat_to_win(masks) - team0], axis=-1)
    if resolution == "points":
        table = _points_of(table, rules.sun_tens_first)
    elif resolution == "make":
        table = (2 * table > abnat_to_win(masks)[:, :, None]).astype(np.int16)
    table[team0 < 0] = -1
    return table


def dd_table(hands: Sequence[Cards], leader: int = 0, *, rules: Optional[Rules] = None,
             resolution: str = "abnat") -> Dict[str, Tuple[int, int]]:
    """The double-dummy table of one deal: for each of ``TABLE_CONTRACTS``, the abnat (team 0, team 1)
    take from the first lead, led by ``leader``, under best play with every hand in view (or their game
    points, or whether each takes more than half: ``resolution`` as in :func:`dd_tables`).

    Parameters
    ----------
    hands : sequence of cards
        Four hands of the same size in seat order.
    leader : int, default 0
        The seat leading the first trick.
    rules, resolution
        As :func:`dd_tables` takes them.

    Returns
    -------
    dict of str to tuple of int

    Raises
    ------
    BalootError
        A bad deal, leader, rule or resolution.
    """
    leader = validation.seat(leader, "leader")
    table = dd_tables([list(hands)], leader, rules=rules, threads=1, resolution=resolution)[0]
    return {contract: (int(row[0]), int(row[1])) for contract, row in zip(TABLE_CONTRACTS, table)}


_DEAL_BLOCK = 1 << 16


def random_deals(n: int, *, seed: int = 0, fixed: Optional[Mapping[int, Cards]] = None) -> np.ndarray:
    """``n`` random full deals as an ``(n, 4)`` uint64 array of hand masks (as :func:`dd_tables` takes
    them).

    Parameters
    ----------
    n : int
        The number of deals.
    seed : int, default 0
        Makes the deals reproducible.
    fixed : mapping of int to cards, optional
        Seats and the eight cards they hold in every deal; the other cards are dealt uniformly at random to
        the other seats.

    Returns
    -------
    numpy.ndarray
        ``(n, 4)`` uint64 hand masks in seat order.

    Raises
    ------
    BalootError
        A bad count, seed, seat or fixed hand.
    """
    count = validation.count(n, "n")
    rng = np.random.default_rng(validation.seed(seed))
    try:
        masks = np.zeros((count, 4), dtype=np.uint64)
    except MemoryError:
        raise BalootError(f"n={n}: {count} deals take {32 * count:,} bytes, more than can be allocated here") from None
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
    # In blocks, so that the shuffle's scratch stays small however many deals are asked; the generator
    # fills consecutive blocks exactly as it would fill one array.
    for start in range(0, count, _DEAL_BLOCK):
        rows = masks[start:start + _DEAL_BLOCK]
        order = np.argsort(rng.random((len(rows), len(free_cards))), axis=1)
        bits = np.uint64(1) << free_cards[order]
        for k, seat in enumerate(free_seats):
            rows[:, seat] = np.bitwise_or.reduce(bits[:, 8 * k:8 * k + 8], axis=1)
    return masks


@dataclass(frozen=True)
class SampledTable:
    """What one seat's hand is worth under each contract, double dummy, over random deals of the other
    cards: per contract of ``TABLE_CONTRACTS``, the mean its ``team`` takes from the first lead with a 95%
    CI (``abnat``: exact abnat, or game points at ``resolution="points"``, or None at ``"make"``), the abnat
    there are to take (``of``), and the share of deals where the team takes more than half
    (``more_than_half``), over the ``deals`` solved of the ``requested`` ones (fewer when Ctrl-C stopped it:
    ``interrupted``)."""

    seat: int
    team: int
    deals: int
    seed: int
    leader: int
    resolution: str
    abnat: Optional[Dict[str, Estimate]]
    of: Dict[str, int]
    more_than_half: Dict[str, Estimate]
    requested: int

    @property
    def interrupted(self) -> bool:
        return self.deals < self.requested


# The fewest deals in one block of sample_table (a block lost to Ctrl-C is about a second of work).
MIN_DEALS_BLOCK = 128


def sample_table(hand: Cards, seat: int = 0, *, deals: int = 1000, seed: int = 0, leader: int = 0,
                 rules: Optional[Rules] = None, threads: int = 0, progress: Any = False,
                 resolution: str = "abnat") -> SampledTable:
    """The double-dummy table of ``seat``'s eight cards averaged over ``deals`` random deals of the other
    cards (reproducible by ``seed``), ``leader`` leading the first trick. ``resolution`` as in
    :func:`dd_tables`: at ``"make"`` only the share of deals where the team takes more than half is found,
    by probes; at ``"abnat"`` that share comes from the exact values. Ctrl-C raises ``baloot.Interrupted``
    whose ``result`` is the table of the deals solved so far (``interrupted`` set)."""
    seat = validation.seat(seat)
    count = validation.count(deals, "deals", 1)
    masks = random_deals(count, seed=seed, fixed={seat: hand})
    leader = validation.seat(leader, "leader")
    team = seat % 2
    totals = abnat_to_win(masks[:1])[0]

    def solved(rows: np.ndarray, at: str, update: Any) -> np.ndarray:
        table = dd_tables(rows, leader, rules=rules, threads=threads, progress=update, resolution=at)
        return table[:, :, team].astype(np.int64)

    def block(first: int, n: int, update: Any) -> Tuple[Optional[np.ndarray], np.ndarray]:
        rows = masks[first:first + n]
        ours = solved(rows, resolution, update) if resolution != "make" else None
        # More than half: from the exact values when they are there, else by probes (one a deal, two where
        # the deal can split evenly).
        made = ours * 2 > totals if ours is not None and resolution == "abnat" else \
            solved(rows, "make", update if ours is None else None)
        return ours, made

    with progress_callback(progress, count, unit="deal") as update:
        parts, done = in_blocks(count, block_size(count, MIN_DEALS_BLOCK), block, update)
    if not done:
        raise KeyboardInterrupt
    made = np.concatenate([m for _, m in parts])
    means = None
    if resolution != "make":
        ours = np.concatenate([o for o, _ in parts])
        mean, ci = estimate(ours.sum(axis=0), (ours**2).sum(axis=0), done)
        means = {c: Estimate(float(mean[k]), float(ci[k])) for k, c in enumerate(TABLE_CONTRACTS)}
    table = SampledTable(
        seat=seat, team=team, deals=done, seed=validation.seed(seed), leader=leader, resolution=resolution,
        abnat=means, of={c: int(totals[k]) for k, c in enumerate(TABLE_CONTRACTS)},
        more_than_half={c: rate(int(made[:, k].sum()), done) for k, c in enumerate(TABLE_CONTRACTS)},
        requested=count)
    if table.interrupted:
        raise Interrupted(table)
    return table


__all__ = ["RESOLUTIONS", "TABLE_CONTRACTS", "SampledTable", "abnat_to_win", "dd_table", "dd_tables", "random_deals",
           "sample_table"]
