"""Native fill-in-the-middle prompt templates of code models, registered by name.

Pure data and string functions, no I/O. A template turns (prefix, suffix) into the single completion prompt a
FIM-trained model expects, and names the stop strings that end the middle part. Token spellings follow each
family's tokenizer (CodeLlama's ``tokenizer_config.json``, the DeepSeek-Coder and Qwen2.5-Coder READMEs,
StarCoder's FIM tokens, mistral-common's FIM encoding for Codestral). BOS tokens are left to the server, which
adds them when it tokenises the prompt.

Register another family the same way the built-ins are registered::

    @fim_template("mymodel", stop=("<|end|>",), aliases=("mymodel-base",))
    def _mymodel(prefix: str, suffix: str) -> str:
        return f"<pre>{prefix}<suf>{suffix}<mid>"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import NotFound

RenderFn = Callable[[str, str], str]


@dataclass(frozen=True)
class FimTemplate:
    """A named FIM prompt format: ``render(prefix, suffix)`` gives the prompt, ``stop`` ends the middle."""

    name: str
    render_fn: RenderFn
    stop: tuple[str, ...]
    aliases: tuple[str, ...] = ()

    def render(self, prefix: str, suffix: str) -> str:
        return self.render_fn(prefix, suffix)


class UnknownFimTemplate(NotFound, ValueError):
    """A FIM template name that is not registered; the message lists the known names."""


_TEMPLATES: dict[str, FimTemplate] = {}
_ALIASES: dict[str, str] = {}


def _key(name: str) -> str:
    return name.strip().lower()


def register_fim_template(template: FimTemplate) -> FimTemplate:
    """Add ``template`` to the registry under its name and aliases (re-registering a name replaces it)."""
    _TEMPLATES[_key(template.name)] = template
    for alias in template.aliases:
        _ALIASES[_key(alias)] = _key(template.name)
    return template


def fim_template(name: str, *, stop: tuple[str, ...], aliases: tuple[str, ...] = ()) -> Callable[[RenderFn], RenderFn]:
    """Decorator registering a render function ``(prefix, suffix) -> prompt`` as the template ``name``."""

    def decorate(fn: RenderFn) -> RenderFn:
        register_fim_template(FimTemplate(name=name, render_fn=fn, stop=stop, aliases=aliases))
        return fn

    return decorate


def get_fim_template(name: str) -> FimTemplate:
    """The template registered as ``name`` or one of its aliases (case-insensitive)."""
    key = _key(name)
    key = _ALIASES.get(key, key)
    try:
        return _TEMPLATES[key]
    except KeyError:
        known = ", ".join(fim_template_names())
        raise UnknownFimTemplate(
            f"unknown FIM template {name!r}; known templates: {known} "
            "(set the model's fim_template to one of these, or leave it empty to use the suffix parameter, "
            "a chat prompt or prefix continuation)"
        ) from None


def fim_template_names() -> list[str]:
    """Registered template names (not aliases), sorted."""
    return sorted(_TEMPLATES)


# --- built-in families -------------------------------------------------------------------------------------------


@fim_template("codellama", stop=("<EOT>",), aliases=("code-llama", "codellama-infill"))
def _codellama(prefix: str, suffix: str) -> str:
    # <PRE> is CodeLlama's FIM token, not HTML.
    # The spaces are part of the trained format (SentencePiece meta-spaces around the sentinel tokens).
    return f"<PRE> {prefix} <SUF>{suffix} <MID>"


_STARCODER_STOP = ("<|endoftext|>", "<fim_prefix>", "<fim_suffix>", "<fim_middle>", "<file_sep>")


@fim_template("starcoder", stop=_STARCODER_STOP, aliases=("starcoder2", "starcoderbase", "bigcode", "stable-code"))
def _starcoder(prefix: str, suffix: str) -> str:
    return f"<fim_prefix>{prefix}<fim_suffix>{suffix}<fim_middle>"


# DeepSeek-Coder's sentinels use FULLWIDTH VERTICAL LINE (U+FF5C) and LOWER ONE EIGHTH BLOCK (U+2581), not "|"/"_".
_DS_BEGIN = "<\uff5cfim\u2581begin\uff5c>"
_DS_HOLE = "<\uff5cfim\u2581hole\uff5c>"
_DS_END = "<\uff5cfim\u2581end\uff5c>"
_DS_EOS = "<\uff5cend\u2581of\u2581sentence\uff5c>"


@fim_template("deepseek-coder", stop=(_DS_EOS, "<|EOT|>", _DS_BEGIN, _DS_HOLE, _DS_END), aliases=("deepseek",))
def _deepseek_coder(prefix: str, suffix: str) -> str:
    return f"{_DS_BEGIN}{prefix}{_DS_HOLE}{suffix}{_DS_END}"


_QWEN_STOP = (
    "<|endoftext|>",
    "<|fim_prefix|>",
    "<|fim_suffix|>",
    "<|fim_middle|>",
    "<|fim_pad|>",
    "<|repo_name|>",
    "<|file_sep|>",
    "<|im_start|>",
    "<|im_end|>",
)


@fim_template("qwen2.5-coder", stop=_QWEN_STOP, aliases=("qwen-coder", "qwen2.5", "qwen"))
def _qwen25_coder(prefix: str, suffix: str) -> str:
    return f"<|fim_prefix|>{prefix}<|fim_suffix|>{suffix}<|fim_middle|>"


@fim_template("codestral", stop=("</s>", "[PREFIX]", "[SUFFIX]", "[MIDDLE]"), aliases=("mistral-fim",))
def _codestral(prefix: str, suffix: str) -> str:
    # Suffix-first order, as mistral-common encodes a FIMRequest.
    return f"[SUFFIX]{suffix}[PREFIX]{prefix}"
