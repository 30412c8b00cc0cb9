"""The examples of the README and of every page in docs/ run, so that their output cannot go stale, and
every relative link of those pages leads somewhere.

``>>>`` blocks run as doctests, in order in one namespace per page, as a reader would type them, with
``...`` standing for output left out. A script block (```python without ``>>>``) followed by a plain ```
block must print exactly that block. A block is skipped when the line before its opening fence is
``<!-- doctest: skip -->`` (for examples that take too long for the suite).
"""

import contextlib
import doctest
import glob
import io
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
SKIP = "<!-- doctest: skip -->"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def read_lines(page):
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        return f.read().splitlines()


def fenced_blocks(page):
    """(line number, language, text, skipped) of each fenced block of a page."""
    lines = read_lines(page)
    blocks = []
    start = 0
    while start < len(lines):
        if not lines[start].startswith("```"):
            start += 1
            continue
        end = lines.index("```", start + 1)
        blocks.append((start + 1, lines[start][3:], "\n".join(lines[start + 1:end]) + "\n", lines[start - 1] == SKIP))
        start = end + 1
    return blocks


def prose_lines(page):
    """The page's lines outside fenced blocks."""
    inside = False
    for line in read_lines(page):
        if line.startswith("```"):
            inside = not inside
        elif not inside:
            yield line


def examples(page):
    """(line number, text) of each ``>>>`` block that runs."""
    return [(line, text) for line, language, text, skipped in fenced_blocks(page)
            if not skipped and language == "python" and text.startswith(">>> ")]


def scripts(page):
    """(line number, script, printed output) of each script block that runs, followed by its output block."""
    blocks = [block for block in fenced_blocks(page) if not block[3]]
    return [(line, text, after[2]) for (line, language, text, _), after in zip(blocks, blocks[1:])
            if language == "python" and not text.startswith(">>> ") and after[1] == ""]


def anchors(page):
    """The fragments GitHub gives the page's headings: lower case, punctuation dropped, spaces as hyphens."""
    seen = {}
    for line in prose_lines(page):
        if line.startswith("#"):
            slug = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            yield slug if count == 0 else f"{slug}-{count}"


def test_every_page_is_checked():
    assert {"README.md", "docs/rules.md", "docs/performance.md", "docs/developing.md"} <= set(PAGES)
    assert len(examples("README.md")) >= 2
    assert sum(len(examples(page)) for page in PAGES) >= 5
    assert sum(len(scripts(page)) for page in PAGES) >= 2


@pytest.mark.parametrize("page", PAGES)
def test_scripts_print_what_the_page_shows(page):
    for line, script, shown in scripts(page):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(script, f"{page} line {line + 1}", "exec"), {})
        assert printed.getvalue() == shown, f"{page} line {line + 1}"


@pytest.mark.parametrize("page", PAGES)
def test_examples_show_real_output(page):
    globs = {}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    for line, body in examples(page):
        test = parser.get_doctest(body, globs, f"{page} line {line + 1}", os.path.join(ROOT, page), line)
        runner.run(test, out=report.append, clear_globs=False)
        globs.update(test.globs)  # the next block sees what this one defined
    assert runner.failures == 0, "".join(report)


@pytest.mark.parametrize("page", PAGES)
def test_relative_links_resolve(page):
    broken = []
    for line in prose_lines(page):
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path, _, fragment = target.partition("#")
            linked = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), path)) if path else os.path.join(ROOT, page)
            if not os.path.exists(linked):
                broken.append(f"{target}: no file {os.path.relpath(linked, ROOT)}")
            elif fragment and fragment not in set(anchors(os.path.relpath(linked, ROOT))):
                broken.append(f"{target}: no heading #{fragment}")
    assert not broken, f"{page}: " + "; ".join(broken)


def test_the_link_check_sees_a_broken_fragment(tmp_path, monkeypatch):
    page = tmp_path / "page.md"
    page.write_text("# A title\n\n[here](#a-title) [gone](#no-such) [missing](nowhere.md)\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "ROOT", str(tmp_path))
    with pytest.raises(AssertionError, match=r"#no-such: no heading.*nowhere.md: no file"):
        test_relative_links_resolve("page.md")
