"""`tripoli verify [DIR]`: every campaign of a saves folder replayed from its origin through its
recorded choices with today's rules (play/verify.py), one line each: the same, or where it first
parts from what was saved. Reads the saves and never writes them. Exit status: 0 every campaign
the same, 1 one differs (or a save cannot be read at all), 2 no folder to read (none there, or
one that cannot be listed)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from ..save_error import SaveError
from .out import say

if TYPE_CHECKING:
    from ..play.verify import Verdict


def verify_folder(folder: str | None, *, as_json: bool = False) -> int:
    from ..play.verify import campaigns, read_saved_game, report_line, verify_campaign
    from ..storage import MAX_SAVE_BYTES, read_text, save_dir, save_files

    where = Path(folder) if folder else save_dir()
    if not where.is_dir():
        say(f"tripoli verify: {where}: not a folder of saves", error=True)
        return 2
    try:
        files = sorted(save_files(where, strict=True))
    except OSError as exc:  # (an empty list would read as a folder with nothing to replay)
        say(f"tripoli verify: {where}: cannot be read ({exc.strerror or exc})", error=True)
        return 2
    saves, unreadable = [], []
    for path in files:
        try:
            saves.append(read_saved_game(path.name, read_text(path, MAX_SAVE_BYTES)))
        except SaveError as exc:
            unreadable.append((path.name, str(exc)))
    verdicts = [verify_campaign(group) for group in campaigns(saves)]
    if as_json:
        say(json.dumps({"folder": str(where), "campaigns": [_as_data(v) for v in verdicts],
                        "unreadable": [{"file": f, "problem": p} for f, p in unreadable]},
                       ensure_ascii=False))
    else:
        for verdict in verdicts:
            say(report_line(verdict))
        for file, problem in unreadable:
            say(f"{file}: cannot be read: {problem}")
        differ = sum(not v.same for v in verdicts)
        say(f"{len(verdicts)} campaign{'s' if len(verdicts) != 1 else ''} replayed with today's "
            f"rules: {len(verdicts) - differ} the same, {differ} differ"
            + (f"; {len(unreadable)} save{'s' if len(unreadable) != 1 else ''} unreadable"
               if unreadable else "") + ".")
    return 1 if unreadable or any(not v.same for v in verdicts) else 0


def _as_data(verdict: Verdict) -> dict[str, object]:
    p = verdict.parting
    return {"campaign": verdict.campaign, "name": verdict.name, "files": list(verdict.files),
            "choices": verdict.choices, "same": verdict.same,
            "parting": None if p is None else asdict(p)}
