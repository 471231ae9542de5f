"""The generation experiment: models x strategies x replicates, each agent stored as it finishes.

A strategy with a base (IR, CR and GEN start from A1) generates its base first, for the same model
and replicate; the base is an agent of its own and is reused, never asked twice. Model errors
(an endpoint down, a key missing) stop that agent without marking it failed, so a rerun tries it
again; everything the agent's generation decided (answers, checks) is stored step by step.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ... import store
from ...models import Message, ModelError, ModelProvider, Registry, StoredProvider
from . import _tables as gen_store
from ._check import CheckResult, CheckSpec, library_name, scores_text
from ._debug_loop import Checker, LoopLimits, LoopResult, run_loop
from ._extract import strip_fence
from ._naming import DEFAULT_RUN, agent_name, default_critic
from ._steps import Params, StepLog
from ._strategies import SMALL_CONTEXT, Strategy, load_strategy, template_text

Event = Callable[[str, dict[str, Any]], None]


@dataclass(frozen=True)
class GenerationSpec:
    """One generation experiment. Every default is the APDP paper's protocol (docs/arena-llm.md lists
    where ours differs): the debug loop's limits are `LoopLimits`'; no cap on an answer's length but the
    model's own (the paper's authors used the models' chat applications); and the agents get the world,
    its rules and I/O only (`helpers=False`), as the paper's LLM agents wrote their own planning. With
    `helpers=True` they may import the platform's planner (centaur_arena's Fleet, Schedule, improve),
    and every result made so says it."""

    models: tuple[str, ...]
    strategies: tuple[str, ...] = ("A1", "A2", "IR", "CR", "GEN")
    replicates: int = 2
    critic: str | None = None  # None: the strongest registered model, else the author
    debug_rounds: int = LoopLimits.rounds  # per attempt
    check: CheckSpec = field(default_factory=CheckSpec)
    temperature: float | None = None  # None: each model's default
    max_tokens: int | None = None  # None: the model's own limit (what its context leaves)
    run: str = DEFAULT_RUN
    restarts: int = LoopLimits.restarts
    same_failure_rounds: int = LoopLimits.same_failure
    helpers: bool = False

    def __post_init__(self) -> None:
        if not self.models or not self.strategies:
            raise ValueError("name at least one model (-m) and one strategy")
        if self.replicates < 1:
            raise ValueError("replicates must be at least 1")
        self.limits()  # checks its numbers
        if self.check.helpers != self.helpers:  # the check's sandbox gives what the agents were told of
            object.__setattr__(self, "check", replace(self.check, helpers=self.helpers))

    def limits(self) -> LoopLimits:
        return LoopLimits(self.debug_rounds, self.same_failure_rounds, self.restarts)

    @property
    def library(self) -> str:
        """What the agents may import, as every result names it: `world` (the paper's) or `helpers`."""
        return library_name(self.helpers)


@dataclass
class Outcome:
    name: str
    model: str
    strategy: str
    replicate: int
    status: str  # passed | failed | error (a model error: rerun to resume)
    failure_kind: str | None = None
    debug_rounds: int = 0
    source: str | None = None
    prompt: str = ""
    answer: str = ""
    check: dict[str, Any] | None = None
    error: str | None = None
    asked: int = 0  # requests sent to a model in this run for this agent (0 when read back)
    restarts: int = 0  # fresh conversations after the first
    library: str = "world"  # what the agent could import: world (the paper's protocol) or helpers

    def summary(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("source", "prompt", "answer", "check"):
            data.pop(key)
        return data


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Generator:
    def __init__(self, spec: GenerationSpec, registry: Registry, database_url: str, *,
                 checker: Checker | None = None, on_event: Event | None = None) -> None:  # fmt: skip
        self.spec = spec
        self.registry = registry
        self.url = database_url
        self.checker = checker
        self.on_event = on_event or (lambda _kind, _data: None)
        self._providers: dict[str, ModelProvider] = {}
        self._done: dict[str, Outcome] = {}

    def provider(self, model: str) -> ModelProvider:
        if model not in self._providers:
            inner = self.registry.provider(model)
            self._providers[model] = StoredProvider(inner, self.url, run_id=f"arena-generate:{self.spec.run}")
        return self._providers[model]

    def critic_of(self, author: str) -> str:
        return self.spec.critic or default_critic(self.registry, author)

    def settings(self, model: str, strategy: Strategy) -> dict[str, Any]:
        """What identifies an agent's generation: rerunning with other settings is refused, not mixed."""
        cfg = self.registry.get(model)
        data: dict[str, Any] = {
            "model_id": cfg.model_id, "endpoint": cfg.base_url or cfg.provider, "strategy_sha256": _sha(strategy.text),
            "template_sha256": _sha(template_text(self.spec.helpers)),
            "debug_rounds": self.spec.debug_rounds, "check": self.spec.check.to_json(),
            "temperature": self.spec.temperature, "max_tokens": self.spec.max_tokens,
            "restarts": self.spec.restarts, "same_failure_rounds": self.spec.same_failure_rounds,
            "agent_library": self.spec.library,
        }  # fmt: skip
        if strategy.kind in ("critic", "rewrite"):
            data["critic"] = self.critic_of(model)
        if self.compact(model):  # only then: agents of other models keep their stored settings
            data["compact_prompt"] = True
        return data

    def compact(self, model: str) -> bool:
        """Whether the model's context window is small enough to get the condensed prompt."""
        context = self.registry.get(model).context_tokens
        return context is not None and context <= SMALL_CONTEXT

    # -- one agent -------------------------------------------------------------------------------

    def agent(self, model: str, strategy_name: str, replicate: int) -> Outcome:
        strategy = load_strategy(strategy_name)
        name = agent_name(model, strategy.name, replicate, self.spec.run)
        if name in self._done:
            return self._done[name]
        base = self.agent(model, strategy.base, replicate) if strategy.base else None
        if base is not None and base.status == "error":  # nothing to start from yet: rerun to resume
            return Outcome(name, model, strategy.name, replicate, "error", error=f"its base {base.name}: {base.error}",
                           library=self.spec.library)
        critic = self.critic_of(model) if strategy.kind in ("critic", "rewrite") else None
        fields = {"run": self.spec.run, "model": model, "strategy": strategy.name, "replicate": replicate,
                  "critic": critic}  # fmt: skip
        with store.session_scope(self.url) as session:
            row = gen_store.ensure_generated_agent(session, name, fields, self.settings(model, strategy))
            if row.status in gen_store.FINISHED:
                outcome = _stored_outcome(row)
                self._done[name] = outcome
                self.on_event("agent", outcome.summary())
                return outcome
        self.on_event("start", {"name": name})
        log = StepLog(self.url, name)
        params = Params(self.spec.temperature, self.spec.max_tokens, seed=replicate)
        try:
            outcome = self._generate(log, name, fields, strategy, base, critic, params)
        except ModelError as exc:
            outcome = Outcome(name, model, strategy.name, replicate, "error", error=str(exc), asked=log.asked,
                              library=self.spec.library)
        self._done[name] = outcome
        self.on_event("agent", outcome.summary())
        return outcome

    def _generate(self, log: StepLog, name: str, fields: dict[str, Any], strategy: Strategy, base: Outcome | None,
                  critic: str | None, params: Params) -> Outcome:  # fmt: skip
        model = fields["model"]
        author = self.provider(model)
        provenance: dict[str, Any] = {"kind": strategy.kind, "strategy_file": strategy.path, "base": base and base.name,
                                      "critic": critic}  # fmt: skip
        if strategy.kind == "direct":
            prompt = strategy.render_for("author", self.compact(model), self.spec.helpers)
            messages = [Message("user", prompt)]
        else:
            assert base is not None
            prompt = base.prompt
            history = [Message("user", base.prompt), Message("assistant", _as_answer(base))]
            if strategy.kind == "refine":
                scores = scores_text(CheckResult.from_json(base.check)) if base.check else "(no results)"
                messages = [*history, Message("user", strategy.render("feedback", self.spec.helpers, scores=scores))]
            elif strategy.kind == "critic":
                assert critic is not None
                ask = strategy.render_for("critic", self.compact(critic), self.spec.helpers,
                                      agent_code=base.source or "(the agent wrote no code)")
                advice = log.ask(self.provider(critic), "critic", 0, [Message("user", ask)], params).answer
                provenance["improvements"] = advice
                messages = [*history, Message("user", strategy.render_for("author", self.compact(model),
                                                                      self.spec.helpers, improvements=advice))]
            else:  # rewrite
                assert critic is not None
                ask = strategy.render_for("rewrite", self.compact(critic), self.spec.helpers, prompt=base.prompt)
                rewritten = log.ask(self.provider(critic), "rewrite", 0, [Message("user", ask)], params).answer
                prompt = strip_fence(rewritten)
                provenance["rewritten_prompt"] = prompt
                messages = [Message("user", prompt)]
        result = run_loop(log, author, messages, params, self.spec.check, self.spec.limits(), checker=self.checker,
                          on_round=lambda r, c: self.on_event("round", {"name": name, "round": r, "ok": c.ok,
                                                                        "kind": c.kind}))  # fmt: skip
        return self._finish(log, name, fields, prompt, provenance, result)

    def _finish(self, log: StepLog, name: str, fields: dict[str, Any], prompt: str, provenance: dict[str, Any],
                result: LoopResult) -> Outcome:  # fmt: skip
        status = "passed" if result.passed else "failed"
        provenance.update(prompt=prompt, answer=result.answer, check=result.check.to_json(),
                          round_kinds=result.kinds, restarts=result.restarts, attempt_kinds=result.attempts,
                          agent_library=self.spec.library, steps=log.seq)  # fmt: skip
        source = result.code
        log.finish(status=status, failure_kind=result.kind, debug_rounds=result.rounds, source=source,
                   sha256=_sha(source) if source else None, provenance=provenance)  # fmt: skip
        return Outcome(name, fields["model"], fields["strategy"], fields["replicate"], status, result.kind,
                       result.rounds, source, prompt, result.answer, result.check.to_json(),
                       asked=log.asked, restarts=result.restarts, library=self.spec.library)  # fmt: skip


def _as_answer(outcome: Outcome) -> str:
    """The base agent as its author's turn in the conversation: its code, or what it answered."""
    return f"```python\n{outcome.source}```" if outcome.source else outcome.answer


def _stored_outcome(row: gen_store.GeneratedAgent) -> Outcome:
    p = row.provenance or {}
    return Outcome(row.name, row.model, row.strategy, row.replicate, row.status, row.failure_kind, row.debug_rounds,
                   row.source, p.get("prompt", ""), p.get("answer", ""), p.get("check"),
                   restarts=int(p.get("restarts", 0)), library=gen_store.library_of(row))  # fmt: skip


def generation_plan(spec: GenerationSpec) -> list[tuple[str, str, int]]:
    """(model, strategy, replicate) in the order they are generated."""
    return [(m, s, r) for m in spec.models for r in range(1, spec.replicates + 1) for s in spec.strategies]


def run_generation(spec: GenerationSpec, registry: Registry, database_url: str, *, checker: Checker | None = None,
                   on_event: Event | None = None) -> list[Outcome]:  # fmt: skip
    """Generate (or read back) every agent of the spec; returns one outcome per requested agent."""
    for strategy in spec.strategies:
        load_strategy(strategy)  # a bad strategy file fails before any model is asked
    for model in spec.models:
        registry.get(model)
    if spec.critic:
        registry.get(spec.critic)
    generator = Generator(spec, registry, database_url, checker=checker, on_event=on_event)
    return [generator.agent(m, s, r) for m, s, r in generation_plan(spec)]
