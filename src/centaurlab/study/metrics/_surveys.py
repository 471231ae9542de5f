"""Exit-survey scores: NASA-TLX workload and the AI helpfulness rating."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ._events import field, of_type, prepare

TLX_ITEMS = ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance", "tlx_effort", "tlx_frustration")
TLX_RANGE = (1, 20)
HELPFULNESS = "ai_helpfulness"
HELPFULNESS_RANGE = (1, 10)
TYPICAL_USAGE = "typical_usage"
SURVEY_COLUMNS = ("participant_id", *TLX_ITEMS, "tlx_mean", HELPFULNESS, TYPICAL_USAGE)


def survey_metrics(events: pd.DataFrame) -> pd.DataFrame:
    """One row per participant who submitted an exit survey (the last one counts if resubmitted).

    * tlx_*: the six NASA-TLX items as answered, 1 ("low") to 20 ("high"), kept item by item because that
      is how RealHumanEval reports them (appendix D.6, table 3: each item's mean per condition, no overall
      score). tlx_performance is asked as success ("How successful were you ...", appendix A.2.4), so there
      higher = better; for the others higher = more workload. Answers that are not numbers in range are
      treated as missing.
    * tlx_mean: ours (the paper has no overall score): the raw, unweighted TLX workload (Hart 2006, cited by
      the paper), the mean of the six items with the success item turned round (21 - answer) so that all six
      point towards more workload; NaN unless all six are answered.
    * ai_helpfulness: 1-10; NaN when absent (the no-AI condition is not asked).
    * typical_usage: the answer to "was today's session typical of your use of AI tools" (None if absent).
    """
    ev = prepare(events)
    exits = of_type(ev, "survey")
    exits = exits[(field(exits, "survey") == "exit").to_numpy(dtype=bool)]
    exits = exits.drop_duplicates("participant_id", keep="last")
    answers = field(exits, "answers").map(lambda a: a if isinstance(a, dict) else {})
    out = pd.DataFrame({"participant_id": exits["participant_id"].to_numpy()})
    for item in TLX_ITEMS:
        out[item] = _scores(answers, item, TLX_RANGE)
    items = out.loc[:, list(TLX_ITEMS)].assign(tlx_performance=TLX_RANGE[0] + TLX_RANGE[1] - out["tlx_performance"])
    out["tlx_mean"] = items.mean(axis=1).where(items.notna().all(axis=1))
    out[HELPFULNESS] = _scores(answers, HELPFULNESS, HELPFULNESS_RANGE)
    out[TYPICAL_USAGE] = answers.map(lambda a: a.get(TYPICAL_USAGE)).to_numpy(dtype=object)
    return out.loc[:, list(SURVEY_COLUMNS)]


def _scores(answers: pd.Series, item: str, bounds: tuple[int, int]) -> np.ndarray:
    values = pd.to_numeric(answers.map(lambda a: a.get(item)), errors="coerce").to_numpy(dtype=float)
    low, high = bounds
    return np.where((values >= low) & (values <= high), values, np.nan)
