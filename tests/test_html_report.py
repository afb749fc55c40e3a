"""report.html (analysis/html.py): self-contained, whole, and rendered by a real browser.

The browser tests drive Debian's chromium headless: ``--dump-dom`` of a copy of
the page with a few lines of script added, which mark each image that loaded;
the console messages from ``--enable-logging=stderr`` (the report has no
script, so any message is a fault); and ``--screenshot``, whose pixels must
vary. Without chromium they skip, unless ``CI`` is set: then they fail.
"""
import base64
import json
import os
import re
import shlex
import shutil
import subprocess
from html import escape, unescape
from pathlib import Path

import numpy as np
import pytest
from matplotlib import image as mpimg

from analysis.compare import compare, write_comparison
from analysis.html import HTML_FILE
from analysis.report import report
from sim import registry
from sim.cli import _study_from_args, build_parser
from sim.runner import run_study
from sim.study import Study

GAMES = [(meta.name, variant.name) for meta in registry.all_games() for variant in meta.variants] + [
    (meta.name, "") for meta in registry.all_games() if not meta.variants]

# marks the images once the page has loaded: the test reads the marks from the dumped DOM
IMAGE_MARKS = """<script>
addEventListener("load", () => {
  const images = Array.from(document.images);
  document.body.setAttribute("data-images", images.length);
  document.body.setAttribute("data-broken", JSON.stringify(
    images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt)));
});
</script>
"""
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
                  "--virtual-time-budget=5000", "--window-size=1200,1600"]
# ``[pid:tid:time:INFO:CONSOLE:line] "message", source: ...``
CONSOLE = re.compile(r":CONSOLE[:(].*")


def play(tmp_path, name, game="oh_hell", variant="", boards=12, **options):
    meta = registry.info(game)
    n = meta.default_players
    study = Study.create(game, players=n, lineup=["heuristic"] + ["random"] * (n - 1), boards=boards,
                         seed=5, seating="fixed", options=options or None, variant=variant or None)
    return run_study(study, tmp_path / name, backend="serial", progress=False)


def self_contained_problems(text: str) -> list[str]:
    """What a page would load from elsewhere, or from a file beside it."""
    problems = [m.group(0) for m in re.finditer(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//[^"'\s>]*""", text)]
    problems += [m.group(0) for m in re.finditer(r"<img\b[^>]*>", text) if 'src="data:image/png;base64,' not in m.group(0)]
    problems += [m.group(0) for m in re.finditer(r"<(?:script|link)\b[^>]*>", text)]
    problems += [m.group(0) for m in re.finditer(r"@import|url\(", text)]
    return problems


@pytest.mark.parametrize("game,variant", GAMES, ids=[f"{g}-{v}" if v else g for g, v in GAMES])
def test_every_games_report_html_holds_its_tables_and_plots_and_loads_nothing(tmp_path, game, variant):
    run_dir = play(tmp_path, "run", game, variant)
    tables = report(run_dir)
    text = (run_dir / HTML_FILE).read_text(encoding="utf-8")
    assert self_contained_problems(text) == []
    shown = [t for t in tables.values() if t.attrs.get("show") in ("terminal", "report")]
    assert shown
    for table in shown:
        assert f"<caption>{escape(table.attrs['title'])}</caption>" in text
    # every plot, embedded byte for byte
    embedded = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert sorted(base64.b64decode(e) for e in embedded) == sorted(Path(p).read_bytes() for p in tables.plots)
    assert len(embedded) == len(tables.plots) > 0
    # every sentence of the summary
    for sentences in tables.summary.values():
        for sentence in sentences:
            assert escape(sentence, quote=False).replace("`", "") in re.sub(r"</?code>", "", text)


@pytest.mark.parametrize("game", ["oh_hell", "pitch"])
def test_the_command_of_report_html_plays_the_same_study(tmp_path, game):
    run_dir = play(tmp_path, "run", game, boards=10)
    report(run_dir)
    text = (run_dir / HTML_FILE).read_text(encoding="utf-8")
    command = unescape(re.search(r'<pre class="command"><code>(.*?)</code></pre>', text, re.S).group(1))
    words = shlex.split(command)
    assert words[:2] == ["tricksim", "simulate"]
    args = build_parser().parse_args(words[1:])
    manifest = json.loads((run_dir / "manifest.json").read_text())
    assert _study_from_args(args).key() == Study.from_dict(manifest["study"]).key()
    assert args.out == run_dir and args.report
    assert manifest["code"]["engine"] in text and manifest["code"]["hash"] in text
    # the same run, the same file
    report(run_dir)
    assert (run_dir / HTML_FILE).read_text(encoding="utf-8") == text


def test_a_failed_write_leaves_the_earlier_report_html_whole(tmp_path, monkeypatch):
    run_dir = play(tmp_path, "run", boards=10)
    report(run_dir)
    before = (run_dir / HTML_FILE).read_bytes()
    original = Path.write_text

    def half_then_full_disk(self, data, *args, **kwargs):
        if self.name.startswith(f".{HTML_FILE}."):
            original(self, data[:len(data) // 2], *args, **kwargs)
            raise OSError(28, "No space left on device", str(self))
        return original(self, data, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", half_then_full_disk)
    with pytest.raises(OSError):
        report(run_dir)
    assert (run_dir / HTML_FILE).read_bytes() == before
    assert not [p.name for p in run_dir.iterdir() if p.name.endswith(".tmp")]


# -- in the browser ---------------------------------------------------------------------------

def chromium() -> str:
    path = shutil.which("chromium")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run installs it (apt-get install chromium)")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium); CI fails here instead")
    return path


def browse(page: Path) -> dict:
    """The page as chromium shows it: the images it marked broken, its console messages, and a screenshot."""
    browser = chromium()
    marked = page.with_name(f"marked-{page.name}")
    marked.write_text(page.read_text(encoding="utf-8").replace("</body>", IMAGE_MARKS + "</body>"), encoding="utf-8")
    dump = subprocess.run([browser, *CHROMIUM_FLAGS, "--dump-dom", marked.as_uri()],
                          capture_output=True, text=True, timeout=60)
    shot = page.with_name(f"{page.stem}.png")
    snap = subprocess.run([browser, *CHROMIUM_FLAGS, f"--screenshot={shot}", page.as_uri()],
                          capture_output=True, text=True, timeout=60)
    body = re.search(r"<body([^>]*)>", dump.stdout)
    marks = dict(re.findall(r'data-(\w+)="([^"]*)"', body.group(1))) if body else {}
    return {"images": int(marks.get("images", -1)), "broken": json.loads(unescape(marks.get("broken", "null"))),
            "console": [m.group(0) for m in CONSOLE.finditer(dump.stderr + snap.stderr)],
            "pixels": mpimg.imread(shot) if shot.exists() else None}


def assert_renders(page: Path, images: int) -> None:
    seen = browse(page)
    assert seen["console"] == []
    assert seen["images"] == images and seen["broken"] == []
    pixels = seen["pixels"]
    assert pixels is not None and pixels.shape[0] > 100
    grey = pixels[..., :3].mean(axis=2)
    # text, table rules and plots: not one colour, and not white with a speck
    assert grey.std() > 0.05 and (grey < 0.9).mean() > 0.01


@pytest.mark.parametrize("game", ["oh_hell"])
def test_a_run_and_a_comparison_render_in_chromium(tmp_path, game):
    a = play(tmp_path, "hook", game, dealer_restriction="always")
    b = play(tmp_path, "nohook", game, dealer_restriction="never")
    tables = report(a)
    assert_renders(a / HTML_FILE, images=len(tables.plots))
    paired = compare(a, b)
    write_comparison(paired, tmp_path / "cmp")
    text = (tmp_path / "cmp" / HTML_FILE).read_text(encoding="utf-8")
    assert self_contained_problems(text) == []
    for name, table in paired.items():
        assert f"<caption>{escape(table.attrs.get('title', ''))}</caption>" in text, name
    assert "tricksim compare" in text and "dealer_restriction always → never" in text
    assert_renders(tmp_path / "cmp" / HTML_FILE, images=0)


@pytest.mark.parametrize("game", ["oh_hell"])
def test_a_tournament_renders_in_chromium_and_its_command_plays_it_again(tmp_path, game):
    from sim.cli import main
    out = tmp_path / "tour"
    command = ["tournament", game, "-p", "heuristic", "-p", "random", "-p", "heuristic[bias=0.5]", "-o", "rounds=5",
               "-g", "40", "--seed", "2", "--bootstrap", "20", "--precision", "2", "--max-boards", "200",
               "--out", str(out)]
    assert main(command) == 0
    text = (out / HTML_FILE).read_text(encoding="utf-8")
    assert self_contained_problems(text) == []
    # every table's title, as tournament.md heads it, captions it in the page
    headings = re.findall(r"^## (.+)$", (out / "tournament.md").read_text(encoding="utf-8"), re.M)
    assert len(headings) == 4 and "confidence sequence" in headings[1]
    for heading in headings:
        assert f"<caption>{escape(heading)}</caption>" in text
    embedded = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert [base64.b64decode(e) for e in embedded] == [(out / "tournament.png").read_bytes()]
    assert "heuristic[bias=0.5]" in text and "Sequential tournament: stopped after" in text
    # the command shown plays the same tournament into the same folder
    shown = shlex.split(unescape(re.search(r'<pre class="command"><code>(.*?)</code></pre>', text, re.S).group(1)))
    assert shown[:2] == ["tricksim", "tournament"]
    args, given = build_parser().parse_args(shown[1:]), build_parser().parse_args(command)
    for key in ("game", "entrants", "boards", "seed", "bootstrap", "precision", "max_boards", "out"):
        assert getattr(args, key) == getattr(given, key), key
    assert "rounds=5" in args.option
    assert main(shown[1:]) == 0
    assert (out / HTML_FILE).read_text(encoding="utf-8") == text
    assert_renders(out / HTML_FILE, images=1)


def test_the_browser_check_sees_a_broken_image_and_a_console_message(tmp_path):
    page = tmp_path / "broken.html"
    page.write_text('<!DOCTYPE html><html><body><h1>A page</h1><img src="absent.png" alt="absent">'
                    '<script>console.error("boom")</script></body></html>')
    seen = browse(page)
    assert seen["broken"] == ["absent"] and seen["images"] == 1
    assert any('"boom"' in line for line in seen["console"])
    assert seen["pixels"] is not None


def test_the_self_contained_check_sees_what_a_page_would_load():
    page = ('<link rel="stylesheet" href="https://cdn.example.org/a.css"><img src="plot.png" alt="p">'
            '<img src="data:image/png;base64,AAAA" alt="q"><style>@import "b.css";</style>')
    found = self_contained_problems(page)
    assert any("https://cdn.example.org" in f for f in found) and any("plot.png" in f for f in found)
    assert any("@import" in f for f in found) and not any("AAAA" in f for f in found)
