"""Solitaire Hanabi: model, formats, referee and exact solvers (Baffier et al., 2016)."""

from .errors import InputError
from .model import Instance

__all__ = ["Instance", "InputError"]
