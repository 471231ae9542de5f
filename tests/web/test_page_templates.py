"""The study's and the site's common pages are drawn from templates with autoescape on: a hostile value in a
study's title, a bank's or a task's title, a participant's answer, a recruitment parameter or a URL reaches
each page escaped. A study file may name a folder of templates whose consent.html or instructions.html
replace ours; a template missing from the folder falls back to ours, and the folder's templates escape too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.config import settings
from centaurlab.study import StudyFileError, create_study, load_study
from centaurlab.web import create_app
from tests.helpers import MINI_BANK
from tests.study.studyfiles import write_study

HOSTILE = '<script>alert("x")</script>'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"


def _clean(html: str) -> None:
    assert HOSTILE not in html and "<script>alert" not in html


def _toml(text: str) -> str:
    return text.replace('"', '\\"')


def _hostile_bank(folder: Path) -> Path:
    """The mini bank, its title and its task's title opened with a script element."""
    bank = folder / "bank"
    shutil.copytree(MINI_BANK, bank)
    for name in ("bank.toml", "pair_sum/task.toml"):
        path = bank / name
        path.write_text(path.read_text().replace('title = "', f'title = "{_toml(HOSTILE)} ', 1))
    return bank


def _study(folder: Path, templates: str = "", title: str = HOSTILE) -> Path:
    path = write_study(folder, conditions=("none",))
    text = path.read_text().replace('title = "Pilot"', f'title = "{_toml(title)}"')
    if templates:
        text = text.replace("seed = 7\n", f'seed = 7\ntemplates = "{templates}"\n')
    path.write_text(text)
    return path


@pytest.fixture
def url() -> str:
    url = settings().database_url
    store.upgrade(url)
    return url


def _client(url: str, path: Path, banks: list[str | Path] | None = None) -> TestClient:
    create_study(url, load_study(path), path.parent, source=str(path))
    return TestClient(create_app(database_url=url, banks=banks or ["study"]))


def test_every_participant_page_escapes_what_it_shows(url: str, tmp_path: Path) -> None:
    client = _client(url, _study(tmp_path))
    consent = client.get("/s/pilot", params={"PROLIFIC_PID": HOSTILE})
    assert consent.status_code == 200 and ESCAPED in consent.text  # the title, and the hidden field's value
    assert f'name="PROLIFIC_PID" value="{ESCAPED}"' in consent.text
    _clean(consent.text)
    pre = client.post("/s/pilot/consent", data={"agree": "yes"})
    assert "About you" in pre.text and ESCAPED in pre.text
    wrong = client.post("/s/pilot/pre", data={"programming_experience": HOSTILE})  # not one of its options
    assert wrong.status_code == 422 and 'role="alert"' in wrong.text
    _clean(wrong.text)
    client.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                      "ai_tool_use": "never"})
    instructions = client.get("/s/pilot/go")
    assert '<div class="markdown instructions">' in instructions.text and "20 minutes begins" in instructions.text
    coding = client.post("/s/pilot/start")
    assert 'id="study-data"' in coding.text and 'id="instructions-dialog"' in coding.text
    _clean(coding.text)


def test_the_common_pages_escape_what_they_show(url: str, tmp_path: Path) -> None:
    client = _client(url, _study(tmp_path), banks=[_hostile_bank(tmp_path)])
    pages = {"/": "page-home", "/tasks": "page-banks", "/banks/mini": "page-bank", "/tasks/pair_sum": "page-task",
             "/grade/pair_sum": "page-grade"}
    for path, page in pages.items():
        html = client.get(path).text
        assert f'class="{page}"' in html and ESCAPED in html, path
        _clean(html)
    missing = client.get(f"/tasks/{HOSTILE}")
    assert missing.status_code == 404 and "Not found" in missing.text
    _clean(missing.text)
    for path in ("/collab", "/bench"):
        page = client.get(path)
        assert page.status_code == 200 and "<h1>" in page.text, path


def test_the_dashboard_escapes_the_studys_title(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_STUDY_PASSWORD", "s3cret-pass")
    client = _client(url, _study(tmp_path))
    assert "Researcher login" in client.get("/dashboard/login").text
    client.post("/dashboard/login", data={"password": "s3cret-pass"})
    for path in ("/dashboard", "/dashboard/pilot"):
        html = client.get(path).text
        assert ESCAPED in html and 'id="logout"' in html, path
        _clean(html)


def test_a_studys_templates_replace_our_consent_and_keep_our_instructions(url: str, tmp_path: Path) -> None:
    folder = tmp_path / "my_templates"
    folder.mkdir()
    (folder / "consent.html").write_text(
        '<p id="their-consent">Our lab asks your consent for {{ study_title }} '
        "(you came with {{ recruitment.PROLIFIC_PID }}).</p>\n")
    client = _client(url, _study(tmp_path, templates="my_templates"))
    consent = client.get("/s/pilot", params={"PROLIFIC_PID": HOSTILE}).text
    assert '<p id="their-consent">Our lab asks your consent for ' + ESCAPED in consent  # autoescaped too
    assert 'class="markdown consent"' not in consent and 'name="agree"' in consent  # our form stays
    _clean(consent)
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                      "ai_tool_use": "never"})
    instructions = client.get("/s/pilot/go").text
    assert '<div class="markdown instructions">' in instructions  # no instructions.html in the folder: ours


def test_a_studys_instructions_template_shows_on_the_page_and_in_the_pop_up(url: str, tmp_path: Path) -> None:
    folder = tmp_path / "words"
    folder.mkdir()
    (folder / "instructions.html").write_text(
        '<div id="their-instructions">Work for {{ "%g" | format(session_minutes) }} minutes '
        "({{ condition }}).</div>\n")
    client = _client(url, _study(tmp_path, templates="words", title="Pilot"))
    client.post("/s/pilot/consent", data={"agree": "yes"})
    client.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                      "ai_tool_use": "never"})
    assert '<div id="their-instructions">Work for 20 minutes (none).</div>' in client.get("/s/pilot/go").text
    coding = client.post("/s/pilot/start").text
    dialog = coding.split('id="instructions-dialog"', 1)[1].split("</dialog>", 1)[0]
    assert '<div id="their-instructions">Work for 20 minutes (none).</div>' in dialog


def test_a_template_folder_that_is_not_there_names_the_file_and_the_field(tmp_path: Path) -> None:
    path = _study(tmp_path, templates="nowhere", title="Pilot")
    with pytest.raises(StudyFileError, match=r"pilot\.toml: templates: no folder .*nowhere") as caught:
        load_study(path)
    assert caught.value.field == "templates"
