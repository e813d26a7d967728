"""Hand-over exports: cabling plan, bill of materials, GraphML (with import), Graphviz DOT, containerlab YAML."""
