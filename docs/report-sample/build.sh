#!/bin/sh
# Rebuild the sample proposals (English and Chinese) of the hybrid example and their page images.
# Run from the repository root: `make report-sample` (or sh docs/report-sample/build.sh with fabric-designer on PATH).
set -eu
FD=${FD:-fabric-designer}
HERE=docs/report-sample
DESIGN=projects/hybrid-ib-rocev2.json
rm -rf "$HERE/en" "$HERE/zh_CN" "$HERE"/*.pdf "$HERE"/page-*.png
# the English proposal is of a copy whose pods, servers and gateways are named in English (names_en.py)
DESIGN_EN=$(mktemp --suffix=.json)
trap 'rm -f "$DESIGN_EN"' EXIT
python3 "$HERE/names_en.py" "$DESIGN" "$DESIGN_EN"
for lang in en zh_CN; do
    mkdir -p "$HERE/$lang"
    if [ "$lang" = en ]; then customer="Example AI Lab"; scale="128 GPUs now, 512 in the next phase"; design=$DESIGN_EN
    else customer="示例人工智能实验室"; scale="现有 128 块 GPU，下一期扩展到 512 块"; design=$DESIGN; fi
    "$FD" report "$design" -o "$HERE/hybrid-ib-rocev2.$lang.pdf" --lang "$lang" \
        --workload allreduce:1GiB --workload alltoall:64MiB \
        --customer "$customer" --author "Fabric Designer" --scale "$scale" --budget 6620000 --json \
        > "$HERE/$lang/recommendation.json"
    pdftoppm -png -r 60 "$HERE/hybrid-ib-rocev2.$lang.pdf" "$HERE/$lang/page"
done
echo "wrote $HERE/hybrid-ib-rocev2.en.pdf, $HERE/hybrid-ib-rocev2.zh_CN.pdf and their pages"
