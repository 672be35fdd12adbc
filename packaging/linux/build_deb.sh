#!/usr/bin/env bash
# Build dist/hhe-trainer_<version>_<arch>.deb from the bundle dist/hhe-trainer/.
#
#   packaging/build_bundle.sh && packaging/linux/build_deb.sh      (or: make package)
#
# Layout installed:
#   /opt/hhe-trainer/                    the PyInstaller bundle (read-only)
#   /usr/bin/hhe-trainer                 -> /opt/hhe-trainer/hhe-trainer
#   /usr/share/applications/hhe-trainer.desktop
#   /usr/share/icons/hicolor/<N>x<N>/apps/hhe-trainer.png
#   /etc/hhe-trainer/site.toml           the training room's site file (a conffile:
#                                        an upgrade never overwrites IT's edits)
# Each user's database, settings and logs go to ~/.local/share/hhe-trainer
# (or the site file's [data] folder), never under /opt.
#
# Needs dpkg-deb and fakeroot (Debian/Ubuntu: apt-get install dpkg-dev fakeroot).
set -euo pipefail
cd "$(dirname "$0")/../.."

BUNDLE=dist/hhe-trainer
[ -x "$BUNDLE/hhe-trainer" ] || { echo "build_deb: no bundle at $BUNDLE; run packaging/build_bundle.sh" >&2; exit 1; }
for tool in dpkg-deb fakeroot; do
    command -v "$tool" >/dev/null || { echo "build_deb: $tool is missing (apt-get install dpkg-dev fakeroot)" >&2; exit 1; }
done

VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' trainer/__init__.py)
ARCH=$(dpkg --print-architecture)
# What the bundle needs from the system and does not carry: the C library,
# OpenGL/EGL (Qt's GUI module links them), two xcb helpers PyInstaller does not
# collect, and fonts with fontconfig's configuration (a bare system has none,
# and Qt draws no text without a font). Checked below against the bundle.
DEPENDS="libc6 (>= 2.36), libegl1, libgl1, libxcb1, libxcb-icccm4, libxcb-keysyms1, fontconfig-config, fonts-dejavu-core"
# soname -> the package in DEPENDS that provides it (Debian bookworm names).
declare -A PROVIDER=(
    [libc.so.6]=libc6 [libm.so.6]=libc6 [libdl.so.2]=libc6 [libpthread.so.0]=libc6
    [librt.so.1]=libc6 [libutil.so.1]=libc6 [ld-linux-x86-64.so.2]=libc6
    [libresolv.so.2]=libc6  # psycopg_binary's Kerberos and LDAP libraries (issue 20)
    [libEGL.so.1]=libegl1 [libGL.so.1]=libgl1 [libGLX.so.0]=libgl1 [libOpenGL.so.0]=libgl1
    [libGLdispatch.so.0]=libgl1 [libxcb.so.1]=libxcb1
    [libxcb-icccm.so.4]=libxcb-icccm4 [libxcb-keysyms.so.1]=libxcb-keysyms1
)

# Every library an executable or library of the bundle needs must be in the
# bundle or provided by a package in DEPENDS: a newer PySide6 that needs
# another system library fails the build here, not on a station.
missing=""
while IFS= read -r -d '' elf; do
    file -b "$elf" 2>/dev/null | grep -q '^ELF' || continue
    for soname in $(objdump -p "$elf" 2>/dev/null | awk '/NEEDED/ {print $2}'); do
        if [ -e "$BUNDLE/_internal/$soname" ] || [ -n "$(find "$BUNDLE/_internal" -name "$soname" -print -quit)" ]; then
            continue
        fi
        package=${PROVIDER[$soname]:-}
        if [ -z "$package" ] || ! grep -q "\b$package\b" <<<"$DEPENDS"; then
            missing="$missing $soname(${elf#"$BUNDLE"/})"
        fi
    done
done < <(find "$BUNDLE" -type f \( -name '*.so*' -o -name hhe-trainer \) -print0)
if [ -n "$missing" ]; then
    echo "build_deb: libraries neither in the bundle nor in Depends:$missing" >&2
    echo "build_deb: add their Debian packages to DEPENDS and PROVIDER in $0" >&2
    exit 1
fi

STAGE=build/deb/hhe-trainer
rm -rf build/deb
mkdir -p "$STAGE/DEBIAN" "$STAGE/opt" "$STAGE/usr/bin" "$STAGE/usr/share/applications" \
    "$STAGE/etc/hhe-trainer" "$STAGE/usr/share/doc/hhe-trainer"
cp -a "$BUNDLE" "$STAGE/opt/hhe-trainer"
chmod -R u+rwX,go+rX,go-w "$STAGE/opt/hhe-trainer"
ln -s /opt/hhe-trainer/hhe-trainer "$STAGE/usr/bin/hhe-trainer"
for png in assets/icons/hhe-trainer-*.png; do
    size=$(basename "$png" .png); size=${size##*-}
    install -D -m 644 "$png" "$STAGE/usr/share/icons/hicolor/${size}x${size}/apps/hhe-trainer.png"
done
install -m 644 packaging/linux/hhe-trainer.desktop "$STAGE/usr/share/applications/"
install -m 644 packaging/site.toml.example "$STAGE/etc/hhe-trainer/site.toml"
install -m 644 packaging/site.toml.example "$STAGE/usr/share/doc/hhe-trainer/site.toml.example"
install -m 644 docs/installing.md "$STAGE/usr/share/doc/hhe-trainer/installing.md"
echo "/etc/hhe-trainer/site.toml" > "$STAGE/DEBIAN/conffiles"
for script in postinst postrm; do
    install -m 755 "packaging/linux/$script" "$STAGE/DEBIAN/$script"
done

SIZE=$(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
cat > "$STAGE/DEBIAN/control" <<CONTROL
Package: hhe-trainer
Version: $VERSION
Architecture: $ARCH
Maintainer: hhe-trainer maintainers <hhe-trainer@localhost>
Installed-Size: $SIZE
Depends: $DEPENDS
Section: education
Priority: optional
Homepage: https://example.invalid/hhe-trainer
Description: Heads Up Hold'em dealer trainer for casino training rooms
 Deals practice rounds of Heads Up Hold'em and asks the trainee to settle
 every wager, with feedback, exams and an instructor area. Installs a
 self-contained build under /opt/hhe-trainer; each user's progress is kept
 in their own data folder. The training room's settings are in
 /etc/hhe-trainer/site.toml; check an installation with
 'hhe-trainer --self-check'.
CONTROL

OUT="dist/hhe-trainer_${VERSION}_${ARCH}.deb"
fakeroot dpkg-deb --build -Zxz "$STAGE" "$OUT" >/dev/null
echo "build_deb: $OUT ($(du -h "$OUT" | cut -f1); installed $((SIZE / 1024)) MB)"
