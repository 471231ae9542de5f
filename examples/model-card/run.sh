#!/usr/bin/env bash
# The model-card worked example (docs/models-card.md): the embedded model and a warmer configuration
# of it through all four lenses, offline. Run from the repository's root after `make run` or
# `make install`; it keeps its data in .centaur-card/ (override with CENTAUR_DATA_DIR).
# Every step resumes when run again; nothing is asked of a model twice.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CENTAUR_CONFIG="$here/centaur.toml"
export CENTAUR_DATA_DIR="${CENTAUR_DATA_DIR:-.centaur-card}"
centaur=".venv/bin/centaur"; python=".venv/bin/python"
port="${CARD_PORT:-8765}"

$centaur db upgrade

# bench: two samples per configuration of two algo tasks, neutral framing
$centaur bench run -m local -m local-warm --tasks anagram_pairs,min_gap --framings neutral --samples 2 \
    --max-tokens 200

# arena: each configuration writes an agent (strategy A1, answers of at most 1,200 tokens), one debug
# round; then a tournament of whatever the checks accepted against two baselines
$centaur arena generate -m local -m local-warm --strategies A1 --replicates 1 --debug-rounds 1 \
    --max-tokens 1200
agents=$($centaur arena generated names)
if [ -n "$agents" ]; then
    $centaur arena tournament $agents naive honest --topologies france --tournaments 1 --tasks 20 \
        --seed 2026 --id card-demo --quiet
fi

# study: no AI against autocomplete from each configuration, six scripted participants (each run of
# this script adds six more)
$centaur study create "$here/study.toml" --base-url "http://127.0.0.1:$port" >/dev/null
CENTAUR_PORT=$port $centaur serve >"$CENTAUR_DATA_DIR/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 120); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 1; done
$python "$here/participants.py" --base-url "http://127.0.0.1:$port" --participants 6
kill $server; trap - EXIT

# collab: each configuration's agent alone on two tasks, graded by the offline panel
$centaur collab run --agent local-agent --limit-tasks 2
$centaur collab run --agent warm-agent --limit-tasks 2
$centaur collab grade --all

$centaur models card local
$centaur models card local-warm
$centaur models compare local local-warm
