#!/usr/bin/env bash
# Resolves a git merge conflict in Resources/Localizable.xcstrings by a union of keys.
set -euo pipefail
f=Resources/Localizable.xcstrings
git show :2:$f > /tmp/xc-ours.json
git show :3:$f > /tmp/xc-theirs.json
cp /tmp/xc-ours.json $f
python3 Scripts/strings.py merge /tmp/xc-theirs.json
git add $f
