"""Shared input and output helpers: the one error type for bad input, reading input files, writing output files
whole."""
