"""The HTML that Jupyter shows for a Game, a BidAnalysis, a Review and a Summary: well-formed, with every
card in its suit's colour, the values of the text tables, bars that match them, and user strings escaped."""

import re
import xml.etree.ElementTree as ET

import pytest

import baloot
from baloot.display import card_text
from baloot.notebook import BLACK, RED, game_html
from baloot.roster import play_out

HOSTILE = '<script>alert("x")</script> & co'


def parse(html):
    """The HTML as an element tree: it must be well-formed XML."""
    return ET.fromstring(html)


def cards_shown(root):
    """(text, colour) of every card drawn."""
    return [(span.text, re.search(r"color:(#\w+)", span.get("style")).group(1))
            for span in root.iter("span") if span.get("class") == "baloot-card"]


def bar_widths(root):
    """The width of each bar's fill, in percent."""
    return [float(re.search(r"width:([\d.]+)%", bar[0].get("style")).group(1))
            for bar in root.iter("div") if bar.get("class") == "baloot-bar"]


def text_of(root):
    return "".join(root.itertext())


@pytest.fixture(scope="module")
def game():
    g = baloot.Game(seed=7, dealer=0)
    for action in ["pass", "pass", "pass", "hokum", "pass", "pass", "pass", "pass", "pass", "AH", "JH", "8H", "QH",
                   "7S"]:
        g.apply(action)
    return g


def test_a_game_shows_every_card_in_its_suits_colour(game):
    root = parse(game._repr_html_())
    shown = cards_shown(root)
    expected = [c for hand in game.hands for c in hand] + [game.up_card] + list(game.trick) \
        + [c for trick in game.tricks for c in trick.cards]
    assert sorted(text for text, _ in shown) == sorted(card_text(c) for c in expected)
    for text, colour in shown:
        assert colour == (RED if text[-1] in "♥♦" else BLACK), text
    assert {RED, BLACK} <= {colour for _, colour in shown}


def test_a_game_says_what_the_text_drawing_says(game):
    text = text_of(parse(game._repr_html_()))
    for line in ("Hokum (حكم) · trump ♣ Clubs (شريا) · Buyer (المشتري): seat 0", "Seat 2 · team 0 · to move",
                 "Projects (مشاريع): seat 0 Hundred (مية)", "led by seat 1, won by seat 1",
                 "Tricks (أكلات): 0–1 · Abnat (أبناط): 0–16"):
        assert line in text


def test_a_viewer_sees_only_its_own_cards(game):
    root = parse(game_html(game, viewer=1))
    shown = {text for text, _ in cards_shown(root)}
    assert {card_text(c) for c in game.hands[1]} <= shown
    for seat in (0, 2, 3):  # the up-card, which seat 0 took, is public
        assert not {card_text(c) for c in game.hands[seat] if c != game.up_card} & shown
    assert f"{len(game.hands[2])} cards" in text_of(root)


@pytest.fixture(scope="module")
def analysis():
    return baloot.analyze_bid("JH 9H AH 7S 8C", "8H", 1, 0, samples=300, players="heuristic", threads=1)


def test_a_bid_analysis_is_a_table_of_its_calls_with_bars(analysis):
    root = parse(analysis._repr_html_())
    rows = list(root.iter("tr"))[1:]
    assert len(rows) == len(analysis.rows)
    widths = bar_widths(root)
    scale = max(abs(r.margin.mean) + r.margin.ci for r in analysis.rows)
    for row, tr, width in zip(analysis.rows, rows, widths):
        cells = ["".join(td.itertext()) for td in tr]
        assert cells[1] == f"{row.margin.mean:+.2f} ± {row.margin.ci:.2f}"
        assert cells[3] == f"{row.versus_best.mean:+.2f} ± {row.versus_best.ci:.2f}"
        assert cells[4:] == [f"{rate.mean:.1%}" for rate in (row.buy, row.made, row.khasra, row.kaboot)]
        assert width == pytest.approx(50 * abs(row.margin.mean) / scale, abs=0.06)
        assert ("bold" in (tr.get("style") or "")) == (row.action == analysis.best)
    assert {"J♥", "9♥", "A♥", "7♠", "8♣", "8♥"} <= {text for text, _ in cards_shown(root)}


def test_a_bid_analysis_escapes_player_names(analysis):
    analysis.players = [HOSTILE] * 4
    html = analysis._repr_html_()
    assert "<script" not in html and "&lt;script&gt;" in html
    assert HOSTILE in text_of(parse(html))


def test_a_review_shows_each_decision_and_escapes_player_names():
    game = play_out(baloot.Game(seed=3, dealer=0), "heuristic", seed=3)
    review = baloot.review(game, samples=100, seat=1, threads=1)
    review.players = [HOSTILE] * 4
    html = review._repr_html_()
    root = parse(html)
    rows = [tr for tr in root.iter("tr") if tr.find("td") is not None]
    assert len(rows) == len(review.decisions)
    for decision, tr in zip(review.decisions, rows):
        cells = ["".join(td.itertext()) for td in tr]
        assert cells[0] == str(decision.index + 1) and cells[1] == str(decision.seat)
        assert cells[4] == f"{decision.loss:.2f} ± {decision.ci:.2f}" and cells[6] == decision.verdict
    assert "<script" not in html and HOSTILE in text_of(root)


def test_a_summary_is_its_rows_with_a_bar_for_each_rate():
    summary = baloot.simulate(2000, players="heuristic", seed=1).summary()
    root = parse(summary._repr_html_())
    rows = list(root.iter("tr"))
    assert [(tr[0].text, tr[1].text) for tr in rows] == [(name, text.strip()) for name, text in summary.rows()]
    shares = [share for _, _, share in summary.shares() if share is not None]
    assert bar_widths(root) == pytest.approx([100 * share for share in shares], abs=0.06)
    assert shares[0] == pytest.approx(summary.contracts["sun"].mean)
