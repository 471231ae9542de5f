"""The built-in rules; importing this package registers them."""

from . import (  # noqa: F401  (imported for their @quality_rule registrations)
    arguments,
    bumpy_road,
    complex_conditional,
    complex_method,
    deep_nesting,
    duplication,
    global_state,
    large_method,
    module_conditions,
    overall_complexity,
)
