"""Topology: generators (leaf-spine, 2- and 3-tier fat-tree, rail-optimized, rail-only, multi-plane, hybrid pods,
front-end), tier-aware auto-layout, design-rule checks, bill of materials and cost."""

from designer.topology.generate import GENERATOR_KINDS, Plan, generate, plan
from designer.topology.layout import auto_layout

__all__ = ["GENERATOR_KINDS", "Plan", "auto_layout", "generate", "plan"]
