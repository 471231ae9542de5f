"""HTTP routes, one module per pillar or concern: pages and api (task banks, runs, grading), health,
participant and study_api (user studies), dashboard, arena, bench."""
