"""Queue dynamics: a time-stepped fluid model of per-port queues with PFC, ECN/DCQCN, IB credits and a lossy front-end.

The model is vectorised over "flow-hops": every flow crossing a port has its own backlog there. Each step moves
bytes hop by hop at each port's service rate, with the flow-control rule of the link (PFC pause, IB credits, or
drop when the buffer is full) and the sender's congestion control (DCQCN, TCP-like AIMD, or none).
"""

from designer.sim.dynamics.network import FlowSet, PortSet
from designer.sim.dynamics.stepper import DynamicsResult, FluidSimulator

__all__ = ["PortSet", "FlowSet", "FluidSimulator", "DynamicsResult"]
