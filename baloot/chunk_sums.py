"""The sums of a chunk read back from a checkpoint, checked against each other and against its rows.

A SHA-256 catches damage and an edit that did not recompute it; these checks catch sums that no run can
give (made contracts above the hands played, points whose squares are too small) and, where the per-hand
rows are kept, any sum that differs from the rows it was taken from.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np

from baloot.errors import BalootError

# Counts of hands: each between 0 and the chunk's hands.
_HAND_COUNTS = ("thrown_in", "buys", "buys_made", "contracts", "made", "kaboot", "multiplier", "gahwa",
                "hands_with_projects", "baloot")


def check_chunk_sums(where: str, counts: Dict[str, Any], hands: int,
                     rows: Optional[Dict[str, np.ndarray]]) -> None:
    """Refuse a chunk's sums that contradict each other or its rows.

    Parameters
    ----------
    where : str
        The chunk, as messages name it.
    counts : dict
        The chunk's sums, as the core gives them.
    hands : int
        The chunk's number of hands.
    rows : dict of numpy arrays, optional
        Its per-hand rows, when kept.

    Raises
    ------
    BalootError
        Starting with ``where`` and naming each sum that is wrong.
    """
    try:
        values = {key: np.asarray(value, dtype=np.int64) for key, value in counts.items()}
    except (TypeError, ValueError, OverflowError):
        raise BalootError(f"{where}: its sums are not integers; remove the checkpoint to run again") from None
    wrong = _contradictions(values, hands)
    if rows is not None and not wrong:
        wrong = _differences_from_rows(values, rows)
    if wrong:
        raise BalootError(f"{where}: its sums are inconsistent ({'; '.join(wrong)}), though its checksum "
                          "matches: the checkpoint was edited; remove it to run again")


def _contradictions(c: Dict[str, np.ndarray], hands: int) -> List[str]:
    wrong = [f"{key} {c[key].tolist()} is negative" for key in c if key != "buyer_margin" and (c[key] < 0).any()]
    wrong += [f"{key} {c[key].tolist()} counts more than the {hands} hands" for key in _HAND_COUNTS
              if (c[key] > hands).any()]
    if wrong:
        return wrong
    played = hands - int(c["thrown_in"])
    for key in ("buys", "contracts", "multiplier"):
        if int(c[key].sum()) != played:
            wrong.append(f"{key} add up to {int(c[key].sum())}, not the {played} hands played")
    if (c["buys_made"] > c["buys"]).any() or int(c["buys_made"].sum()) != int(c["made"]):
        wrong.append(f"made {int(c['made'])} and each seat's {c['buys_made'].tolist()} do not fit the buys "
                     f"{c['buys'].tolist()}")
    for key in ("made", "kaboot", "gahwa", "hands_with_projects", "baloot"):
        if int(c[key].sum()) > played:
            wrong.append(f"{key} {c[key].tolist()} counts more than the {played} hands played")
    # Cauchy-Schwarz: the sum of squares of n values is at least their sum squared over n.
    if hands and (c["points_sq"].astype(object) * hands < c["points"].astype(object) ** 2).any():
        wrong.append(f"points {c['points'].tolist()} cannot have the squares {c['points_sq'].tolist()}")
    return wrong


def _differences_from_rows(c: Dict[str, np.ndarray], rows: Dict[str, np.ndarray]) -> List[str]:
    points = rows["points"].astype(np.int64)
    played = rows["mode"] >= 0
    from_rows = {
        "hands": np.int64(len(points)),
        "thrown_in": np.int64((~played).sum()),
        "made": np.int64((rows["made"] == 1).sum()),
        "points": points.sum(axis=0),
        "points_sq": np.square(points).sum(axis=0),
        "margin_sq": np.square(points[:, 0] - points[:, 1]).sum(),
        "multiplier": np.bincount(rows["multiplier"][played], minlength=len(c["multiplier"])),
        "gahwa": np.int64((rows["gahwa"][played] != 0).sum()),
        "baloot": np.int64((rows["baloot"] >= 0).sum()),
    }
    return [f"{key} {c[key].tolist()} where its rows give {value.tolist()}" for key, value in from_rows.items()
            if np.shape(c[key]) != np.shape(value) or (c[key] != value).any()]
