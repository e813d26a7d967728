"""Queue dynamics: a time-stepped fluid model of per-port queues with PFC, ECN/DCQCN, InfiniBand credits, lossy
drops and their recovery.

One mechanism per module, each with its equation or standard: pfc.py, credits.py, ecn.py, dcqcn.py, aimd.py,
loss.py, shared_buffer.py, delivery_time.py; kernel.py composes them into one compiled step (jit.py says why and
how it is compiled) of a few passes, each in a module of its own: backlogs.py adds up the queues, serve.py sets what
each port sends, moves.py moves the bytes a hop, delivery.py injects, drops, delivers and reacts; layout.py names the
columns of the arrays they share. step_halves.py runs the step's flow passes in two halves of the flows and halves.py
holds what those add; stepper.py holds a run's state and runs it in windows, links.py indexes its flows' nodes;
steady.py tells when the network is steady and jumps.py jumps over it; network.py is what it is given.
"""

from designer.sim.dynamics.network import FlowSet, PortSet
from designer.sim.dynamics.stepper import DynamicsResult, FluidSimulator

__all__ = ["PortSet", "FlowSet", "FluidSimulator", "DynamicsResult"]
