from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from centaurlab.collab import AgentConfig, Workspace, load_collab_bank, render
from centaurlab.collab._harness import run_agent
from centaurlab.collab._protocol import ActionParseError, action_schema, parse_text_action
from centaurlab.collab._tools import TOOLS, call_tool
from centaurlab.models import OpenAIProvider

from .fake_llm import chat, fake_llm, tool_call

ALL = tuple(TOOLS)


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace.for_task(tmp_path / "ws", load_collab_bank().get("bom_rollup"))


def test_python_runs_in_the_sandbox_and_its_files_come_back(ws: Workspace) -> None:
    code = (
        "import pandas as pd\n"
        "bom = pd.read_excel('reference/bom.xlsx')\n"
        "print('rows', len(bom))\n"
        "bom.to_csv('cost_rollup.csv', index=False)\n"
        "open('reference/bom.xlsx', 'wb').write(b'overwritten')\n"
    )
    result = call_tool(ws, "run_python", {"code": code}, ALL)
    assert "rows 10" in result.text
    assert result.changed == ["cost_rollup.csv"]
    assert "PermissionError" in result.text and result.error  # reference files are read-only in the sandbox
    assert ws.read_bytes("cost_rollup.csv").startswith(b"parent,part")
    assert render("bom.xlsx", ws.read_bytes("reference/bom.xlsx")).kind == "table"
    assert set(ws.changes()) == {"cost_rollup.csv"}


def test_file_tools_stay_inside_the_workspace(ws: Workspace) -> None:
    assert "reference/bom.xlsx" in call_tool(ws, "list_files", {}, ALL).text
    assert "PUMP-ASSY" in call_tool(ws, "read_file", {"path": "reference/bom.xlsx"}, ALL).text
    for bad in ("../escape.txt", "/etc/passwd", "a/../../x"):
        r = call_tool(ws, "write_file", {"path": bad, "content": "x"}, ALL)
        assert r.error and "workspace" in r.text
    r = call_tool(ws, "write_file", {"path": "reference/bom.xlsx", "content": "x"}, ALL)
    assert r.error and "read-only" in r.text
    assert call_tool(ws, "delete_everything", {}, ALL).error
    assert call_tool(ws, "read_file", {"path": 3}, ALL).error


def test_write_and_edit_make_files_a_grader_opens(ws: Workspace) -> None:
    call_tool(ws, "write_file", {"path": "cost_rollup.csv", "content": "part,cost\nPUMP-ASSY,276.31\n"}, ALL)
    call_tool(ws, "write_file", {"path": "rollup.xlsx", "content": "part,cost\nPUMP-ASSY,276.31\n"}, ALL)
    call_tool(ws, "write_file", {"path": "notes.docx", "content": "# Roll-up\n- pump 276.31\n"}, ALL)
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(ws.read_bytes("rollup.xlsx"))).active
    assert sheet.cell(2, 2).value == 276.31
    assert "pump 276.31" in render("notes.docx", ws.read_bytes("notes.docx")).text
    r = call_tool(ws, "edit_file", {"path": "cost_rollup.csv", "old": "276.31", "new": "276.30"}, ALL)
    assert not r.error and b"276.30" in ws.read_bytes("cost_rollup.csv")
    r = call_tool(ws, "edit_file", {"path": "cost_rollup.csv", "old": "nothing", "new": "x"}, ALL)
    assert r.error and "0 times" in r.text


def test_text_actions_are_parsed_from_json_fences_or_prose() -> None:
    a = parse_text_action('{"tool": "write_file", "args": {"path": "a.md", "content": "hi"}}', ALL)
    assert (a.tool, a.args["path"]) == ("write_file", "a.md")
    b = parse_text_action('Sure!\n```json\n{"tool": "finish", "args": {}}\n```', ALL)
    assert b.tool == "finish"
    c = parse_text_action('I will list. {"name": "list_files", "arguments": "{}"} done', ALL)
    assert c.tool == "list_files"
    for bad, msg in [
        ("no json here", "no JSON"),
        ('{"tool": "rm", "args": {}}', "must be one of"),
        ('{"tool": "finish", "args": [1]}', "JSON object"),
        ("[1, 2]", "JSON object"),
    ]:
        with pytest.raises(ActionParseError, match=msg):
            parse_text_action(bad, ALL)
    schema = action_schema(("write_file", "finish"), ["flags.csv"])
    write = schema["oneOf"][0]["properties"]["args"]["properties"]
    assert write["path"] == {"enum": ["flags.csv"]}


def test_the_harness_drives_a_tool_calling_model(tmp_path: Path) -> None:
    task = load_collab_bank().get("bom_rollup")
    ws = Workspace.for_task(tmp_path / "ws", task)
    code = (
        "import pandas as pd\n"
        "b = pd.read_excel('reference/bom.xlsx')\n"
        "open('cost_rollup.csv','w').write('part,cost\\nPUMP-ASSY,%d\\n' % len(b))\n"
    )

    def answer(body: dict) -> dict:  # type: ignore[type-arg]
        turns = sum(1 for m in body["messages"] if m["role"] == "tool")
        if turns == 0:
            return chat("", [tool_call("c1", "run_python", code=code)])
        if turns == 1:
            return chat(
                "",
                [
                    tool_call("c2", "write_file", path="rollup.py", content="print(1)\n"),
                    tool_call("c3", "finish", summary="done"),
                ],
            )
        raise AssertionError("the harness asked again after finish")

    with fake_llm(answer) as (url, seen):
        provider = OpenAIProvider("fake", url, "fake-model", max_retries=0)
        cfg = AgentConfig(name="t", model="fake", step_limit=5)
        traj = run_agent(cfg, provider, task, ws)
    assert traj.stop_reason == "finished" and len(traj.steps) == 2
    assert traj.files_changed == ["cost_rollup.csv", "rollup.py"]
    assert ws.read_bytes("cost_rollup.csv") == b"part,cost\nPUMP-ASSY,10\n"
    assert seen[0]["tools"][0]["function"]["name"] == "list_files"
    assert seen[1]["messages"][-1] == {
        "role": "tool",
        "tool_call_id": "c1",
        "content": traj.steps[0].results[0]["text"],
    }
    assert traj.tokens == 2 * 70
    assert traj.to_json()["messages"][2]["tool_calls"][0]["function"]["name"] == "run_python"


def test_the_text_protocol_feeds_parse_errors_back_and_stops_at_the_limit(tmp_path: Path) -> None:
    task = load_collab_bank().get("press_release")
    ws = Workspace.for_task(tmp_path / "ws", task)
    answers = iter(
        [
            "I think the release should...",
            '{"tool": "write_file", "args": {"path": "press_release.md", "content": "# Harbor"}}',
            '{"tool": "list_files", "args": {}}',
        ]
    )
    with fake_llm(lambda body: chat(next(answers))) as (url, seen):
        cfg = AgentConfig(
            name="t", model="fake", protocol="text", constrained=True, step_limit=3, inline_references=500
        )
        traj = run_agent(cfg, OpenAIProvider("fake", url, "m", max_retries=0), task, ws)
    assert traj.steps[0].parse_error and "no JSON" in traj.steps[0].parse_error
    assert traj.files_changed == ["press_release.md"]
    assert traj.stop_reason == "step limit (3) reached"
    assert "Tidewater Bikes" in seen[0]["messages"][1]["content"]  # references inlined
    assert seen[0]["response_format"]["type"] == "json_schema"
    assert "write_file" in seen[0]["messages"][0]["content"]


def test_an_endpoint_without_tool_calling_gets_the_text_protocol(tmp_path: Path) -> None:
    task = load_collab_bank().get("press_release")
    ws = Workspace.for_task(tmp_path / "ws", task)

    def answer(body: dict) -> Any:  # type: ignore[type-arg]
        if "tools" in body:
            return 400, {"error": {"message": "tools are not supported by this model"}}
        return chat('{"tool": "finish", "args": {"summary": "nothing to add"}}')

    with fake_llm(answer) as (url, seen):
        traj = run_agent(AgentConfig(name="t", model="fake"), OpenAIProvider("fake", url, "m", max_retries=0), task, ws)
    assert traj.stop_reason == "finished" and traj.agent["protocol"] == "text"
    assert "refused tool calling" in traj.notes[0]
    assert "tools" in seen[0] and "tools" not in seen[1]


def test_a_constrained_write_fits_in_the_agents_answer(ws: Workspace) -> None:
    """The embedded agent answers in at most 300 tokens: the file content it may write is held to what
    fits beside the action's own tokens, so its action is never cut off mid-JSON."""
    from centaurlab.collab import build_request, first_messages, get_agent

    cfg = get_agent("local-agent")
    task = load_collab_bank().get("bom_rollup")
    request = build_request(cfg, first_messages(cfg, task, ws), task, ws)
    assert request.extra is not None
    schema = request.extra["response_format"]["json_schema"]["schema"]
    writes = [v for v in schema["oneOf"] if v["properties"]["tool"].get("const") == "write_file"]
    content = writes[0]["properties"]["args"]["properties"]["content"]
    assert (cfg.max_tokens, content["maxLength"]) == (300, 240)
