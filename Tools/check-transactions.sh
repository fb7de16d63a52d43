#!/usr/bin/env bash
# Each service's transactions live in its database type (docs/architecture.md, "One database type per
# service"): no file under Services/<Context>/Handlers imports GRDB or opens a read, write or delivery on
# the QuadDatabase itself. Prints each offending line and fails; CI runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
while IFS= read -r -d '' file; do
    case "$file" in
        */Handlers/*Database.swift | */Handlers/*Database+*.swift) continue ;;
    esac
    if hits=$(grep -nE '^(public |internal |@preconcurrency )*import GRDB$|(storage|database)\.(read|write|receive|idempotent|storedAnswer)\b' "$file"); then
        while IFS= read -r hit; do echo "$file:$hit"; done <<<"$hits"
        status=1
    fi
done < <(git ls-files -z -- 'Services/*/Handlers/*.swift')

if [[ $status != 0 ]]; then
    echo "check-transactions: handlers above open transactions; ask the service's database type instead" >&2
    exit 1
fi
echo "check-transactions: every handler asks its service's database type for its transactions"
