"""Model cards: everything the store knows about one model through the bench, arena, study and collab
lenses (and its calls' latency and cost), and where the lenses disagree. See docs/models-card.md."""

from .card import LENS_LABELS, ModelCard, compare_models, disagreements, known_models, model_card, rank_agreement
from .figures import Figure, mean_figure, rate_figure
from .lenses import Group, Lens, collab_sessions
from .view import LensView, TableView, card_view, fmt, settings_text

__all__ = ["LENS_LABELS", "Figure", "Group", "Lens", "LensView", "ModelCard", "TableView", "card_view",
           "collab_sessions", "compare_models", "disagreements", "fmt", "known_models", "mean_figure", "model_card",
           "rank_agreement", "rate_figure", "settings_text"]
