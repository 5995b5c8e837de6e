"""modgen: build VASSAL modules from wargame data, and check VASSAL logs against the rules."""

#: the one version number (pyproject.toml reads it; ``modgen --version`` prints it)
__version__ = "0.1.0"
