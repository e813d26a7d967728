"""Fabric Designer: draw, simulate and cost the network of an AI cluster."""

__version__ = "0.1.0"
