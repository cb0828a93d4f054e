"""The examples shipped with hanabi-solitaire, installed as the package data of ``solitaire.instances``.

Read them through :mod:`solitaire.examples` (or ``hanabi-solitaire examples``).
"""
