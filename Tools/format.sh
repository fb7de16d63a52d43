#!/usr/bin/env bash
# Formats every Swift file the project writes by hand with the committed .swift-format, or with
# --check lints them and fails on any violation (CI). Files git does not track yet (and does not
# ignore) count too, so a new file is formatted before its first commit. Generated contracts
# (*.pb.swift, *.quad.swift) are left as their generators write them: Tools/generate-contracts.sh
# --check guards those.
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do
    case "$file" in
        *.pb.swift | *.quad.swift) ;;
        *) files+=("$file") ;;
    esac
done < <(git ls-files -z --cached --others --exclude-standard -- '*.swift')

if [[ "${1:-}" == "--check" ]]; then
    swift format lint --strict --configuration .swift-format "${files[@]}"
    echo "swift format: ${#files[@]} files follow .swift-format"
elif [[ $# -eq 0 ]]; then
    swift format format --in-place --configuration .swift-format "${files[@]}"
else
    echo "usage: Tools/format.sh [--check]" >&2
    exit 2
fi
