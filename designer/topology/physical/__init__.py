"""The physical layer of a design: cages and lanes behind every port, and the cables and optics each link needs.

`layout` maps a node's ports onto its model's front-panel cages; `hardware` picks, cage by cage, the cable
assemblies and transceivers that real equipment takes; `schedule` does it for a whole design.
"""
