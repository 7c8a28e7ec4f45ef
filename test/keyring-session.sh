#!/bin/sh
# Runs a command with a real Secret Service for keytar. On Linux the tests get a private D-Bus
# session and an unlocked gnome-keyring of their own, so they never touch a developer's keychain.
# On macOS and Windows keytar uses the system keychain directly.
set -e
if [ "$(uname -s)" != "Linux" ] || [ -n "$CASHDESK_KEYRING_READY" ]; then
  exec "$@"
fi
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "keytar tests need a Secret Service: apt-get install -y gnome-keyring dbus dbus-x11" >&2
  exit 1
fi
export CASHDESK_KEYRING_READY=1
# The keyring's files go to a folder of this run's own: two runs at once (two terminals, or CI beside
# a developer) would otherwise share ~/.local/share/keyrings and overwrite each other's items.
KEYRING_HOME="$(mktemp -d)"
trap 'rm -rf "$KEYRING_HOME"' EXIT
export KEYRING_HOME
dbus-run-session -- sh -c 'printf pass | XDG_DATA_HOME="$KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@"
