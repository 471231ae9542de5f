"""Scrubbing personal data in linear time: the e-mail scanner finds exactly what the regular expression
it replaces found, and the characters it reads grow in proportion to the text on inputs made to defeat a
backtracking pattern (long runs of address characters, many "@"s, many dots), where the old pattern
read the text again from every position."""

from __future__ import annotations

import io
import itertools
import json
import random
import re

import pandas as pd
import pytest

from centaurlab.study import scrub_text
from centaurlab.study._export import frame_chunks
from centaurlab.study._scrub import find_emails, scrub_emails

REFERENCE = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")  # the pattern before the scanner


def reference(text: str) -> str:
    return REFERENCE.sub("[email]", text)


def test_every_short_text_is_scrubbed_as_the_pattern_did() -> None:
    alphabet = "a1.@-_ "
    texts = ["".join(t) for n in range(7) for t in itertools.product(alphabet, repeat=n)]
    assert len(texts) == sum(7**n for n in range(7))
    assert [t for t in texts if scrub_emails(t) != reference(t)] == []


def test_longer_random_texts_are_scrubbed_as_the_pattern_did() -> None:
    rng = random.Random(40)
    alphabet = "abZ.@-_%+19 .com\n"
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))) for _ in range(20_000)]
    assert [t for t in texts if scrub_emails(t) != reference(t)] == []


@pytest.mark.parametrize(("text", "scrubbed"), [
    ("mail ada@lovelace.org now", "mail [email] now"),
    ("a@b.com.x_y@c.org", "[email][email]"),  # the second address starts inside the first one's run
    ("x@y.c, x@y.co.u", "x@y.c, [email].u"),  # the domain ends after the last dot two letters follow
    ("first.last+tag@mail.example.co.uk>", "[email]>"),
    ("@@a@@b.cc@", "@@a@@b.cc@"),
    ("a@b.cc@d.ee", "[email]@d.ee"),
])
def test_addresses_in_awkward_places(text: str, scrubbed: str) -> None:
    assert scrub_emails(text) == scrubbed == reference(text)


ADVERSARIAL = {
    "a run of address characters": lambda n: "a" * n,
    "a run with one @ and no domain": lambda n: "a" * (n // 2) + "@" + "1" * (n - n // 2 - 1),
    "a run of dots": lambda n: "a." * (n // 2),
    "many @ with short domains": lambda n: "a@a." * (n // 4),
    "many addresses": lambda n: "ab.cd@" * (n // 6),
    "dots with one letter after each": lambda n: "a@" + "b.c" * (n // 3),
    "a pasted token": lambda n: ("Zm9vYmFy-_.%+" * n)[:n],
}


@pytest.mark.parametrize("kind", list(ADVERSARIAL))
def test_the_characters_read_grow_in_proportion_to_the_text(kind: str) -> None:
    sizes = (1_000, 10_000, 100_000)
    read = [find_emails(ADVERSARIAL[kind](n)).examined for n in sizes]
    assert all(r <= 6 * n for r, n in zip(read, sizes, strict=True)), read  # a backtracking pattern: n * n / 2
    assert read[2] <= 11 * read[1] and read[1] <= 11 * read[0], read  # ten times the text, ten times the work


def test_a_long_paste_keeps_its_text_around_what_is_scrubbed() -> None:
    paste = "x" * 40_000 + " write to ada@lovelace.org or +44 20 7946 0958, I'm Ada. " + "Zm9vYmFy." * 4_000
    assert scrub_text(paste) == ("x" * 40_000 + " write to [email] or [phone], I'm [name]. " + "Zm9vYmFy." * 4_000)


def test_a_table_written_in_chunks_is_the_same_file() -> None:
    frame = pd.DataFrame({"participant_id": ["p1", "p2", "p3", "p4", "p5"], "n": [1, 2, None, 4, 5],
                          "text": ["=1+1", "a,b", 'say "hi"', "multi\nline", None],
                          "payload": [{"k": i, "t": "é"} for i in range(5)]})
    whole = b"".join(frame_chunks(frame, "csv", rows_per_chunk=100))
    assert b"".join(frame_chunks(frame, "csv", rows_per_chunk=2)) == whole
    assert len(list(frame_chunks(frame, "csv", rows_per_chunk=2))) == 4  # the header, then three chunks
    read = pd.read_csv(io.BytesIO(whole))
    assert read["text"].tolist()[:2] == ["'=1+1", "a,b"] and json.loads(read["payload"][4]) == {"k": 4, "t": "é"}
