#!/bin/sh
# Rebuilds apps/web/src/assets/fonts/inter-latin-var.woff2: Inter's variable font cut to Latin,
# Latin-1 and common punctuation, text optical size only (opsz 14) and weights 400–900 (what the
# CSS uses), as woff2. Needs fontTools with brotli (Debian: apt-get install python3-fonttools
# python3-brotli). Run from the repository root.
set -eu
SOURCE=node_modules/primereact/resources/themes/lara-light-pink/fonts/InterVariable.woff2
OUT=apps/web/src/assets/fonts/inter-latin-var.woff2
TMP=$(mktemp -d)
python3 -m fontTools.subset "$SOURCE" \
  --unicodes="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD" \
  --layout-features='kern,liga,calt,cv02,cv03,cv04,cv11,tnum' \
  --output-file="$TMP/latin.ttf"
python3 -m fontTools.varLib.instancer "$TMP/latin.ttf" opsz=14 wght=400:900 --output="$TMP/instanced.ttf"
python3 -c "from fontTools.ttLib import TTFont; f = TTFont('$TMP/instanced.ttf'); f.flavor = 'woff2'; f.save('$OUT')"
rm -rf "$TMP"
ls -l "$OUT"
