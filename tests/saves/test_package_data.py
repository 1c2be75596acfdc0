"""The files the game reads at run time (tutorials, help, styles) ship in a plain `pip install .`."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tripoli_tui import storage

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tripoli_tui"


CODE = (".py", ".pyc", ".pyi", ".c", ".so")
"""Python source, its type stubs, and the compiled generator's C source and built module (setup.py
builds it into the wheel when it can): code, not data the game reads."""


def data_files() -> set[str]:
    """Every file under the package that is not code, relative to the package."""
    return {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix not in CODE and "__pycache__" not in p.parts}


def test_every_data_file_is_covered_by_the_package_data_globs() -> None:
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))[
        "tool"]["setuptools"]["package-data"]["tripoli_tui"]
    covered = {p.relative_to(PACKAGE).as_posix() for g in globs for p in PACKAGE.glob(g)}
    assert data_files() - covered == set()
    assert {"help/rules.md", "tutorials/README.md", "tui/tripoli.tcss"} <= data_files()


def test_the_tutorials_are_read_from_the_package() -> None:
    assert storage.examples_dir() == PACKAGE / "tutorials"
    assert len(storage.list_examples()) >= 5


@pytest.mark.slow
def test_a_built_wheel_holds_the_tutorials_the_help_and_the_styles(tmp_path: Path) -> None:
    """Builds the wheel from a copy of the sources (the working tree is left untouched)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "*.so")
    for name in ("tripoli_tui", "bot"):
        shutil.copytree(ROOT / name, src / name, ignore=ignore)
    out = tmp_path / "wheel"
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out),
                          str(src)], capture_output=True, text=True, check=False)
    if run.returncode and "No matching distribution found for setuptools" in run.stderr:
        pytest.skip("no package index to fetch the build backend from")
    assert run.returncode == 0, run.stderr[-2000:]
    (wheel,) = out.glob("tripoli_tui-*.whl")
    inside = {n.removeprefix("tripoli_tui/") for n in zipfile.ZipFile(wheel).namelist()
              if n.startswith("tripoli_tui/")}
    assert data_files() <= inside
