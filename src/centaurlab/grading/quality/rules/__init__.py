"""The built-in rules; importing this package registers them."""

from . import (  # noqa: F401  (imported for their @quality_rule registrations)
    _arguments,
    _bumpy_road,
    _complex_conditional,
    _complex_method,
    _deep_nesting,
    _duplication,
    _global_state,
    _large_method,
    _module_conditions,
    _overall_complexity,
)
