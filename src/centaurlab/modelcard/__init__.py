"""Model cards: everything the store knows about one model through the bench, arena, study and collab
lenses (and its calls' latency and cost), and where the lenses disagree; and, per task of a bank, the model
alone beside people alone and people with each assistant (the centaur comparison). See docs/models-card.md."""

from ._card import (
           FIGURE_OF,
           LENS_LABELS,
           ModelCard,
           compare_models,
           disagreements,
           known_models,
           model_card,
           rank_agreement,
)
from ._centaurs import centaur_comparison
from ._figures import Figure, mean_figure
from ._lenses import Lens, collab_sessions
from ._view import card_view, cell_text, fmt, reported

__all__ = ["FIGURE_OF", "LENS_LABELS", "Figure", "Lens", "ModelCard", "card_view", "cell_text", "centaur_comparison",
           "collab_sessions", "compare_models", "disagreements", "fmt", "known_models", "mean_figure", "model_card",
           "rank_agreement", "reported"]
