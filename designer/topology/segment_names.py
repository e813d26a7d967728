"""Names the generator gives back-end segments, and such a name in another language.

The generator names a segment in the language it runs in ("Back-end (IB)", "后端网络（IB）") and the project
keeps that text. Whoever shows the design in another language (a Chinese proposal of a design generated in
English) shows a generated name in that language; a name the user typed is shown as typed.
"""

from __future__ import annotations

import re
from functools import cache

from designer.i18n import LANGUAGES, render

PROTOCOL_NAMES = {"ib": "IB", "rocev2": "RoCEv2"}
BACKEND_ID, POD_ID = "generate.segment.backend", "generate.segment.pod"


def backend_name(protocol: str, language: str | None = None) -> str:
    """The name of a design's one back-end segment: "Back-end (IB)"."""
    return render(BACKEND_ID, language, protocol=PROTOCOL_NAMES[protocol])


def pod_name(pod: int, protocol: str, language: str | None = None) -> str:
    """The name of a hybrid design's pod segment: "Pod 2 (RoCEv2)"."""
    return render(POD_ID, language, n=pod, protocol=PROTOCOL_NAMES[protocol])


def shown_name(name: str, language: str, protocol: str | None = None) -> str:
    """`name` in `language` if the generator gave it (in any language), else `name` unchanged. With `protocol`
    (ib or rocev2), a generated name names that protocol: the segment as it runs in a comparison's option."""
    for written_in in LANGUAGES:
        for msg_id in (BACKEND_ID, POD_ID):
            found = _pattern(msg_id, written_in).fullmatch(name.strip())
            if found:
                params = found.groupdict()
                if protocol in PROTOCOL_NAMES:
                    params["protocol"] = PROTOCOL_NAMES[protocol]
                return render(msg_id, language, **params)
    return name


def renamed_for(name: str, protocol: str) -> str:
    """A generated name naming `protocol` instead, in the language it was written in ("Back-end (RoCEv2)" of a
    drawing's segment in its InfiniBand option: "Back-end (IB)"); a name the user typed unchanged."""
    for written_in in LANGUAGES:
        if any(_pattern(msg_id, written_in).fullmatch(name.strip()) for msg_id in (BACKEND_ID, POD_ID)):
            return shown_name(name, written_in, protocol)
    return name


def backend_of_pods(name: str) -> str:
    """A generated pod name ("Pod 1 (IB)") as the generated name of a design's one back-end in the same language and
    protocol ("Back-end (IB)"): hybrid pods joined into one fabric; a name the user typed unchanged."""
    for written_in in LANGUAGES:
        found = _pattern(POD_ID, written_in).fullmatch(name.strip())
        if found:
            return render(BACKEND_ID, written_in, protocol=found["protocol"])
    return name


def names_protocol(name: str, protocol: str) -> bool:
    """Whether a segment's name already says its protocol ("Back-end (IB)", "RoCE pod"), so that a label need not
    repeat it."""
    return PROTOCOL_NAMES.get(protocol, protocol) in name or (protocol == "ib" and "InfiniBand" in name)


@cache
def _pattern(msg_id: str, language: str) -> re.Pattern[str]:
    """The message as a pattern: its pod number and protocol name as named groups."""
    template = re.escape(render(msg_id, language, n="NUMBERSLOT", protocol="PROTOCOLSLOT"))
    protocols = "|".join(re.escape(p) for p in PROTOCOL_NAMES.values())
    return re.compile(template.replace("NUMBERSLOT", r"(?P<n>\d+)")
                      .replace("PROTOCOLSLOT", f"(?P<protocol>{protocols})"))
