#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from samples/ and tests/data/:
#   fuzz/seeds.sh OUTDIR   -> OUTDIR/TARGET/ for every fuzz/fuzz_TARGET.cpp
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
out=${1:?usage: fuzz/seeds.sh OUTDIR}
mkdir -p "$out"/{fabricjson,graphml,jobspec,cliargs,controlrequest,ibnetdiscover,iblinkinfo,cablingcsv,lldp,dot,netbox,nccltopo,lftdump,pkeydump,pathrecords,explorespec,explorecache,floor,catalog,studypart,squeue}
# The design tools' inputs: the sample requirements, the bundled catalogue and
# the fixtures kept in fuzz/corpus (regressions included).
cp samples/*.explore.json fuzz/corpus/explorespec/* "$out/explorespec/"
cp fuzz/corpus/explorecache/* "$out/explorecache/"
cp fuzz/corpus/floor/* "$out/floor/"
cp resources/bom/catalog.json "$out/catalog/"
cp fuzz/corpus/studypart/* "$out/studypart/"
cp fuzz/corpus/squeue/* "$out/squeue/"
# Small fabrics only: libFuzzer's default -max_len is 4 KB anyway.
for f in samples/*.fabric.json tests/data/*/*.fabric.json; do
    [[ $(stat -c %s "$f") -le 65536 ]] && cp "$f" "$out/fabricjson/"
done
cp samples/*.graphml tests/data/*/*.graphml "$out/graphml/"
cp samples/*.job.json "$out/jobspec/"
cp fuzz/corpus/cliargs/* "$out/cliargs/"
cp fuzz/corpus/controlrequest/* "$out/controlrequest/"
cp tests/data/ibnetdiscover/* fuzz/corpus/ibnetdiscover/* "$out/ibnetdiscover/"
cp tests/data/iblinkinfo/* "$out/iblinkinfo/"
cp tests/data/lft/* "$out/lftdump/"
cp tests/data/pkeys/*.pktr tests/data/pkeys/*.smpquery-pkeys "$out/pkeydump/"
cp tests/data/pkeys/*.saquery-p "$out/pathrecords/"
cp tests/data/cablingcsv/* "$out/cablingcsv/"
cp tests/data/netbox/* "$out/netbox/"
cp tests/data/nccltopo/* "$out/nccltopo/"
cp tests/data/dot/* "$out/dot/"
# Single dumps and the dumps of the folder cases (subfolders).
find tests/data/lldp -type f -exec cp {} "$out/lldp/" \;
