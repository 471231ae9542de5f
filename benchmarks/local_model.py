"""How fast the embedded local model is, and what llama.cpp's prompt cache buys autocomplete.

Measures, through the model's real OpenAI-compatible endpoint (`centaur models serve` inside the
process, as the platform uses it):

- generation speed: tokens per second over a 256-token answer, and prompt reading speed;
- autocomplete latency for a 64-token suggestion at the end of a ~1,000-token Python file: the
  first request (the whole file is read), then after a one-line edit just above the cursor (only
  the edited tail is read again: llama.cpp keeps the common prefix of the previous prompt), and
  after an edit in the middle of the file (half the file is read again);

each as a ratio to the baseline measured in the same run: generating the same 64 tokens after a
one-token prompt. Then the same two autocomplete requests as the platform sends them to `local`
(`plan_fim` prefix continuation: only the tail of the code before the cursor). Suggestions are
forced to exactly 64 tokens (`ignore_eos`), temperature 0.

    python benchmarks/local_model.py            # 3 repetitions, median reported
    python benchmarks/local_model.py --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from centaurlab.models import PREFIX_CONTINUATION_CHARS, CompletionRequest, ModelResponse, load_registry, plan_fim

SUGGESTION_TOKENS = 64


def python_file(target_tokens: int = 1000) -> str:
    """A plausible module of small functions, about `target_tokens` tokens long (~3.3 characters a token)."""
    parts = ['"""Inventory helpers."""\n\nfrom __future__ import annotations\n\n']
    i = 0
    while sum(len(p) for p in parts) < target_tokens * 3.3:
        parts.append(
            f"def restock_{i}(items: dict[str, int], threshold: int = {i + 3}) -> list[str]:\n"
            f'    """Names of the items below {i + 3} units, sorted."""\n'
            f"    low = [name for name, count in items.items() if count < threshold]\n"
            f"    return sorted(low)\n\n\n"
        )
        i += 1
    parts.append("def total_value(items: dict[str, int], prices: dict[str, float]) -> float:\n    total = 0.0\n")
    return "".join(parts)


def edit_line(text: str, line_from_end: int | None = None, middle: bool = False) -> str:
    lines = text.split("\n")
    index = len(lines) // 2 if middle else len(lines) - 1 - (line_from_end or 2)
    lines[index] = lines[index] + "  # checked"
    return "\n".join(lines)


def timed(call: Callable[[], ModelResponse]) -> tuple[float, ModelResponse]:
    started = time.perf_counter()
    response = call()
    return time.perf_counter() - started, response


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    started = time.perf_counter()
    model = load_registry().provider("local")  # starts the embedded server
    model.complete(CompletionRequest("x", max_tokens=1))
    print(f"server start and first token: {time.perf_counter() - started:.2f} s")
    fixed = {"ignore_eos": True, "cache_prompt": True}

    def suggest(prompt: str, tokens: int = SUGGESTION_TOKENS, stream: bool = False) -> Callable[[], ModelResponse]:
        request = CompletionRequest(prompt, temperature=0.0, max_tokens=tokens, extra=fixed, stream=stream)
        return lambda: model.complete(request)

    base = python_file()
    # streamed, so that the time to the first token is real and the rest is pure generation
    long_answer = [timed(suggest("def main():\n", 256, stream=True)) for _ in range(args.repeat)]
    gen_rates = [(r.usage.completion_tokens - 1) / (r.latency_s - (r.first_token_s or 0.0)) for _, r in long_answer
                 if r.usage.completion_tokens and r.first_token_s]

    no_prompt, first, tail_edit, middle_edit, prompt_rates = [], [], [], [], []
    for k in range(args.repeat):
        source = base.replace("restock_", f"restock{k}_")  # a new file each round: nothing cached from before
        no_prompt.append(timed(suggest(f"{k}"))[0])
        seconds, response = timed(suggest(source))
        first.append(seconds)
        if response.usage.prompt_tokens:
            prompt_rates.append(response.usage.prompt_tokens / max(1e-9, seconds - no_prompt[-1]))
        tail_edit.append(timed(suggest(edit_line(source)))[0])
        middle_edit.append(timed(suggest(edit_line(source, middle=True)))[0])
    planned_first, planned_edit = [], []
    for k in range(args.repeat):
        source = base.replace("restock_", f"restock{k}p_").replace("total = 0.0", f"total = {k}.0")
        for text, out in ((source, planned_first), (edit_line(source), planned_edit)):
            plan = plan_fim(text, "")  # what the study's autocomplete sends to `local`: the prefix's tail
            out.append(timed(suggest(plan.prompt))[0])
    tokens = long_answer[0][1].usage.prompt_tokens
    prompt_tokens = timed(suggest(base, 1))[1].usage.prompt_tokens

    def median(values: list[float]) -> float:
        return statistics.median(values)

    baseline = median(no_prompt)
    print(f"prompt of the 256-token answer: {tokens} tokens; the file: {prompt_tokens} tokens")
    print(f"generation:             {median(gen_rates):6.1f} tokens/s")
    print(f"prompt reading:         {median(prompt_rates):6.1f} tokens/s")
    print(f"64 tokens, no prompt:   {baseline:6.2f} s   (baseline)")
    print(f"first request:          {median(first):6.2f} s   {median(first) / baseline:5.2f}x baseline")
    print(f"after a one-line edit:  {median(tail_edit):6.2f} s   {median(tail_edit) / baseline:5.2f}x baseline"
          "   (edit two lines above the cursor)")
    print(f"edit mid-file:          {median(middle_edit):6.2f} s   {median(middle_edit) / baseline:5.2f}x baseline")
    print(f"prompt cache saves {1 - median(tail_edit) / median(first):.0%} of the first request's latency")
    print(f"as the platform asks (plan_fim: the last {PREFIX_CONTINUATION_CHARS} characters before the cursor):")
    print(f"  first request:        {median(planned_first):6.2f} s   {median(planned_first) / baseline:5.2f}x baseline")
    print(f"  after a one-line edit:{median(planned_edit):6.2f} s   {median(planned_edit) / baseline:5.2f}x baseline")


if __name__ == "__main__":
    main()
