"""The sections of the proposal, each a function from the proposal context to a list of flowables."""
