"""Model cards: everything the store knows about one model through the bench, arena, study and collab
lenses (and its calls' latency and cost), and where the lenses disagree; and, per task of a bank, the model
alone beside people alone and people with each assistant (the centaur comparison). See docs/models-card.md."""

from .card import (
           FIGURE_OF,
           LENS_LABELS,
           ModelCard,
           compare_models,
           disagreements,
           known_models,
           model_card,
           rank_agreement,
)
from .centaurs import NO_CLEAR_BEST, Comparison, centaur_comparison
from .figures import Figure, mean_figure, rate_figure
from .lenses import Group, Lens, collab_sessions
from .view import LensView, TableView, card_view, cell_text, fmt, reported, settings_text

__all__ = ["FIGURE_OF", "LENS_LABELS", "NO_CLEAR_BEST", "Comparison", "Figure", "Group", "Lens", "LensView",
           "ModelCard", "TableView", "card_view", "cell_text", "centaur_comparison", "collab_sessions",
           "compare_models", "disagreements", "fmt", "known_models", "mean_figure", "model_card", "rank_agreement",
           "rate_figure", "reported", "settings_text"]
