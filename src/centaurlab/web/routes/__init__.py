"""HTTP routes, one private module per pillar or concern: _pages and _api (task banks, runs, grading),
_health, _participant and _study_api (user studies), _dashboard, _arena, _bench."""
