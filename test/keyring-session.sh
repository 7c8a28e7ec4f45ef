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
# CASHDESK_KEYRING_IN_MEMORY (npm test, through with-keyring.ts --tmp-in-memory): new items go to the
# daemon's session collection, held in memory, instead of the login keyring's file. The file is written
# whole, encrypted, at every change, so each write costs more the more items the run has left (5 ms of
# the daemon's CPU a write at 300 items, 50 ms at 1,800); in memory it stays a few ms. Same daemon, same
# D-Bus API, same libsecret calls from keytar.
dbus-run-session -- sh -c '
  printf pass | XDG_DATA_HOME="$KEYRING_HOME" gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 1
  if [ -n "$CASHDESK_KEYRING_IN_MEMORY" ]; then
    # The daemon takes its bus name just after it returns; a call before that would have D-Bus start
    # a second daemon, with the default keyring folder.
    tries=0
    until dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets | grep -q true; do
      tries=$((tries + 1))
      [ "$tries" -lt 200 ] || { echo "gnome-keyring-daemon did not take its bus name" >&2; exit 1; }
      sleep 0.05
    done
    dbus-send --session --print-reply=literal --dest=org.freedesktop.secrets /org/freedesktop/secrets \
      org.freedesktop.Secret.Service.SetAlias string:default objpath:/org/freedesktop/secrets/collection/session >/dev/null || exit 1
  fi
  exec "$@"' sh "$@"
