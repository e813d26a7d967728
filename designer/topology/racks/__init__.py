"""Racks and floor: where every device stands, how long each cable runs, what each rack draws."""

from designer.topology.racks.plan import RackLoad, RackPlan, rack_plan
from designer.topology.racks.planner import plan_racks

__all__ = ["RackLoad", "RackPlan", "plan_racks", "rack_plan"]
