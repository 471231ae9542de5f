"""Fill-in-the-middle: templates, context budget, request plans, post-processing, suggestion length policy."""

from __future__ import annotations

import random
import statistics

import pytest

from centaurlab.models import (
    FimContext,
    LengthPolicy,
    UnknownFimTemplate,
    build_context,
    clean_suggestion,
    fim_template,
    plan_fim,
)
from centaurlab.models import _fim_templates as fim_templates
from centaurlab.models._fim import HOLE, keep_head, keep_tail, strip_code_fences
from centaurlab.models._fim_templates import FimTemplate, fim_template_names, get_fim_template

PRE = "def add(a, b):\n    "
SUF = "\n\nprint(add(1, 2))\n"

# --- templates ---------------------------------------------------------------------------------------------------


def test_codellama_renders_exactly() -> None:
    assert get_fim_template("codellama").render(PRE, SUF) == (
        "<PRE> def add(a, b):\n     <SUF>\n\nprint(add(1, 2))\n <MID>"
    )
    assert get_fim_template("codellama").stop == ("<EOT>",)


def test_starcoder_renders_exactly() -> None:
    assert get_fim_template("starcoder").render(PRE, SUF) == (
        "<fim_prefix>def add(a, b):\n    <fim_suffix>\n\nprint(add(1, 2))\n<fim_middle>"
    )
    assert "<|endoftext|>" in get_fim_template("starcoder2").stop


def test_deepseek_coder_renders_exactly_with_fullwidth_bars() -> None:
    rendered = get_fim_template("deepseek-coder").render(PRE, SUF)
    assert rendered == "<｜fim▁begin｜>def add(a, b):\n    <｜fim▁hole｜>\n\nprint(add(1, 2))\n<｜fim▁end｜>"
    assert "\uff5c" in rendered and "\u2581" in rendered and "|" not in rendered
    assert "<｜end▁of▁sentence｜>" in get_fim_template("deepseek").stop


def test_qwen25_coder_renders_exactly() -> None:
    assert get_fim_template("qwen2.5-coder").render(PRE, SUF) == (
        "<|fim_prefix|>def add(a, b):\n    <|fim_suffix|>\n\nprint(add(1, 2))\n<|fim_middle|>"
    )
    stop = get_fim_template("Qwen2.5-Coder").stop
    assert {"<|endoftext|>", "<|fim_pad|>", "<|file_sep|>", "<|im_end|>"} <= set(stop)


def test_codestral_renders_suffix_first() -> None:
    expected = "[SUFFIX]\n\nprint(add(1, 2))\n[PREFIX]def add(a, b):\n    "
    assert get_fim_template("codestral").render(PRE, SUF) == expected
    assert "</s>" in get_fim_template("codestral").stop


def test_braces_in_code_are_not_format_fields() -> None:
    assert get_fim_template("starcoder").render("d = {", "}{suffix}") == (
        "<fim_prefix>d = {<fim_suffix>}{suffix}<fim_middle>"
    )


def test_registry_lists_builtins_and_rejects_unknown_names_helpfully() -> None:
    assert {"codellama", "starcoder", "deepseek-coder", "qwen2.5-coder", "codestral"} <= set(fim_template_names())
    with pytest.raises(UnknownFimTemplate, match="known templates: .*codellama"):
        get_fim_template("gpt-5-fim")
    assert issubclass(UnknownFimTemplate, ValueError)


def test_decorator_registers_a_new_template(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fim_templates, "_TEMPLATES", dict(fim_templates._TEMPLATES))
    monkeypatch.setattr(fim_templates, "_ALIASES", dict(fim_templates._ALIASES))

    @fim_template("test-only-fim", stop=("<end>",), aliases=("test-alias",))
    def _render(prefix: str, suffix: str) -> str:
        return f"<p>{prefix}<s>{suffix}<m>"

    template = get_fim_template("TEST-ALIAS")
    assert isinstance(template, FimTemplate) and template.name == "test-only-fim"
    assert template.render("a", "b") == "<p>a<s>b<m>" and template.stop == ("<end>",)
    assert plan_fim("a", "b", template="test-only-fim").prompt == "<p>a<s>b<m>"


# --- context budget ----------------------------------------------------------------------------------------------


def _numbered(n: int, width: int = 9) -> str:
    """n lines of exactly ``width`` characters plus newline: 'L0000001\\n'..."""
    return "".join(f"L{i:0{width - 1}d}\n" for i in range(n))


def test_short_files_are_untouched() -> None:
    context = build_context(PRE, SUF)
    assert (context.prefix, context.suffix, context.prefix_dropped, context.suffix_dropped) == (PRE, SUF, 0, 0)


def test_budget_splits_two_thirds_before_the_cursor_at_line_boundaries() -> None:
    prefix = _numbered(1000) + "    x = "
    suffix = "1\n" + _numbered(1000)
    context = build_context(prefix, suffix)
    # 10-character lines: 399 whole lines + the cursor line's 8 characters <= 4000; "1\n" + 199 lines <= 2000
    assert len(context.prefix) == 3998 and len(context.suffix) == 1992
    assert prefix.endswith(context.prefix) and suffix.startswith(context.suffix)
    assert context.prefix.startswith("L") and context.prefix.endswith("    x = ")  # starts on a line boundary
    assert context.suffix.endswith("\n")  # ends on a line boundary
    assert context.prefix_dropped == len(prefix) - len(context.prefix)
    assert context.suffix_dropped == len(suffix) - len(context.suffix)


def test_unused_suffix_budget_goes_to_the_prefix() -> None:
    prefix = _numbered(1000)
    context = build_context(prefix, "\n")
    assert len(context.prefix) == 5990 and context.suffix == "\n"  # 599 whole 10-character lines in 5999


def test_unused_prefix_budget_goes_to_the_suffix() -> None:
    context = build_context("x = 1\n", _numbered(1000))
    assert len(context.suffix) == 5990 and context.prefix == "x = 1\n"  # 599 whole lines in 5994


def test_custom_budget_and_exact_line_trimming() -> None:
    assert keep_tail("aaa\nbbb\nccc", 8) == "bbb\nccc"
    assert keep_tail("aaa\nbbb\nccc", 6) == "ccc"
    assert keep_head("aaa\nbbb\nccc", 8) == "aaa\nbbb\n"
    assert keep_head("aaa\nbbb\nccc", 6) == "aaa\n"
    context = build_context("one\ntwo\nthree", "four\nfive\nsix", budget=15)
    assert (context.prefix, context.suffix) == ("two\nthree", "four\n")


def test_a_single_line_longer_than_the_budget_is_cut_by_characters() -> None:
    assert keep_tail("x" * 50, 10) == "x" * 10
    assert keep_head("y" * 50, 10) == "y" * 10


def test_bad_budget_is_rejected() -> None:
    with pytest.raises(ValueError, match="budget"):
        build_context("a", "b", budget=-1)


# --- plans -------------------------------------------------------------------------------------------------------


def test_plan_template_kind() -> None:
    plan = plan_fim(PRE, SUF, template="qwen2.5-coder", max_tokens=40)
    assert plan.kind == "template" and plan.template == "qwen2.5-coder"
    assert plan.prompt == "<|fim_prefix|>def add(a, b):\n    <|fim_suffix|>\n\nprint(add(1, 2))\n<|fim_middle|>"
    assert plan.stop == get_fim_template("qwen2.5-coder").stop
    assert plan.max_tokens == 40 and plan.temperature == 0.0 and plan.suffix is None and plan.messages == []


def test_plan_template_kind_uses_the_trimmed_context() -> None:
    prefix = _numbered(1000)
    plan = plan_fim(prefix, "", template="starcoder", budget=100)
    assert plan.prompt == f"<fim_prefix>{plan.context.prefix}<fim_suffix><fim_middle>"
    assert len(plan.context.prefix) <= 100


def test_plan_suffix_kind() -> None:
    plan = plan_fim(PRE, SUF, supports_suffix=True)
    assert plan.kind == "suffix" and plan.prompt == PRE and plan.suffix == SUF and plan.stop == ()


def test_plan_chat_kind() -> None:
    plan = plan_fim(PRE, SUF, chat=True, temperature=None)
    assert plan.kind == "chat" and plan.prompt == "" and plan.temperature is None
    system, user = plan.messages
    assert system["role"] == "system" and "only the code" in system["content"]
    assert user["role"] == "user"
    assert f"```python\ndef add(a, b):\n    {HOLE}\n\nprint(add(1, 2))\n\n```" in user["content"]


def test_plan_chat_fence_outgrows_backticks_in_the_code() -> None:
    plan = plan_fim('s = """```"""\n', "", chat=True)
    assert "````python\n" in plan.messages[1]["content"]


def test_plan_prefix_kind_for_models_without_fim() -> None:
    prefix = _numbered(1000) + "def add(a, b):\n    "
    plan = plan_fim(prefix, "\n    return total\n", prefix_chars=200)
    assert plan.kind == "prefix" and plan.temperature == 0.0 and plan.suffix is None
    assert len(plan.prompt) <= 200 and plan.prompt.endswith("def add(a, b):\n    ") and plan.prompt.startswith("L")
    assert plan.stop == ("\n\n\n", "\ndef ", "\nclass ", "\nasync def ", "\n```", "\n    return total")


def test_plan_precedence_template_then_suffix_then_chat_then_prefix() -> None:
    assert plan_fim(PRE, SUF, template="codellama", supports_suffix=True, chat=True).kind == "template"
    assert plan_fim(PRE, SUF, supports_suffix=True, chat=True).kind == "suffix"
    assert plan_fim(PRE, SUF, chat=True).kind == "chat"
    assert plan_fim(PRE, SUF).kind == "prefix"


def test_plan_unknown_template_is_a_clear_error() -> None:
    with pytest.raises(UnknownFimTemplate, match="'starcoder3'"):
        plan_fim(PRE, SUF, template="starcoder3")


# --- post-processing ---------------------------------------------------------------------------------------------


def _ctx(prefix: str, suffix: str = "") -> FimContext:
    return build_context(prefix, suffix)


def test_repeated_suffix_line_is_removed() -> None:
    prefix = "def mean(xs):\n    "
    suffix = "\n    return total / len(xs)\n"
    raw = "total = sum(xs)\n    return total / len(xs)\n"
    assert clean_suggestion(raw, _ctx(prefix, suffix)) == "total = sum(xs)"


def test_rest_of_cursor_line_repeated_at_the_end_is_removed() -> None:
    prefix = "values = sorted("
    suffix = ")\nprint(values)\n"
    assert clean_suggestion("data, key=len)", _ctx(prefix, suffix)) == "data, key=len"


def test_chat_fence_is_stripped_and_prefix_line_not_repeated() -> None:
    prefix = "def mean(xs):\n    total = "
    suffix = "\n    return total / len(xs)\n"
    raw = "Here is the code:\n```python\n    total = sum(xs)\n```\nThis sums the list."
    assert clean_suggestion(raw, _ctx(prefix, suffix), chat=True) == "sum(xs)"


def test_chat_answer_repeating_the_def_line_loses_it() -> None:
    prefix = "def add(a, b):\n"
    raw = "```py\ndef add(a, b):\n    return a + b\n```"
    assert clean_suggestion(raw, _ctx(prefix, "\n"), chat=True) == "    return a + b"


def test_chat_answer_restating_the_def_and_docstring_loses_them_and_the_indentation() -> None:
    prefix = 'def count(text):\n    """How many vowels."""\n    '
    raw = '```python\ndef count(text):\n    """How many vowels."""\n    return sum(c in "aeiou" for c in text)\n```'
    assert clean_suggestion(raw, _ctx(prefix, "\n"), chat=True) == 'return sum(c in "aeiou" for c in text)'


def test_chat_answer_repeating_the_cursor_indentation_loses_it() -> None:
    raw = "```python\n    return a + b\n```"
    assert clean_suggestion(raw, _ctx(PRE, SUF), chat=True) == "return a + b"


def test_unclosed_fence_and_no_fence() -> None:
    assert strip_code_fences("```python\nx = 1\ny = 2") == "x = 1\ny = 2"
    assert strip_code_fences("x = 1") == "x = 1"


def test_dedent_below_the_cursor_ends_the_suggestion() -> None:
    prefix = "class Stack:\n    def push(self, item):\n        "
    raw = "self.items.append(item)\n        return None\n    def pop(self):\n        return self.items.pop()"
    assert clean_suggestion(raw, _ctx(prefix)) == "self.items.append(item)\n        return None"


def test_blank_line_run_ends_the_suggestion_but_one_blank_line_does_not() -> None:
    prefix = "def f(xs):\n    "
    raw = "ys = [x * 2 for x in xs]\n\n    return ys\n\n\n    print(ys)"
    assert clean_suggestion(raw, _ctx(prefix)) == "ys = [x * 2 for x in xs]\n\n    return ys"


def test_new_top_level_def_ends_the_suggestion() -> None:
    prefix = "import math\n\n"
    raw = "def area(r):\n    return math.pi * r * r\ndef perimeter(r):\n    return 2 * math.pi * r"
    assert clean_suggestion(raw, _ctx(prefix)) == "def area(r):\n    return math.pi * r * r"


def test_code_fence_in_a_completion_ends_it() -> None:
    raw = "return a + b\n```\n\nThat adds the numbers."
    assert clean_suggestion(raw, _ctx(PRE, SUF)) == "return a + b"


def test_stop_strings_are_applied_client_side() -> None:
    plan = plan_fim(PRE, SUF, template="starcoder")
    assert plan.clean("return a + b<|endoftext|><fim_prefix>junk") == "return a + b"


def test_plan_clean_for_prefix_continuation_of_smollm2_style_output() -> None:
    prefix = "def is_even(n):\n    "
    plan = plan_fim(prefix, "\n")
    raw = 'return n % 2 == 0\n\n\ndef is_odd(n):\n    return n % 2 == 1\n\nprint("done")'
    assert plan.clean(raw) == "return n % 2 == 0"


# --- suggestion length policy ------------------------------------------------------------------------------------


def test_fixed_length() -> None:
    policy = LengthPolicy.fixed(48)
    assert [policy.draw(random.Random(i)) for i in range(5)] == [48] * 5


def test_gaussian_length_bounds_seed_and_mean() -> None:
    policy = LengthPolicy.real_human_eval()
    draws = [policy.draw(random.Random(7)) for _ in range(3)]
    assert len(set(draws)) == 1  # same seed, same draw
    sample = policy.sampler(seed=123)
    values = [sample() for _ in range(20000)]
    assert min(values) >= 10 and max(values) <= 120
    assert min(values) <= 12 and max(values) >= 118  # the whole range is reached
    assert all(isinstance(v, int) for v in values)
    assert abs(statistics.fmean(values) - 64.34) < 1.0  # the truncated, rounded Gaussian's mean (sd 32)
    again = policy.sampler(seed=123)
    assert [again() for _ in range(100)] == values[:100]
    other = policy.sampler(seed=124)
    assert [other() for _ in range(100)] != values[:100]


def test_length_policy_validation() -> None:
    with pytest.raises(ValueError, match="tokens"):
        LengthPolicy.fixed(0)
    with pytest.raises(ValueError, match="low"):
        LengthPolicy.gaussian(low=50, high=10)
    with pytest.raises(ValueError, match="mean"):
        LengthPolicy.gaussian(mean=500)
    with pytest.raises(ValueError, match="sd"):
        LengthPolicy.gaussian(sd=0)
