from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def save_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh save folder named by TRIPOLI_SAVE_DIR, with the working directory elsewhere."""
    folder = tmp_path / "saves"
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("TRIPOLI_SAVE_DIR", str(folder))
    monkeypatch.chdir(work)
    return folder


def files_under(root: Path) -> set[str]:
    """Every file below root, as paths relative to it."""
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}
