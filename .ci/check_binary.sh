#!/usr/bin/env bash
# Check a built executable the way a machine without Python would run it:
#
#     .ci/check_binary.sh [dist/hwgame]
#
# 1. every Python on this machine is hidden (an empty folder mounted over each, in a private mount
#    namespace: needs root and unshare; without them the runs below still get an empty environment);
# 2. the executable runs with an empty environment (env -i: no PATH, no PYTHONHOME, no HOME):
#    its --version and its --smoke self-check (assets, a drawn middle game and tutorial lesson, a turn
#    of the Easy computer, a save loaded back);
# 3. a game against the computer in the real window loop: under Xvfb when it is installed, else on
#    SDL's dummy driver. The computer moves first; the executable then checks its own autosave and
#    it must hold the computer's turn.
# Prints one line per check; exits non-zero at the first failure.
set -euo pipefail
binary="${1:-dist/hwgame}"
[ -f "$binary" ] && [ -x "$binary" ] || { echo "check_binary: $binary is not an executable file"; exit 1; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"  # absolute, as the messages show it
work="$(mktemp -d)"
xvfb_pid=""
cleanup() { [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# Folders and programs of every Python here; each becomes an empty mount inside the namespace.
hide=()
for p in /usr/lib/python3* /usr/local/lib/python3* /usr/bin/python3* /usr/local/bin/python3* \
         "${HOME:-/root}/.pyenv" /opt/python* "$(cd "$(dirname "$0")/.." && pwd)/.venv"; do
  [ -e "$p" ] && hide+=("$p")
done

# The display: a private Xvfb when there is one, else SDL's dummy driver.
display_env=(SDL_VIDEODRIVER=dummy)
if command -v Xvfb >/dev/null; then
  for n in $(seq 150 199); do
    [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] && continue
    Xvfb ":$n" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
    if [ -e "/tmp/.X11-unix/X$n" ]; then display_env=(DISPLAY=":$n"); break; fi
    kill "$xvfb_pid" 2>/dev/null || true; xvfb_pid=""
  done
fi

cat > "$work/run.sh" <<EOF
set -euo pipefail
if [ "\${HIDE_PYTHON:-1}" = 1 ]; then
  for p in ${hide[*]:-}; do
    if [ -d "\$p" ]; then mount -t tmpfs none "\$p"; else mount --bind /dev/null "\$p"; fi
  done
  hidden=yes
  for p in ${hide[*]:-}; do
    if [ -d "\$p" ]; then [ -z "\$(ls -A "\$p")" ] || hidden=no; else [ -c "\$p" ] || hidden=no; fi
  done
  echo "check_binary: Python hidden: \$hidden (${#hide[@]} places)"
  [ "\$hidden" = yes ]
fi
version=\$(env -i "$binary" --version)
echo "check_binary: --version with an empty environment: \$version"
env -i "$binary" --smoke | sed 's/^/check_binary: /'
env -i SDL_AUDIODRIVER=dummy ${display_env[*]} "$binary" --data-dir "$work/data" --new-game --opponent computer \
  --level easy --first opponent --setup auto --seed 3 --size 1280x800 --max-frames 300
saved=\$(env -i "$binary" --load "$work/data/saves/autosave.json" --smoke)
echo "check_binary: game against the computer (${display_env[*]}): \$saved"
case "\$saved" in *": loads: "[3-9]" turns"*|*": loads: "[1-9][0-9]*" turns"*) ;; *) echo "check_binary: the computer did not play"; exit 1;; esac
EOF

if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null && unshare --mount --propagation private true 2>/dev/null; then
  unshare --mount --propagation private bash "$work/run.sh"
else
  echo "check_binary: cannot hide Python here (needs root and unshare); running with an empty environment only"
  HIDE_PYTHON=0 bash "$work/run.sh"
fi
echo "check_binary: all checks passed"
