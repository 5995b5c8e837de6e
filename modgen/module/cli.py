"""Placeholder: filled in by the stage that owns it."""
from ..errors import ModgenError


def add_arguments(parser):
    parser.add_argument("args", nargs="*")


def run(args):
    raise ModgenError("not implemented yet")
