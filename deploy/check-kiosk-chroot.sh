#!/usr/bin/env bash
# Check `bash deploy/setup.sh kiosk` on a fresh Debian Bookworm root made with
# debootstrap: the packages, the venv, the unit, the Kivy configuration, the
# seeded settings and the polkit rule install; a second run changes nothing; a
# player's settings survive it; --uninstall leaves nothing of ours but the saved
# games. Not part of the test suite: it needs root, the network and minutes.
#
#   sudo bash deploy/check-kiosk-chroot.sh [WORK_DIR]   (default /var/tmp/companion-kiosk-check)
#
# The kiosk runs with --chroot, which skips only what needs a running systemd or
# real hardware: starting the service and probing the display. The root is
# x86-64 or whatever this machine is (deploy/check-arm64-chroot.sh: an arm64 root
# under qemu-user-static); Raspberry Pi packages (picamera2) are not
# in Debian and are installed only on a Pi.
set -euo pipefail
export LC_ALL=C
pip_env=()

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-/var/tmp/companion-kiosk-check}"
mirror="${MIRROR:-http://deb.debian.org/debian}"
base="$work/bookworm-base"
root="$work/root"
ref="$work/reference"
project=/home/pi/exploration-companion
log="$work/check.log"
SERVICE=exploration-companion-kiosk.service

say() { printf 'check: %s\n' "$*" >&2; }
fail() { say "FAILED: $*"; exit 1; }
in_root() { chroot "$root" "$@"; }
as_pi() { chroot "$root" /usr/sbin/runuser -u pi -- env -i HOME=/home/pi USER=pi LOGNAME=pi \
          PATH=/usr/local/bin:/usr/bin:/bin "${pip_env[@]}" "$@"; }

[ "$(id -u)" -eq 0 ] || fail "run this as root (it makes and enters a chroot)."
command -v debootstrap >/dev/null || fail "debootstrap is missing: apt-get install debootstrap."

mounted=()
cleanup() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
bind() {
    # $1 source, $2 target inside the root, $3 "ro" for read-only.
    mkdir -p "$2"
    mount --bind "$1" "$2"
    mounted+=("$2")
    [ "${3:-}" != ro ] || mount -o remount,bind,ro "$2"
}

make_root() {
    mkdir -p "$work"
    if [ ! -x "$base/bin/bash" ]; then
        say "making a Bookworm root with debootstrap (a few minutes)"
        debootstrap --include=sudo,ca-certificates,dbus bookworm "$base" "$mirror" >"$work/debootstrap.log"
    fi
    rm -rf "$root"
    cp -a "$base" "$root"
    mount -t proc proc "$root/proc"; mounted+=("$root/proc")
    bind /dev "$root/dev"
    mount -t devpts devpts "$root/dev/pts" -o newinstance; mounted+=("$root/dev/pts")
    mount -t tmpfs tmpfs "$root/run"; mounted+=("$root/run")
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    printf '127.0.1.1 %s\n' "$(hostname)" >>"$root/etc/hosts"  # sudo looks itself up
}

copy_network_config() {
    # So apt and pip inside the root reach what this machine reaches.
    cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    [ ! -f /etc/pip.conf ] || cp /etc/pip.conf "$root/etc/pip.conf"
    if [ -d /etc/xdg/pip ]; then mkdir -p "$root/etc/xdg"; cp -a /etc/xdg/pip "$root/etc/xdg/"; fi
    local config="${SUDO_HOME:-$HOME}/.config/pip"
    if [ -d "$config" ]; then
        mkdir -p "$root/home/pi/.config"
        cp -a "$config" "$root/home/pi/.config/"
        in_root chown -R pi:pi /home/pi/.config
    fi
    pip_env=()
    local line
    while IFS= read -r line; do pip_env+=("$line"); done < <(env | grep -E '^PIP_[A-Z_]+=' || true)
    # Local wheel folders and file:// indexes named by that configuration, read-only.
    local path
    while read -r path; do
        [ -d "$path" ] && [ ! -e "$root$path" ] && bind "$path" "$root$path" ro
    done < <(cat /etc/pip.conf /etc/xdg/pip/pip.conf "$config/pip.conf" 2>/dev/null \
             | { cat; printf '%s\n' "${pip_env[@]}"; } \
             | grep -oE '(file://)?/[A-Za-z0-9._/-]+' | sed 's|^file://||; s|/simple/*$||' \
             | sort -u)
}

add_player_user() {
    # As Raspberry Pi Imager does: a user with sudo and no password prompt.
    in_root useradd -m -s /bin/bash pi
    printf 'pi ALL=(ALL) NOPASSWD: ALL\n' > "$root/etc/sudoers.d/010_pi-nopasswd"
    chmod 0440 "$root/etc/sudoers.d/010_pi-nopasswd"
    in_root useradd -m -s /bin/bash guest
    mkdir -p "$root$project"
    tar -C "$here" --exclude=.venv --exclude=.git --exclude=__pycache__ --exclude='.*_cache' \
        -cf - . | tar -C "$root$project" -xf -
    in_root chown -R pi:pi "$project"
}

snapshot() {
    # Every path in a root ($1, default the one under test) with its type, minus
    # the mounts and volatile folders.
    (cd "${1:-$root}" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./run -o -path ./tmp \
        -o -path ./opt -o -path ./var/cache -o -path ./var/log -o -path ./var/lib/apt \
        -o -path ./var/lib/dpkg \) -prune -o -printf '%p\t%y\n' | LC_ALL=C sort)
}

our_files() {
    in_root sha256sum /etc/systemd/system/$SERVICE \
        /etc/polkit-1/rules.d/50-exploration-companion-kiosk.rules \
        /home/pi/.config/exploration-companion/kivy/config.ini \
        /home/pi/.config/exploration-companion/settings.json \
        /var/lib/exploration-companion-kiosk/installed
}

check_install() {
    local out="$1"
    for path in /etc/systemd/system/$SERVICE /etc/polkit-1/rules.d/50-exploration-companion-kiosk.rules \
        /home/pi/.config/exploration-companion/kivy/config.ini \
        /home/pi/.config/exploration-companion/settings.json \
        /etc/systemd/system/multi-user.target.wants/$SERVICE; do
        [ -e "$root$path" ] || [ -L "$root$path" ] || fail "$path was not installed"
    done
    [ "$(in_root systemctl is-enabled $SERVICE)" = enabled ] || fail "the service is not enabled"
    in_root systemd-analyze verify /etc/systemd/system/$SERVICE 2>&1 | tee "$work/verify.txt"
    [ ! -s "$work/verify.txt" ] || fail "systemd-analyze verify complained"
    for package in udisks2 polkitd dbus python3-venv libzbar0; do
        # shellcheck disable=SC2016  # dpkg's own format
        in_root dpkg-query -W -f='${Status}' "$package" | grep -q "install ok installed" \
            || fail "$package was not installed"
    done
    as_pi "$project/.venv/bin/companion" --help >/dev/null || fail "companion does not run"
    as_pi "$project/.venv/bin/python" -I -c 'from companion.kiosk import power, usb, probes' \
        || fail "the kiosk package does not import"
    local groups; groups=" $(in_root id -nG pi) "
    for group in video render input; do
        [[ "$groups" == *" $group "* ]] || fail "pi is not in $group"
    done
    grep -q "enabled $SERVICE (not started: --chroot)" <<<"$out" || fail "no summary line"
    say "install: files, packages, venv, groups and the enabled unit are in place"
}

check_polkit() {
    # The rule itself, judged by polkitd: pi may power off, reboot and mount sticks;
    # guest may not; pi may do nothing else without a password.
    in_root mkdir -p /run/dbus
    in_root dbus-daemon --system --fork
    in_root /usr/libexec/polkitd --no-debug >"$work/polkitd.log" 2>&1 &
    local polkitd=$! i
    for i in $(seq 50); do
        in_root pkaction --action-id org.freedesktop.login1.reboot >/dev/null 2>&1 && break
        sleep 0.2
    done
    [ "$i" -lt 50 ] || fail "polkitd did not start in the root"
    judge() { # $1 user, $2 action -> "yes" or "no"
        if chroot "$root" /usr/sbin/runuser -u "$1" -- sh -c \
            "pkcheck --action-id $2 --process \$\$" >/dev/null 2>&1; then echo yes; else echo no; fi
    }
    local verdicts
    verdicts="$(judge pi org.freedesktop.login1.power-off) $(judge pi org.freedesktop.login1.reboot)"
    verdicts="$verdicts $(judge pi org.freedesktop.udisks2.filesystem-mount)"
    verdicts="$verdicts $(judge guest org.freedesktop.login1.power-off)"
    verdicts="$verdicts $(judge pi org.freedesktop.udisks2.filesystem-mount-system)"
    verdicts="$verdicts $(judge pi org.freedesktop.login1.halt)"
    verdicts="$verdicts $(judge pi org.freedesktop.login1.suspend)"
    say "polkit: pi power-off/reboot/mount, guest power-off, pi mount-system/halt/suspend: $verdicts"
    [ "$verdicts" = "yes yes yes no no no no" ] || fail "the polkit rule grants the wrong things"
    kill "$polkitd" 2>/dev/null || true
    # shellcheck disable=SC2016  # expanded inside the root
    in_root sh -c 'kill "$(cat /run/dbus/pid)"' 2>/dev/null || true
}

check_second_run() {
    local before out
    before="$(our_files)"
    out="$(as_pi bash "$project/deploy/setup.sh" kiosk --chroot 2>&1)" || { printf '%s\n' "$out"; fail "the second run failed"; }
    printf '%s\n' "$out" >>"$log"
    [ "$before" = "$(our_files)" ] || fail "the second run changed installed files"
    grep -q "the companion in .venv is up to date" <<<"$out" || fail "the venv was reinstalled"
    sed -i 's/"rotation": 0}/"rotation": 180}/' "$root/home/pi/.config/exploration-companion/settings.json"
    out="$(as_pi bash "$project/deploy/setup.sh" kiosk --chroot --rotation 0 2>&1)"
    printf '%s\n' "$out" >>"$log"
    grep -q '"rotation": 180}' "$root/home/pi/.config/exploration-companion/settings.json" \
        || fail "a player's settings were overwritten"
    sed -i 's/"rotation": 180}/"rotation": 0}/' "$root/home/pi/.config/exploration-companion/settings.json"
    say "second run: nothing changed, and a player's settings were kept"
}

play_a_game() {
    printf 'player Ann red\nplayer Bob blue\n' | as_pi "$project/.venv/bin/companion" play --game ti4 --new >/dev/null
    in_root sha256sum /home/pi/.local/share/exploration-companion/games.db
}

copy_reference() {
    # A copy of the root as it is before the kiosk: later, only Debian's packages
    # are installed in it, so whatever the two roots differ in is ours.
    local excludes=() path
    for path in "${mounted[@]}"; do excludes+=("--exclude=./${path#"$root"/}"); done
    rm -rf "$ref"
    mkdir -p "$ref"
    (cd "$root" && tar "${excludes[@]}" -cf - .) | (cd "$ref" && tar -xpf -)
    mkdir -p "$ref/proc" "$ref/dev" "$ref/run"
}

reference_with_packages() {
    # $1: the packages the kiosk installed, as recorded in its manifest.
    mount -t proc proc "$ref/proc"; mounted+=("$ref/proc")
    bind /dev "$ref/dev"
    chroot "$ref" apt-get update -qq
    # shellcheck disable=SC2086  # a list of package names
    chroot "$ref" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        --no-install-recommends $1 >"$work/reference-apt.log" 2>&1
    snapshot "$ref"
}

check_uninstall() {
    local s0="$1" games="$2" groups_before="$3" leftovers packages
    packages="$(sed -n 's/^package //p' "$root/var/lib/exploration-companion-kiosk/installed" | tr '\n' ' ')"
    local out; out="$(as_pi bash "$project/deploy/setup.sh" kiosk --uninstall 2>&1)"
    printf '%s\n' "$out" >>"$log"
    [ "$(in_root sha256sum /home/pi/.local/share/exploration-companion/games.db)" = "$games" ] \
        || fail "the saved games changed"
    [ "$(in_root id -nG pi)" = "$groups_before" ] || fail "pi's groups were not restored"
    snapshot >"$work/after.txt"
    comm -13 "$s0" "$work/after.txt" >"$work/new-paths.txt"
    comm -23 "$s0" "$work/after.txt" >"$work/gone-paths.txt"
    [ ! -s "$work/gone-paths.txt" ] || { cat "$work/gone-paths.txt"; fail "uninstall removed paths it had not installed"; }
    # What Debian's packages and their scripts made is theirs: the reference root,
    # with only those packages installed, has it too. The rest must be the saved games.
    reference_with_packages "$packages" >"$work/reference.txt"
    comm -13 "$work/reference.txt" "$work/after.txt" | cut -f1 >"$work/ours-left.txt"
    say "left behind after --uninstall, beyond Debian's packages: $(tr '\n' ' ' <"$work/ours-left.txt")"
    # The saved games are the games file and its backups (made when a session closes).
    leftovers="$(grep -vxE '\./home/pi/\.local(/share(/exploration-companion(/games\.db|/backups(/games-[0-9]+-[0-9]+-[0-9]+\.db)?)?)?)?' \
        "$work/ours-left.txt" || true)"
    if [ -n "$leftovers" ]; then
        printf '%s\n' "$leftovers"
        fail "uninstall left files of ours behind"
    fi
    comm -23 "$work/reference.txt" "$work/after.txt" >"$work/missing.txt"
    [ ! -s "$work/missing.txt" ] || { cat "$work/missing.txt"; fail "the root lacks paths the reference has"; }
    say "uninstall: the saved games are intact and nothing else of ours is left"
}

main() {
    : >"$log" 2>/dev/null || { mkdir -p "$work"; : >"$log"; }
    make_root
    add_player_user
    copy_network_config
    local s0="$work/before.txt" groups_before out games
    snapshot >"$s0"
    copy_reference
    groups_before="$(in_root id -nG pi)"
    say "running the kiosk command as pi (apt, pip: a few minutes)"
    out="$(as_pi bash "$project/deploy/setup.sh" kiosk --chroot 2>&1)" || { printf '%s\n' "$out"; fail "the kiosk command failed"; }
    printf '%s\n' "$out" | tee -a "$log"
    check_install "$out"
    check_polkit
    check_second_run
    games="$(play_a_game)"
    check_uninstall "$s0" "$games" "$groups_before"
    say "PASSED (details in $log)"
}

main "$@"
