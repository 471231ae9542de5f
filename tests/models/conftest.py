from __future__ import annotations

from collections.abc import Iterator

import pytest

from .fake_server import FakeOpenAI, serve


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    yield from serve()
