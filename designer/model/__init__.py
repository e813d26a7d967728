"""The fabric document: nodes, ports, links, segments, planes; file format; validation."""

from designer.model.assumptions import Assumptions
from designer.model.document import Change, FabricDocument
from designer.model.errors import ProjectError
from designer.model.fileformat import FORMAT, load, loads, save
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node, Port, PortGroup
from designer.model.segments import IBSettings, RoCESettings, Segment

__all__ = [
    "Assumptions", "Change", "FabricDocument", "ProjectError", "FORMAT", "load", "loads", "save",
    "Endpoint", "Link", "Node", "Port", "PortGroup", "IBSettings", "RoCESettings", "Segment",
]
