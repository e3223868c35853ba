"""`companion tags`: refusals are one sentence and leave no file; success writes a whole PDF."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.catalogs import load_catalog
from companion.cli import main
from companion.tags.kit import KitRequest, make_kit, write_kit
from companion.tags.sizes import MIN_SIZE_MM, TagKitError

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tags", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(("args", "words"), [
    (["--game", "chess"], "'chess' is not a known game"),
    (["--game", "xp", "--cards", ""], "selection is empty"),
    (["--game", "xp", "--cards", "hazard,ZZ9"], "'ZZ9' is neither a deck nor a card ID"),
    (["--game", "xp", "--size", "10"], f"the minimum is {MIN_SIZE_MM:g} mm"),
    (["--game", "xp", "--size", "400"], "does not fit on A4 paper; the largest is"),
    (["--game", "xp", "--size", "150", "--paper", "letter", "--cards", "hex"],
     "does not fit on Letter paper"),
    (["--game", "ti4", "--size", "40", "--proxies"], "does not fit on a proxy card"),
    (["--game", "xp", "--paper", "a3"], "'a3' is not a paper size"),
    (["--game", "ti4", "--option", "prophecy"], "no optional cards called 'prophecy'"),
])
def test_bad_input_is_one_sentence_and_writes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], words: str) -> None:
    out = tmp_path / "tags.pdf"
    code, stdout, stderr = run(capsys, *args, "--out", str(out))
    assert code == 1
    assert words in stderr
    assert stderr.strip().count("\n") == 0 and stderr.strip().endswith(".")
    assert stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, stderr = run(capsys, "--game", "xp", "--cards", "H01",
                          "--out", str(tmp_path / "nowhere" / "tags.pdf"))
    assert code == 1
    assert "folder" in stderr and "does not exist" in stderr
    assert list(tmp_path.iterdir()) == []


def test_a_refusal_leaves_an_existing_file_untouched(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "tags.pdf"
    out.write_bytes(b"the old sheet")
    code, _, _ = run(capsys, "--game", "xp", "--size", "3", "--out", str(out))
    assert code == 1
    assert out.read_bytes() == b"the old sheet"


def test_a_failed_write_leaves_no_partial_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    kit = make_kit(load_catalog("xp"), KitRequest(cards="H01"))
    out = tmp_path / "tags.pdf"
    out.write_bytes(b"the old sheet")

    def refuse(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_kit(kit, out)
    assert [p.name for p in tmp_path.iterdir()] == ["tags.pdf"]
    assert out.read_bytes() == b"the old sheet"


def test_a_folder_as_output_is_refused(tmp_path: Path) -> None:
    kit = make_kit(load_catalog("xp"), KitRequest(cards="H01"))
    with pytest.raises(TagKitError, match="is a folder"):
        write_kit(kit, tmp_path)


def test_success_writes_a_true_size_pdf_and_says_how_to_print(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    out = tmp_path / "hazard.pdf"
    code, stdout, stderr = run(capsys, "--game", "xp", "--cards", "hazard,hex",
                               "--paper", "letter", "--out", str(out))
    assert (code, stderr) == (0, "")
    assert "24 stickers" in stdout and "100%" in stdout and "Letter" in stdout
    assert [p.name for p in tmp_path.iterdir()] == ["hazard.pdf"]
    document = pdfium.PdfDocument(str(out))
    width, height = document[0].get_size()
    assert (width, height) == pytest.approx((215.9 / 25.4 * 72, 279.4 / 25.4 * 72), abs=0.01)
    assert f"page 1 of {len(document)}" in document[0].get_textpage().get_text_range()


def test_the_command_module_imports_no_heavy_library() -> None:
    probe = ("import sys, companion.tags.commands as c; "
             "assert c.tags_command.name == 'tags'; "
             "heavy = {'segno', 'fpdf', 'numpy', 'cv2', 'pypdfium2'} & set(sys.modules); "
             "print(sorted(heavy))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    assert result.stdout.strip() == "[]"


def test_by_default_every_tagged_item_is_printed_and_core_only_leaves_out_codex(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, stdout, _ = run(capsys, "--game", "ti4", "--out", str(tmp_path / "all.pdf"))
    assert code == 0 and "195 stickers" in stdout
    code, stdout, _ = run(capsys, "--game", "ti4", "--core-only",
                          "--out", str(tmp_path / "core.pdf"))
    assert code == 0 and "183 stickers" in stdout
