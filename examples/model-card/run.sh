#!/usr/bin/env bash
# The model-card worked example (docs/models-card.md): the embedded model and a warmer configuration
# of it through all four lenses, offline. Run from the repository's root after `make run` or
# `make install`; it keeps its data in .centaur-card/ (override with CENTAUR_DATA_DIR).
# Every step resumes when run again; nothing is asked of a model twice.
#
# It always ends with the cards: a step that fills a lens may come to nothing (a 135M model's
# generated arena agents often fail their checks, a busy machine times a call out), and then the
# script says so and goes on; the card says why that lens has no score and which command fills it.
#
# Knobs (environment), for a shorter run or another endpoint; the defaults are the documented run:
#   CENTAUR_BIN      folder of the centaur and python executables (default .venv/bin)
#   CENTAUR_CONFIG   the models' configuration (default examples/model-card/centaur.toml)
#   CARD_PORT        the study server's port (default 8765)
#   CARD_BENCH_TASKS bench tasks (default anagram_pairs,min_gap)
#   CARD_ARENA_TASKS tasks per arena tournament (default 20)
#   CARD_PARTICIPANTS scripted participants per run (default 6)
#   CARD_COLLAB_TASKS collab tasks per agent (default 2)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export CENTAUR_CONFIG="${CENTAUR_CONFIG:-$here/centaur.toml}"
export CENTAUR_DATA_DIR="${CENTAUR_DATA_DIR:-.centaur-card}"
bin="${CENTAUR_BIN:-.venv/bin}"
centaur="$bin/centaur"; python="$bin/python"
port="${CARD_PORT:-8765}"
left=()  # the steps that came to nothing, named again at the end

# step LENS COMMAND...: run one step of a lens; when it fails, say so and go on to the next lens
step() {
    local lens=$1; shift
    if ! "$@"; then
        echo "model-card example: a step of the $lens lens failed: $*" >&2
        echo "  going on; the card shows what the $lens lens lacks and the command that fills it" >&2
        left+=("$lens")
    fi
}

mkdir -p "$CENTAUR_DATA_DIR"
$centaur db upgrade

# bench: two samples per configuration of two algo tasks, neutral framing
step bench $centaur bench run -m local -m local-warm --tasks "${CARD_BENCH_TASKS:-anagram_pairs,min_gap}" \
    --framings neutral --samples 2 --max-tokens 200

# arena: each configuration writes an agent (strategy A1, answers of at most 1,200 tokens), one debug
# round and no restart (the command's default of 3 restarts makes four conversations of two 1,200-token
# answers per agent: more than an hour on a busy two-core machine, for agents a 135M model rarely gets
# through the checks); then a tournament of whatever the checks accepted against two baselines. When
# no agent passed (often, with a 135M model), there is no tournament: the card's arena lens shows the
# failed agents, why there is no win rate, and the commands that would give one.
step arena $centaur arena generate -m local -m local-warm --strategies A1 --replicates 1 --debug-rounds 1 \
    --restarts 0 --max-tokens 1200
if agents=$($centaur arena generated names); then
    # shellcheck disable=SC2086  # one name per word
    step arena $centaur arena tournament $agents naive honest --topologies france --tournaments 1 \
        --tasks "${CARD_ARENA_TASKS:-20}" --seed 2026 --id card-demo --quiet
else
    echo "model-card example: no generated agent passed its checks, so no tournament; going on" >&2
    left+=(arena)
fi

# study: no AI against autocomplete from each configuration, six scripted participants (each run of
# this script adds six more)
study() {
    $centaur study create "$here/study.toml" --base-url "http://127.0.0.1:$port" >/dev/null || return 1
    CENTAUR_PORT=$port $centaur serve >"$CENTAUR_DATA_DIR/serve.log" 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null || true' EXIT  # no server left behind if the script is stopped
    local status=0
    for _ in $(seq 600); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.2; done
    $python "$here/participants.py" --base-url "http://127.0.0.1:$port" \
        --participants "${CARD_PARTICIPANTS:-6}" || status=$?
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    trap - EXIT
    return "$status"
}
step study study

# collab: each configuration's agent alone on two tasks, graded by the offline panel
step collab $centaur collab run --agent local-agent --limit-tasks "${CARD_COLLAB_TASKS:-2}"
step collab $centaur collab run --agent warm-agent --limit-tasks "${CARD_COLLAB_TASKS:-2}"
step collab $centaur collab grade --all

$centaur models card local
$centaur models card local-warm
$centaur models compare local local-warm
if [ ${#left[@]} -gt 0 ]; then
    lenses=$(printf '%s\n' "${left[@]}" | sort -u | tr '\n' ' ')
    echo "model-card example: done; lenses with a step that came to nothing: ${lenses}(the cards above say why" \
        "and what fills them)" >&2
fi
