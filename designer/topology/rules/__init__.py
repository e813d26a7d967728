"""Design-rule checks, one module per group of rules; `designer.topology.checks` runs them all."""
