"""baloot.review and `baloot review`: losses flagged only when real, from the deciding seat's information
only, reproducible for any thread count; match records and `baloot play --save`."""

import json
import re

import pytest

import baloot
from baloot.cli import build_parser
from baloot.cli import main as cli_main
from baloot.commands import play as play_command
from baloot.review import LOSS_CLASSES, PLURAL, verdict
from baloot.roster import BuiltinPlayer, play_out
from baloot.stats import Estimate

SAMPLES = 1500
HEURISTIC = BuiltinPlayer("heuristic")


def heuristic_game(seed, dealer=0):
    return play_out(baloot.Game(seed=seed, dealer=dealer), "heuristic", seed=seed)


def info_columns(review):
    """Everything a review computes from the deciding seat's information (not the double-dummy column)."""
    return [(d.seat, d.action, d.best, d.loss, d.ci, d.verdict,
             tuple((v.action, v.margin, v.loss) for v in d.actions)) for d in review.decisions]


def decision_at(review, index):
    return next(d for d in review.decisions if d.index == index)


def trick_thrown_away(seed):
    """A hand where the last seat to play a trick, its partner not winning it, holds a card that takes it
    with 15+ abnat: that seat plays its cheapest card that does not (a sure trick thrown away, which
    costs 15+ abnat double dummy too)."""
    game = baloot.Game(seed=seed, dealer=0)
    while game.to_move is not None:
        trick, legal = game.trick, game.legal_actions()
        if game.phase == "playing" and len(trick) == 3:
            mode, trump = game.contract.mode, game.contract.trump
            wins = [c for c in legal if baloot.trick_winner(trick + [c], mode, trump) == 3]
            loses = sorted((baloot.card_points(c, mode, trump), c) for c in legal
                           if baloot.trick_winner(trick + [c], mode, trump) in (0, 2))  # the partner is 1
            worth = sum(baloot.card_points(c, mode, trump) for c in trick)
            moves = baloot.solve(game).moves
            if wins and loses and worth + max(baloot.card_points(c, mode, trump) for c in wins) >= 15 \
                    and max(moves.values()) - moves[loses[0][1]] >= 15:  # perfect information agrees
                index = len(game.history)
                game.apply(loses[0][1])
                return play_out(game, "heuristic", seed=seed), index
        game.apply(HEURISTIC.act(game, seed * 1000 + len(game.history)))
    return None, None


def test_a_sure_trick_thrown_away_is_flagged_and_the_best_card_has_no_loss():
    for seed in range(200):
        game, index = trick_thrown_away(seed)
        if game is not None:
            break
    assert game is not None
    seat = play_to(game, index).to_move
    review = baloot.review(game.to_json(), samples=SAMPLES, seat=seat, threads=2)
    bad = decision_at(review, index)
    assert bad.flagged and bad.loss - bad.ci > 0 and bad.loss >= dict(LOSS_CLASSES)["inaccuracy"]
    best = next(v for v in bad.actions if v.action == bad.best)
    assert best.loss.mean == 0 and best.loss.ci == 0
    assert bad.dd_loss >= 15 and bad.action not in bad.dd_best


def hopeless_sun():
    """Seat 1 (first to bid, dealer 0) holds 7♠ 8♠ 7♥ 8♥ 7♦ under the up-card 9♣ and calls Sun."""
    own = ["7S", "8S", "7H", "8H", "7D"]
    deck = [None] * 32
    for position, card in zip((0, 1, 2, 12, 13), own):
        deck[position] = card
    deck[20] = "9C"
    rest = iter(c for c in baloot.DECK if c not in own and c != "9C")
    game = baloot.Game(dealer=0, deck=[c if c is not None else next(rest) for c in deck])
    game.apply("sun")
    return play_out(game, "heuristic", seed=1)


def test_a_sun_call_on_a_hopeless_hand_is_flagged():
    review = baloot.review(hopeless_sun(), samples=SAMPLES, seat=1, threads=2)
    call = review.decisions[0]
    assert call.action == "sun" and call.index == 0
    assert call.verdict in ("mistake", "blunder") and call.loss - call.ci > 0
    assert next(v for v in call.actions if v.action == call.best).loss.mean == 0
    assert call.dd_best is None and all(v.dd is None for v in call.actions)  # no double-dummy column for calls


def test_a_loss_whose_ci_includes_zero_is_not_flagged():
    assert verdict(Estimate(2.0, 2.5)) == "ok"
    assert verdict(Estimate(0.5, 0.1)) == "ok"  # real, but below the smallest class
    assert verdict(Estimate(4.0, 1.0)) == "mistake" and verdict(Estimate(9.0, 0.5)) == "blunder"
    assert verdict(Estimate(0.0, 0.0)) == "best" and verdict(Estimate(0.0, 0.0), forced=True) == "forced"
    # heuristic play-outs: this hand has losses too close to call with them
    review = baloot.review(heuristic_game(7), players="heuristic", samples=SAMPLES, threads=2)
    undistinguished = [d for d in review.decisions if d.action != d.best and d.loss - d.ci <= 0]
    assert undistinguished and not any(d.flagged for d in undistinguished)
    assert all(d.loss == 0 for d in review.decisions if d.action == d.best)


def twin(game, stop):
    """The hand up to action ``stop``, and the same with two other seats' hands swapped (neither the
    mover at ``stop`` nor the up-card's holder): the mover cannot tell them apart."""
    record = game.to_record()
    deck, hands = record["deck"], game.hands_at_play
    mover = play_to(game, stop).to_move
    holder = game.contract.buyer if not game.contract.ashkal else (game.contract.buyer + 2) % 4
    a, b = [s for s in range(4) if s not in (mover, holder)][:2]
    where = {seat: [i for i, c in enumerate(deck) if c in hands[seat] and i != 20] for seat in (a, b)}
    swapped = list(deck)
    for i, j in zip(where[a], where[b]):
        swapped[i], swapped[j] = deck[j], deck[i]
    other = baloot.Game(rules=game.rules, dealer=game.dealer, deck=swapped, scores=game.scores)
    for action in game.history[:stop + 1]:
        other.apply(action)
    return play_to(game, stop + 1), other, mover


def play_to(game, actions):
    replay = baloot.Game(rules=game.rules, dealer=game.dealer, deck=game.to_record()["deck"], scores=game.scores)
    for action in game.history[:actions]:
        replay.apply(action)
    return replay


@pytest.mark.parametrize("decision", ["a call", "the first lead"])
def test_the_review_never_reads_hidden_cards(decision):
    game = heuristic_game(11)
    first_card = next(i for i, a in enumerate(game.history) if a[-1].isupper() and not a.startswith("hokum"))
    one, two, mover = twin(game, 2 if decision == "a call" else first_card)
    assert one.hands != two.hands
    a = baloot.review(one, samples=300, seat=mover, threads=2)
    b = baloot.review(two, samples=300, seat=mover, threads=2)
    assert a.decisions and info_columns(a) == info_columns(b)


def test_same_seed_same_review_for_any_thread_count():
    game = heuristic_game(3)
    one = baloot.review(game, samples=200, seed=5, threads=1).to_dict()
    two = baloot.review(game, samples=200, seed=5, threads=2).to_dict()
    del one["seconds"], two["seconds"]
    assert one == two
    other = baloot.review(game, samples=200, seed=6, threads=2).to_dict()
    assert other["decisions"] != one["decisions"]


def finished_match(seed):
    match = baloot.Match(seed=seed, rules=baloot.Rules(target=101))
    while match.winner is None:
        game = match.new_hand()
        play_out(game, "heuristic", seed=seed + len(match.hands))
        match.record(game)
    return match


def test_match_record_round_trips_and_is_reviewed_hand_by_hand():
    match = finished_match(2)
    text = match.to_json()
    again = baloot.Match.from_json(text)
    assert again.to_json() == text and again.scores == match.scores and again.winner == match.winner
    review = baloot.review(text, samples=100, seat=0, threads=2)
    assert {d.hand for d in review.decisions} <= set(range(len(match.hands)))
    assert len({d.hand for d in review.decisions}) > 1 and all(d.seat == 0 for d in review.decisions)
    assert [g.scores for g in review.hands] == [g.scores for g in match.hands]  # each hand's match score


def tampered_matches():
    record = json.loads(finished_match(4).to_json())
    cases = []
    for change in (lambda r: r.update(version=2), lambda r: r.update(format="baloot-game"),
                   lambda r: r.update(extra=1), lambda r: r.update(scores=[0, 0]), lambda r: r.update(winner=None),
                   lambda r: r.update(hands="none"), lambda r: r.update(rules={"target": 9, "nope": 1}),
                   lambda r: r.update(dealer=7), lambda r: r["hands"].reverse(),
                   lambda r: r["hands"][0].update(scores=[5, 0]),
                   lambda r: r["hands"][0]["actions"].pop(),
                   lambda r: r["hands"][0]["result"].update(points=[99, 0]),
                   lambda r: r["hands"][1].update(rules={"target": 152}),
                   lambda r: r["hands"].append(r["hands"][-1])):
        copy = json.loads(json.dumps(record))
        change(copy)
        cases.append(json.dumps(copy))
    return cases + ["[]", "{", "null", json.dumps({"format": "baloot-match"})]


@pytest.mark.parametrize("text", tampered_matches())
def test_malformed_or_tampered_match_records_are_refused(text):
    with pytest.raises(baloot.BalootError):
        baloot.Match.from_json(text)
    with pytest.raises(baloot.BalootError):
        baloot.review(text, samples=10)


@pytest.mark.parametrize("change", [lambda r: r["actions"].__setitem__(12, "AS"),
                                    lambda r: r["result"].update(points=[0, 0]),
                                    lambda r: r.update(version=0), lambda r: r["deck"].pop()])
def test_malformed_or_tampered_game_records_are_refused(change):
    record = heuristic_game(1).to_record()
    change(record)
    with pytest.raises(baloot.BalootError):
        baloot.review(json.dumps(record), samples=10)
    with pytest.raises(baloot.BalootError):
        baloot.review(record, samples=10)


def test_bad_arguments_are_refused():
    game = heuristic_game(1)
    for kwargs in ({"samples": 1}, {"seat": 4}, {"seed": -1}, {"threads": "2"}, {"players": "nobody"}):
        with pytest.raises(baloot.BalootError):
            baloot.review(game, **kwargs)
    with pytest.raises(baloot.BalootError):
        baloot.review(42)


def first_legal(prompt):
    return re.search(r"\(([^)]*)\)", prompt).group(1).split(", ")[0]


@pytest.mark.parametrize("match", [False, True])
def test_play_save_then_review_from_the_command_line(tmp_path, capsys, match):
    path = tmp_path / "played.json"
    argv = ["play", "--seed", "3", "--save", str(path)] + (["--match", "--rule", "target=101"] if match else [])
    assert play_command.main(build_parser().parse_args(argv), read=first_legal) == 0
    text = path.read_text(encoding="utf-8")
    played = (baloot.Match if match else baloot.Game).from_json(text)
    capsys.readouterr()
    assert cli_main(["review", str(path), "--seat", "0", "--samples", "50", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out, parse_constant=lambda name: pytest.fail(f"{name} in JSON"))
    assert data["decisions"] and {"seat", "action", "best", "loss", "ci"} <= set(data["decisions"][0])
    hands = played.hands if match else [played]
    assert len({d["hand"] for d in data["decisions"]}) == len(hands)  # seat 0 speaks in every bidding
    assert cli_main(["review", str(path), "--samples", "20", "--no-progress"]) == 0
    table = capsys.readouterr().out
    assert "Pass (بس)" in table and "double dummy" in table and "decisions:" in table


def test_review_plot_is_written(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    record = tmp_path / "hand.json"
    record.write_text(hopeless_sun().to_json(), encoding="utf-8")
    assert cli_main(["review", str(record), "--samples", "200", "--plot", str(tmp_path / "r.png"), "--no-progress"]) == 0
    assert (tmp_path / "r.png").stat().st_size > 10_000


def test_interrupted_review_keeps_the_decisions_done():
    calls = []

    def progress(done):
        calls.append(done)
        if len(calls) > 3:
            raise KeyboardInterrupt

    review = baloot.review(heuristic_game(2), samples=100, progress=progress, threads=1)
    assert review.interrupted and 0 < len(review.decisions) < len(heuristic_game(2).history)
    assert "interrupted" in review.table()


def test_review_at_match_level_gives_each_action_its_chance_to_win_the_match():
    match = baloot.Match(seed=3, scores=(120, 130))
    game = match.new_hand()
    player = BuiltinPlayer("strong")
    while game.to_move is not None:
        game.apply(player.act(game, 0))
    reviewed = baloot.review(game, players="strong", samples=200, seat=0, threads=2)
    assert all(d.match_best is not None and d.match_loss.mean >= 0 for d in reviewed.decisions)
    for decision in reviewed.decisions:
        assert all(0 <= value.match.mean <= 1 for value in decision.actions)
    assert "best for match" in reviewed.table()
    data = json.loads(reviewed.to_json())
    assert data["decisions"][0]["match_best"] is not None and data["decisions"][0]["actions"][0]["match"] is not None
    points_only = baloot.review(game, players="strong", samples=50, seat=0, objective="points")
    assert all(d.match_best is None and d.match_loss is None for d in points_only.decisions)
    assert "best for match" not in points_only.table()


def closed_double_hand(seed):
    """A Hokum doubled closed (the house rule closed_double), played out by the heuristic."""
    game = baloot.Game(rules=baloot.Rules(closed_double=True), seed=seed)
    game.apply("hokum")
    for _ in range(3):
        game.apply("pass")
    game.apply("double:closed")
    game.apply("pass")
    return play_out(game, "heuristic", seed=seed)


@pytest.mark.parametrize("game, reason", [
    (play_out(baloot.Game(rules=baloot.Rules.preset("majlis"), seed=3), "heuristic", seed=3), "narrow partner"),
    (closed_double_hand(5), "closed by a closed double"),
])
def test_rules_the_solver_lacks_leave_only_the_double_dummy_column_empty(game, reason):
    review = baloot.review(game, samples=20, seat=game.contract.buyer)
    cards = [d for d in review.decisions if d.phase == "playing"]
    assert cards
    for decision in review.decisions:
        assert decision.verdict and decision.best in [v.action for v in decision.actions]
        assert decision.dd_best is None and decision.dd_loss is None
        assert (decision.dd_missing is not None) == (decision.phase == "playing")
        if decision.dd_missing is not None:
            assert reason in decision.dd_missing
    assert f"double dummy left empty for {len(cards)} cards: the double-dummy solver does not play" in review.table()
    assert f"double dummy left empty for {len(cards)} cards" in review._repr_html_()
    assert json.loads(review.to_json())["decisions"][-1]["dd_missing"] == cards[-1].dd_missing


def test_the_double_dummy_column_is_filled_where_the_solver_plays_the_rules():
    review = baloot.review(heuristic_game(4), samples=10, seat=1)
    cards = [d for d in review.decisions if d.phase == "playing"]
    assert cards and all(d.dd_best is not None and d.dd_missing is None for d in cards)
    assert "left empty" not in review.table()


def test_a_hand_stopped_in_the_bidding_is_unfinished_not_thrown_in(tmp_path, capsys):
    path = tmp_path / "partial.json"
    answers = iter(["pass", "quit"])
    argv = ["play", "--seed", "3", "--save", str(path)]
    assert play_command.main(build_parser().parse_args(argv), read=lambda prompt: next(answers)) == 0
    capsys.readouterr()
    assert cli_main(["review", str(path), "--samples", "20", "--no-progress"]) == 0
    table = capsys.readouterr().out
    assert "thrown in" not in table and "unfinished: stopped in the bidding" in table


def test_a_review_of_a_hand_stopped_mid_play_says_it_is_unfinished():
    game = baloot.Game(seed=1)
    player = BuiltinPlayer("heuristic")
    while game.phase != "playing" or len(game.tricks) < 2:
        game.apply(player.act(game, len(game.history)))
    table = baloot.review(game, samples=10, seat=game.to_move).table()
    assert "unfinished: stopped in trick 3" in table and "points" not in table.splitlines()[0]


def test_the_review_table_shows_a_hokum_suit_as_the_table_does():
    game = baloot.Game(seed=5)
    player = BuiltinPlayer("heuristic")
    while game.phase != "playing":
        game.apply(player.act(game, len(game.history)))
    assert game.contract.trump == "D"
    table = baloot.review(game, samples=10, seat=game.contract.buyer).table()
    assert "Hokum (حكم) ♦" in table and "Hokum (حكم) D" not in table


def test_the_summary_names_a_verdict_in_the_plural_beyond_one():
    review = baloot.review(heuristic_game(7), players="heuristic", samples=50, threads=2)
    plural = {name: n for name, n in review.counts().items() if name in PLURAL and n > 1}
    assert plural and all(f"{n} {PLURAL[name]}" in review.summary() for name, n in plural.items())
    assert review.table().splitlines()[-1] == review.summary()
