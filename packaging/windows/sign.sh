#!/usr/bin/env bash
# Sign Windows executables in place with the training room's code-signing
# certificate (Authenticode, SHA-256), on Linux, with osslsigncode.
#
#   packaging/windows/sign.sh FILE.exe [FILE.exe ...]
#
# The certificate comes from the environment (nothing is signed when neither
# is set; build_windows.sh then says the build is unsigned):
#   SIGN_PKCS12=room.pfx  SIGN_PASSWORD_FILE=room.pass   a .pfx/.p12 and its password
#   SIGN_CERT=room.crt    SIGN_KEY=room.key              PEM certificate (chain) and key
# Optional: SIGN_TIMESTAMP_URL=http://timestamp.example  an RFC 3161 time-stamp
#   server, so the signature stays valid after the certificate expires (needs
#   the network at build time; use your certificate authority's server).
#
# `sign.sh --configured` exits 0 when a certificate is set, 1 when not.
# Each file is checked with `osslsigncode verify` after signing: a signature
# that does not verify against the certificate given fails the build.
set -euo pipefail

configured() { [ -n "${SIGN_PKCS12:-}" ] || [ -n "${SIGN_CERT:-}" ]; }
if [ "${1:-}" = "--configured" ]; then configured; exit; fi
[ $# -ge 1 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
configured || { echo "sign.sh: no certificate (set SIGN_PKCS12 or SIGN_CERT and SIGN_KEY)" >&2; exit 1; }
command -v osslsigncode >/dev/null || { echo "sign.sh: osslsigncode is missing" >&2; exit 1; }

what=(-n "Heads Up Hold'em Dealer Trainer" -h sha256)
if [ -n "${SIGN_PKCS12:-}" ]; then
    [ -f "$SIGN_PKCS12" ] || { echo "sign.sh: SIGN_PKCS12: no file $SIGN_PKCS12" >&2; exit 1; }
    key=(-pkcs12 "$SIGN_PKCS12")
    if [ -n "${SIGN_PASSWORD_FILE:-}" ]; then key+=(-readpass "$SIGN_PASSWORD_FILE"); fi
    chain=()
else
    for name in SIGN_CERT SIGN_KEY; do
        [ -f "${!name:-}" ] || { echo "sign.sh: $name: no file ${!name:-} (set both SIGN_CERT and SIGN_KEY)" >&2; exit 1; }
    done
    key=(-certs "$SIGN_CERT" -key "$SIGN_KEY")
    chain=(-CAfile "$SIGN_CERT")
fi
stamp=()
if [ -n "${SIGN_TIMESTAMP_URL:-}" ]; then stamp=(-ts "$SIGN_TIMESTAMP_URL"); fi

for file in "$@"; do
    [ -f "$file" ] || { echo "sign.sh: no file $file" >&2; exit 1; }
    rm -f "$file.signed"
    osslsigncode sign "${key[@]}" "${what[@]}" "${stamp[@]}" -in "$file" -out "$file.signed" >/dev/null
    mv "$file.signed" "$file"
    if [ ${#chain[@]} -gt 0 ]; then
        # With the PEM form the test (and a room's own CA) can be verified here;
        # a certificate from a public CA is verified against the system's roots.
        osslsigncode verify "${chain[@]}" -in "$file" >/dev/null \
            || { echo "sign.sh: the signature of $file does not verify" >&2; exit 1; }
    fi
    echo "sign.sh: signed $(basename "$file")"
done
