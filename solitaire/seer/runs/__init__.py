"""Batch runs and applications: ``bound``, ``table`` and ``analyze`` as library calls, their row
files, the evaluation of agents' scores, the hard deals, and the reports and plots of an analysis.

The top layer of :mod:`solitaire.seer`: it may import every other layer, and none imports it.
``boundrun``, ``exactrun`` (with the compact rows of ``tabledeals``) and ``analyzerun`` are the
runs; ``rowfile`` writes, locks and resumes their rows; ``analysis`` finds where a game was lost,
``report`` and ``plot`` show it; ``evaluation`` joins agents' scores to rows; ``harddeals``
re-proves the shipped hard deals.
"""
