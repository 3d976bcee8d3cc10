#!/usr/bin/env bash
# The system packages `npm test` uses, and the check before any step runs (.ci/run calls it too, before `npm ci`).
# Every package is checked; as root with apt-get the missing ones are installed, otherwise it stops at once naming
# each missing one and the command that installs them (docs/decisions.md, issue 44).
#
# For its test (scripts/preflight.test.ts), where the checks look:
#   PREFLIGHT_ROOT      prefix of every fixed path checked (default none: the machine's own /); when set, nothing is installed
#   PREFLIGHT_PATH      directories searched for commands (default $PATH)
#   PREFLIGHT_NO_INSTALL=1  never install, as on a machine without root or apt-get
set -uo pipefail
R=${PREFLIGHT_ROOT:-}

# One line a package: name | Debian package | Homebrew (formula, or "--cask name") | check | what uses it.
# A check is `file:<glob>` (a path that must exist) or `cmd:<name>` (a command on PREFLIGHT_PATH).
SYSTEM_DEPS=(
  "Chromium|chromium|--cask chromium|file:${CHROMIUM_PATH:-$R/usr/bin/chromium}|budgets, Lighthouse, screenshots (CHROMIUM_PATH, default /usr/bin/chromium)"
  "Headless shell|chromium-headless-shell|--cask chromium|file:${CHROMIUM_HEADLESS_PATH:-${CHROMIUM_PATH:-$R/usr/lib/chromium/chromium-headless-shell}}|browser tests (CHROMIUM_HEADLESS_PATH, default Debian's chromium-headless-shell; CHROMIUM_PATH's Chromium where it is set)"
  "CJK fonts|fonts-noto-cjk|--cask font-noto-sans-cjk|file:$R/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc|Korean text in the browser tests, screenshots and Lighthouse"
  "PostgreSQL|postgresql|postgresql@15|file:$R/usr/lib/postgresql/*/bin/initdb|server tests on PostgreSQL (scripts/with-postgres.sh)"
  "ffmpeg|ffmpeg|ffmpeg|cmd:ffmpeg|the console's video processing"
)

present() { # present <check>
  local kind=${1%%:*} what=${1#*:} dir
  case $kind in
    file) compgen -G "$what" >/dev/null ;;
    cmd)
      local IFS=:
      for dir in ${PREFLIGHT_PATH-$PATH}; do [ -n "$dir" ] && [ -x "$dir/$what" ] && return 0; done
      return 1 ;;
    *) echo "preflight: unknown check '$1'" >&2; return 2 ;;
  esac
}

# Fills missing_names, missing_apt and missing_brew, and prints every package with its state.
check_all() {
  missing_names=() missing_apt=() missing_brew=()
  local line name apt brew check uses
  for line in "${SYSTEM_DEPS[@]}"; do
    IFS='|' read -r name apt brew check uses <<<"$line"
    if present "$check"; then
      printf '  ok       %-11s %s\n' "$name" "$uses"
    else
      printf '  MISSING  %-11s %s (Debian package %s)\n' "$name" "$uses" "$apt"
      missing_names+=("$name ($apt)") missing_apt+=("$apt") missing_brew+=("$brew")
    fi
  done
}

brew_line() { # the Homebrew command for the missing packages: formulae in one install, casks in another
  local formulae=() casks=() b
  for b in "${missing_brew[@]}"; do
    # Homebrew's one Chromium stands in for Debian's two (the browser and its headless shell): named once.
    [[ " ${casks[*]} ${formulae[*]} " == *" ${b#--cask } "* ]] && continue
    if [[ $b == --cask\ * ]]; then casks+=("${b#--cask }"); else formulae+=("$b"); fi
  done
  if [ ${#formulae[@]} -gt 0 ] && [ ${#casks[@]} -gt 0 ]; then
    echo "brew install ${formulae[*]} && brew install --cask ${casks[*]}"
  elif [ ${#formulae[@]} -gt 0 ]; then
    echo "brew install ${formulae[*]}"
  else
    echo "brew install --cask ${casks[*]}"
  fi
}

echo "preflight: the system packages npm test uses (scripts/preflight.sh)"
check_all
[ ${#missing_apt[@]} -eq 0 ] && exit 0

can_install() {
  [ -z "$R" ] && [ -z "${PREFLIGHT_PATH+x}" ] && [ "${PREFLIGHT_NO_INSTALL:-}" != 1 ] &&
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1
}
if can_install; then
  echo "preflight: installing ${missing_apt[*]} (apt-get, as root)"
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_apt[@]}" >/dev/null; then
    echo "preflight: after the install"
    check_all
    [ ${#missing_apt[@]} -eq 0 ] && exit 0
  fi
  echo "preflight: still missing after apt-get: ${missing_names[*]}" >&2
  exit 1
fi

{
  echo
  echo "preflight: npm test stops here. Missing: $(printf '%s, ' "${missing_names[@]}" | sed 's/, $//')."
  echo "Install them, then run npm test again:"
  echo "  Debian/Ubuntu:     sudo apt-get install -y ${missing_apt[*]}"
  echo "  macOS (Homebrew):  $(brew_line)"
} >&2
exit 1
