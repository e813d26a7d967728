"""Write the hybrid example with its names in English, for the English sample proposal.

Run: python3 docs/report-sample/names_en.py projects/hybrid-ib-rocev2.json OUT.json (standard library only). The
example's pods, servers and gateways are named in Chinese, as its customer typed them, and a proposal shows typed
names as typed: the English sample is built from this copy, which differs from the example in its names alone.
"""

import json
import re
import sys

WORDS = (
    ("混合集群: IB 训练 + RoCEv2 推理", "Hybrid cluster: IB training + RoCEv2 inference"),
    ("训练集群", "Training pod"),
    ("推理集群", "Inference pod"),
    ("训练节点", "Training node"),
    ("推理节点", "Inference node"),
    ("IB-以太网网关", "IB-Ethernet gateway"),
)


def english(text: str) -> str:
    for chinese, words in WORDS:
        text = text.replace(chinese, words)
    return re.sub(r" \((training|inference) pod\)", "", text)     # the notes' glosses, now the names themselves


def main(source: str, target: str) -> int:
    with open(source, encoding="utf-8") as f:
        design = json.load(f)
    design["name"], design["notes"] = english(design["name"]), english(design["notes"])
    for node in design["nodes"]:
        if "label" in node:
            node["label"] = english(node["label"])
    for segment in design["segments"]:
        segment["name"] = english(segment["name"])
    left = re.findall(r"[\u4e00-\u9fff]+", json.dumps(design, ensure_ascii=False))
    if left:
        print(f"names_en.py: no English for {sorted(set(left))}", file=sys.stderr)
        return 1
    with open(target, "w", encoding="utf-8") as f:
        json.dump(design, f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
