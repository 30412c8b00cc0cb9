"""The terminal table of a ``Review``: one line per decision, English and Arabic labels."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from baloot.display import action_text, card_text

if TYPE_CHECKING:
    from baloot.review import Decision, Review


def hand_header(review: "Review", hand: int) -> str:
    game = review.hands[hand]
    contract, result = game.contract, game.result
    if contract is None:
        what = "thrown in" if result is not None else "unfinished: stopped in the bidding, nothing bought yet"
    else:
        what = f"{contract.mode}{' ' + contract.trump if contract.trump else ''} bought by seat {contract.buyer}"
        stage = f"trick {len(game.tricks) + 1}" if game.phase == "playing" else f"the {game.phase}"
        what += f", points {result.points[0]}–{result.points[1]}" if result is not None else \
            f", unfinished: stopped in {stage}"
    return f"hand {hand + 1}: dealer {game.dealer}, scores before {game.scores[0]}–{game.scores[1]}, {what}"


def _line(decision: "Decision", arabic: bool, match_level: bool) -> str:
    dd = "" if decision.dd_best is None else \
        f"{' '.join(card_text(c) for c in decision.dd_best):<20} {decision.dd_loss:>4}"
    loss = f"{decision.loss:5.2f} ± {decision.ci:4.2f}"
    played, best = (action_text(action, decision.phase, arabic) for action in (decision.action, decision.best))
    match = ""
    if match_level and decision.match_best is not None and decision.match_loss is not None:
        match_loss = f"{100 * decision.match_loss.mean:5.2f} ± {100 * decision.match_loss.ci:4.2f}"
        match = f"{action_text(decision.match_best, decision.phase, arabic):<16} {match_loss:>13}  "
    elif match_level:
        match = " " * 32
    return (f"{decision.index + 1:>3} {decision.seat:>4}  {played:<16} {best:<16} {loss:>13}  {decision.verdict:<10} "
            f"{match}{dd}").rstrip()


def dd_missing_lines(review: "Review") -> List[str]:
    """One line for each reason the double-dummy column was left empty, with how many cards it left out.

    Parameters
    ----------
    review : Review

    Returns
    -------
    list of str
        Empty when the solver filled every card's column.
    """
    reasons = sorted({d.dd_missing for d in review.decisions if d.dd_missing is not None})
    return [f"double dummy left empty for {sum(d.dd_missing == reason for d in review.decisions)} cards: {reason}"
            for reason in reasons]


def review_table(review: "Review") -> str:
    arabic = review.hands[0].rules.arabic_labels if review.hands else True
    match_level = any(decision.match_best is not None for decision in review.decisions)
    match = f"{'best for match':<16} {'loss (match %)':>13}  " if match_level else ""
    header = (f"{'#':>3} {'seat':>4}  {'played':<16} {'best':<16} {'loss (points)':>13}  {'verdict':<10} "
              f"{match}{'double dummy: best':<20} {'loss (abnat)'}")
    lines: List[str] = []
    hand = None
    for decision in review.decisions:
        if decision.hand != hand:
            hand = decision.hand
            lines += ["" if lines else None, hand_header(review, hand), header, "-" * len(header)]
        lines.append(_line(decision, arabic, match_level))
    lines.append(review.summary())
    lines += dd_missing_lines(review)
    if review.interrupted:
        lines.append("interrupted: the decisions above are the ones finished")
    return "\n".join(line for line in lines if line is not None)
