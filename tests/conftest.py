"""Shared test helpers: where the reference material lives, and skipping when it is absent."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
FIXTURES = SHARED / "fixtures" / "vassal"


def shared_path(*parts: str) -> Path:
    """A path under ../shared, or skip the test with the reason when it is not there."""
    p = SHARED.joinpath(*parts)
    if not p.exists():
        pytest.skip(f"reference material not available: {p} (../shared exists only in the dev/CI checkout)")
    return p


@pytest.fixture
def fixtures_dir() -> Path:
    return shared_path("fixtures", "vassal")
