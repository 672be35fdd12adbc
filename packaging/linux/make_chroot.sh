#!/usr/bin/env bash
# Make (once) a clean Debian bookworm root for the .deb install test, and cache it.
#
#   packaging/linux/make_chroot.sh [CACHE_TARBALL]
#
# Writes build/chroot/bookworm-minbase.tar (debootstrap --variant=minbase, with
# apt's package lists fetched) unless it is already there; the install test
# unpacks a fresh copy of it for every run, so each run starts from a root that
# has never seen the trainer. Needs root, debootstrap (installed with apt-get
# when absent) and access to a Debian mirror (MIRROR=...).
set -euo pipefail
cd "$(dirname "$0")/../.."

CACHE=${1:-build/chroot/bookworm-minbase.tar}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SUITE=${SUITE:-bookworm}

if [ -s "$CACHE" ]; then
    echo "make_chroot: using the cached root $CACHE"
    exit 0
fi
if [ "$(id -u)" != "0" ]; then
    echo "make_chroot: debootstrap and chroot need root" >&2
    exit 1
fi
if ! command -v debootstrap >/dev/null 2>&1; then
    echo "make_chroot: installing debootstrap"
    apt-get install -y -qq debootstrap >/dev/null
fi

WORK=$(dirname "$CACHE")/make-root
rm -rf "$WORK"
mkdir -p "$WORK"
echo "make_chroot: debootstrap $SUITE (minbase) from $MIRROR into $WORK (a few minutes, once)"
debootstrap --variant=minbase "$SUITE" "$WORK" "$MIRROR" >"$WORK.log" 2>&1 || {
    echo "make_chroot: debootstrap failed; the end of its log ($WORK.log):" >&2
    tail -n 20 "$WORK.log" >&2
    exit 1
}
cp /etc/resolv.conf "$WORK/etc/resolv.conf"
chroot "$WORK" apt-get update -qq
chroot "$WORK" apt-get clean
tar -C "$WORK" -cf "$CACHE.tmp" .
mv "$CACHE.tmp" "$CACHE"
rm -rf "$WORK"
echo "make_chroot: cached $CACHE ($(du -h "$CACHE" | cut -f1))"
