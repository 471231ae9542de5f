from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.openai_server import FakeOpenAI, serve


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    yield from serve()
