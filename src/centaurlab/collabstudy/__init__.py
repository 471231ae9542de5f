"""Collaboration studies (CollabSkill 2 of 2): people working occupational tasks with agents in the
browser, the paper's survey, append-only events, and the study's analyses. Built on `collab`
(tasks, harness, judges, ratings) and on `study`'s survey questions.

See docs/collab-study.md.
"""

from .review import SessionReview, session_review

__all__ = ["SessionReview", "session_review"]
