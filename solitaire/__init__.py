"""Solitaire Hanabi: model, formats, referee and exact solvers (Baffier et al., 2016)."""

from solitaire.io.errors import InputError
from solitaire.model import Instance

__all__ = ["Instance", "InputError"]
