"""What the routes share, kept on `app.state` by `create_app`."""

from __future__ import annotations

from fastapi import Request

from ..assets import Bundle
from ..catalogue import Catalogue
from ..grades import Grader
from ..runs import Runner


def catalogue_of(request: Request) -> Catalogue:
    cat: Catalogue = request.app.state.catalogue
    return cat


def runner_of(request: Request) -> Runner:
    runner: Runner = request.app.state.runner
    return runner


def grader_of(request: Request) -> Grader:
    grader: Grader = request.app.state.grader
    return grader


def bundle_of(request: Request) -> Bundle | None:
    bundle: Bundle | None = request.app.state.bundle
    return bundle
