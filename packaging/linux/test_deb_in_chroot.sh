#!/usr/bin/env bash
# Install the .deb into a clean Debian root and run the installed self-check there.
#
#   packaging/linux/test_deb_in_chroot.sh [dist/hhe-trainer_<version>_<arch>.deb]
#
# A fresh root is unpacked from the cached debootstrap tarball (make_chroot.sh)
# for every run. In it: apt-get installs the package's Depends (downloaded .debs
# are cached in build/chroot/apt-archives), `dpkg -i` installs the package, and
# as an ordinary user with no display `hhe-trainer --self-check` must pass;
# then the installation must be unchanged (nothing written under /opt), the
# X11 window plugin must find all its libraries, a bad site file must be
# reported by line and key, and `dpkg -r` must remove the program but keep
# the site file. Needs root. KEEP_ROOT=1 keeps the root for a look afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."

DEB=${1:-$(ls -t dist/hhe-trainer_*.deb 2>/dev/null | head -n 1)}
[ -n "$DEB" ] && [ -f "$DEB" ] || { echo "test_deb: no .deb (run make package)" >&2; exit 1; }
[ "$(id -u)" = "0" ] || { echo "test_deb: chroot needs root" >&2; exit 1; }
started=$(date +%s)

packaging/linux/make_chroot.sh
ROOT=build/chroot/run-$$
ARCHIVES=build/chroot/apt-archives
mkdir -p "$ROOT" "$ARCHIVES/partial"
cleanup() {
    for mount in "$ROOT/var/cache/apt/archives" "$ROOT/dev" "$ROOT/proc"; do
        mountpoint -q "$mount" && umount -l "$mount"
    done
    if [ "${KEEP_ROOT:-0}" = "1" ]; then echo "test_deb: root kept at $ROOT"; else rm -rf "$ROOT"; fi
}
trap cleanup EXIT
tar -C "$ROOT" -xf build/chroot/bookworm-minbase.tar
mount -t proc proc "$ROOT/proc"
mount --bind /dev "$ROOT/dev"
mount --bind "$ARCHIVES" "$ROOT/var/cache/apt/archives"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
cp "$DEB" "$ROOT/tmp/hhe-trainer.deb"
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"; }

step() { echo "test_deb: $* [$(( $(date +%s) - started )) s]"; }
step "fresh root from build/chroot/bookworm-minbase.tar"
depends=$(dpkg-deb -f "$DEB" Depends | sed 's/([^)]*)//g; s/,/ /g')
step "apt-get install the Depends:$depends"
in_root apt-get install -y -qq --no-install-recommends $depends >/dev/null
step "dpkg -i $(basename "$DEB")"
in_root dpkg -i /tmp/hhe-trainer.deb
in_root useradd -m trainee
before=$(in_root find /opt/hhe-trainer -printf '%p %s %T@\n' | sort | md5sum)

step "hhe-trainer --self-check as user trainee, no display"
chroot --userspec=trainee:trainee "$ROOT" /usr/bin/env -i HOME=/home/trainee \
    PATH=/usr/bin:/bin LANG=C.UTF-8 hhe-trainer --self-check

after=$(in_root find /opt/hhe-trainer -printf '%p %s %T@\n' | sort | md5sum)
[ "$before" = "$after" ] || { echo "test_deb: the self-check wrote inside /opt/hhe-trainer" >&2; exit 1; }
[ -d "$ROOT/home/trainee/.local/share/hhe-trainer" ] || {
    echo "test_deb: no data folder in ~/.local/share/hhe-trainer" >&2; exit 1; }
[ "$(readlink "$ROOT/usr/bin/hhe-trainer")" = /opt/hhe-trainer/hhe-trainer ]
[ -f "$ROOT/usr/share/applications/hhe-trainer.desktop" ]
[ -f "$ROOT/usr/share/icons/hicolor/256x256/apps/hhe-trainer.png" ]

step "the X11 window plugin finds every library"
if in_root sh -c 'LD_LIBRARY_PATH=/opt/hhe-trainer/_internal ldd /opt/hhe-trainer/_internal/PySide6/Qt/plugins/platforms/libqxcb.so' | grep "not found"; then
    echo "test_deb: libqxcb.so would not load on a desktop" >&2; exit 1
fi

step "a bad site file is reported by line and key"
printf '[rules]\nruleset = "ny-2018"\n[exam]\nrounds = 0\npass_mark = 90\n' > "$ROOT/etc/hhe-trainer/site.toml"
if output=$(chroot --userspec=trainee:trainee "$ROOT" /usr/bin/env -i HOME=/home/trainee \
        PATH=/usr/bin:/bin hhe-trainer --self-check 2>&1); then
    echo "test_deb: the self-check passed with a bad site file" >&2; exit 1
fi
grep -q "line 4, exam.rounds" <<<"$output" || { echo "$output" >&2; exit 1; }

step "dpkg -r keeps the edited site file, removes the program"
in_root dpkg -r hhe-trainer >/dev/null
[ ! -e "$ROOT/opt/hhe-trainer" ] && [ ! -e "$ROOT/usr/bin/hhe-trainer" ]
[ -f "$ROOT/etc/hhe-trainer/site.toml" ]
[ -d "$ROOT/home/trainee/.local/share/hhe-trainer" ]
step "passed"
