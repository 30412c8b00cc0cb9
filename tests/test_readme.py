"""The README's Python examples run, so that their output cannot go stale.

``>>>`` blocks run as doctests, in order in one namespace, as a reader would type them, with ``...``
standing for output left out. A script block (```python without ``>>>``) followed by a plain ``` block
must print exactly that block. A block is skipped when the line before its opening fence is
``<!-- doctest: skip -->`` (for examples that take too long for the suite).
"""

import contextlib
import doctest
import io
import os

README = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")
SKIP = "<!-- doctest: skip -->"


def readme_blocks():
    """(line number, language, text) of each fenced block of the README not marked to skip."""
    with open(README, encoding="utf-8") as f:
        lines = f.read().splitlines()
    blocks = []
    start = 0
    while start < len(lines):
        if not lines[start].startswith("```"):
            start += 1
            continue
        end = lines.index("```", start + 1)
        if lines[start - 1] != SKIP:
            blocks.append((start + 1, lines[start][3:], "\n".join(lines[start + 1:end]) + "\n"))
        start = end + 1
    return blocks


def readme_examples():
    """(line number, text) of each ``>>>`` block."""
    return [(line, text) for line, language, text in readme_blocks() if language == "python" and text.startswith(">>> ")]


def readme_scripts():
    """(line number, script, printed output) of each script block followed by its output block."""
    blocks = readme_blocks()
    return [(line, text, after[2]) for (line, language, text), after in zip(blocks, blocks[1:])
            if language == "python" and not text.startswith(">>> ") and after[1] == ""]


def test_readme_has_examples():
    assert len(readme_examples()) >= 3
    assert len(readme_scripts()) >= 2


def test_readme_scripts_print_what_it_shows():
    for line, script, shown in readme_scripts():
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(script, f"README.md line {line + 1}", "exec"), {})
        assert printed.getvalue() == shown, f"README.md line {line + 1}"


def test_readme_examples_show_real_output():
    globs = {}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    for line, body in readme_examples():
        test = parser.get_doctest(body, globs, f"README.md line {line + 1}", README, line)
        runner.run(test, out=report.append, clear_globs=False)
        globs.update(test.globs)  # the next block sees what this one defined
    assert runner.failures == 0, "".join(report)
