"""The sources a proposal cites, as a reader looks them up (title, publisher, year), and what each catalog product's
figures rest on, in the plain words of the provenance legend: vendor specification, published measurement or
estimate. The catalog keeps its own working notes on each figure; none of them reaches a proposal.

The same sources, with what each supports, are listed in docs/references.md.
"""

from __future__ import annotations

from dataclasses import dataclass

ONLINE = None       # a vendor's online documentation: cited with the year it was consulted


@dataclass(frozen=True)
class Source:
    title: str
    publisher: str
    year: int | None          # None: online documentation (the year consulted is CONSULTED)


CONSULTED = 2026

BIBLIOGRAPHY: dict[str, Source] = {
    "nvidia-qm97x0": Source("NVIDIA Quantum-2 QM97X0 InfiniBand Switch User Manual", "NVIDIA", ONLINE),
    "nvidia-xdr": Source("NVIDIA Quantum-X800 XDR InfiniBand Switch Systems User Manual", "NVIDIA", 2024),
    "nvidia-sn5000": Source("NVIDIA Spectrum SN5000 Series Switch User Manual", "NVIDIA", ONLINE),
    "broadcom-th5": Source("Tomahawk 5 switch chip launch announcement", "Broadcom", 2022),
    "amd-drivenets": Source("AI cluster system reference architecture (switch power tables)", "AMD and DriveNets",
                            ONLINE),
    "cisco-g200": Source("Cisco Silicon One G200 and Nexus 9364E-SG2 coverage", "Network World", 2023),
    "arista-7050x3": Source("Arista 7050X3 Series Data Sheet", "Arista Networks", ONLINE),
    "connectx7": Source("NVIDIA ConnectX-7 Adapter Cards User Manual", "NVIDIA", ONLINE),
    "thor2": Source("Thor 2 400G Ethernet network adapter (BCM57608) product information", "Broadcom", ONLINE),
    "skyway": Source("NVIDIA Skyway InfiniBand-to-Ethernet Gateway product brief", "NVIDIA", ONLINE),
    "dgx-h100": Source("NVIDIA DGX H100 User Guide", "NVIDIA", ONLINE),
    "dgx-superpod-h100": Source("NVIDIA DGX SuperPOD Reference Architecture featuring DGX H100", "NVIDIA", ONLINE),
    "nvidia-ufm": Source("NVIDIA UFM Enterprise Appliance Software User Manual", "NVIDIA", ONLINE),
    "nvidia-h200": Source("NVIDIA H200 Tensor Core GPU datasheet", "NVIDIA", 2024),
    "nvidia-b200": Source("NVIDIA HGX B200 datasheet", "NVIDIA", 2024),
    "nvidia-hgx-b300": Source("NVIDIA HGX B300 platform specifications; NVIDIA DGX B300 data sheet", "NVIDIA", ONLINE),
    "connectx8": Source("NVIDIA ConnectX-8 SuperNIC User Manual", "NVIDIA", ONLINE),
    "linkx-xdr": Source("NVIDIA LinkX 800Gb/s XDR transceivers and fibre part numbers (200G-PAM4)", "NVIDIA", ONLINE),
    "broadcom-th6": Source("Tomahawk 6 switch series shipping announcement (102.4 Tb/s)", "Broadcom", 2025),
    "amd-mi300x": Source("AMD Instinct MI300X Accelerator Data Sheet", "AMD", 2023),
    "azure-nd-mi300x": Source("ND MI300X v5 virtual machine series documentation", "Microsoft Azure", ONLINE),
    "amd-mi355x": Source("AMD Instinct MI350 Series (MI355X) launch material", "AMD", 2025),
    "amd-pollara": Source("AMD Pensando Pollara 400 AI NIC product page", "AMD", ONLINE),
    "linkx": Source("NVIDIA LinkX transceivers and cables (MMS4X00-NS400, MCP7Y00) product documentation", "NVIDIA",
                    ONLINE),
    "reseller-prices": Source("Quantum-2 QM9700 price list; HGX H100 server quote", "FS.com; Thinkmate", 2024),
    "zaratan": Source("Zaratan cluster InfiniBand per-link latency measurements (perftest)",
                      "University of Maryland", 2026),
    "meta-sigcomm24": Source("Gangidi et al., RDMA over Ethernet for Distributed AI Training at Meta Scale",
                             "ACM SIGCOMM", 2024),
    "barre": Source("Peng et al., Barre: Empowering Simplified and Versatile Programmable Congestion Control in "
                    "High-Speed AI Clusters", "USENIX ATC", 2025),
    "hpcc": Source("Li et al., HPCC: High Precision Congestion Control", "ACM SIGCOMM", 2019),
    "dcqcn": Source("Zhu et al., Congestion Control for Large-Scale RDMA Deployments", "ACM SIGCOMM", 2015),
    "pfc": Source("IEEE 802.1Qbb: Priority-based Flow Control", "IEEE", 2011),
    "nccl-tests": Source("NCCL Tests: performance reported by NCCL tests (bus bandwidth definitions)", "NVIDIA",
                         ONLINE),
    "perftest": Source("perftest: RDMA micro-benchmarks (ib_write_lat)", "Linux RDMA project", ONLINE),
}

# what each catalog product's figures were taken from (products with estimates only have none)
PRODUCT_SOURCES: dict[str, tuple[str, ...]] = {
    "qm9700": ("nvidia-qm97x0", "reseller-prices"),
    "q3400": ("nvidia-xdr",),
    "sn5600": ("nvidia-sn5000",),
    "7060x6": ("broadcom-th5", "amd-drivenets"),
    "n9364e": ("cisco-g200",),
    "ncp5300r": ("amd-drivenets", "meta-sigcomm24"),
    "7050cx3": ("arista-7050x3",),
    "cx7": ("connectx7", "zaratan"),
    "bf3": ("linkx", "barre"),
    "thor2": ("thor2",),
    "skyway": ("skyway",),
    "hgx-h100": ("dgx-h100", "reseller-prices"),
    "hgx-h200": ("nvidia-h200",),
    "hgx-b200": ("nvidia-b200",),
    "hgx-b300": ("nvidia-hgx-b300",),
    "mi300x-8": ("amd-mi300x", "azure-nd-mi300x"),
    "mi355x-8": ("amd-mi355x", "amd-pollara"),
    "cx8": ("connectx8",),
    "pollara400": ("amd-pollara",),
    "th6-64x1600": ("broadcom-th6",),
    "osfp-800g-dr4": ("linkx-xdr",),
    "xdr-twin-dr8": ("nvidia-xdr", "linkx-xdr"),
    "sn2201": ("dgx-superpod-h100",),
    "ufm-appliance": ("nvidia-ufm", "dgx-superpod-h100"),
}
# cables and modules whose catalog entry was taken from NVIDIA's LinkX pages cite them (a table by part code would
# fall behind the catalog: it once held ids the catalog no longer has, and the proposal showed no source for them)
LINKX_PREFIX = "NVIDIA LinkX"


def product_source_keys(model: str, catalog_source: str) -> tuple[str, ...]:
    """The bibliography keys of a catalog product: its entry in PRODUCT_SOURCES, else LinkX for LinkX parts."""
    if model in PRODUCT_SOURCES:
        return PRODUCT_SOURCES[model]
    return ("linkx",) if catalog_source.startswith(LINKX_PREFIX) else ()

# the sources of what the proposal itself states: the settings presets compared, the acceptance tests
PRESET_SOURCES = ("meta-sigcomm24", "barre", "hpcc", "dcqcn", "pfc")
ACCEPTANCE_SOURCES = ("nccl-tests", "perftest")

# provenance classes of the catalog (V, V*, P, M, S, E) in the legend's three words
PROVENANCE_CLASS = {"V": "vendor", "V*": "vendor", "P": "measured", "M": "measured", "S": "measured", "E": "estimate"}
# catalog figure names in the reader's words (a figure not listed here is not shown)
FIGURE_WORDS = ("ports", "port_gbps", "latency_ns", "buffer_mb", "buffer", "power_w", "price_usd", "nvlink_gbps",
                "bf16_tflops", "hbm_tbps", "all")


def provenance_class(text: str) -> str | None:
    """"vendor", "measured" or "estimate" from a catalog provenance note ("E (HDR QM8700-class ...)")."""
    head = text.strip().split(" ")[0].split("/")[0].rstrip(",;")
    return PROVENANCE_CLASS.get(head) or ("vendor" if head.startswith("V") else None)


def product_provenance(provenance: dict[str, str]) -> list[tuple[str, str]]:
    """(figure, class) pairs of a catalog entry, in a fixed order, without the catalog's notes."""
    out = []
    for name in FIGURE_WORDS:
        if name in provenance:
            cls = provenance_class(str(provenance[name]))
            if cls is not None:
                out.append((name, cls))
    return out


def cited(keys: list[str]) -> dict[str, int]:
    """Each source key -> its number in the sources list, in order of first citation."""
    numbers: dict[str, int] = {}
    for key in keys:
        if key in BIBLIOGRAPHY and key not in numbers:
            numbers[key] = len(numbers) + 1
    return numbers
