#!/usr/bin/env bash
# The Raspberry Pi kiosk; `bash deploy/setup.sh kiosk [OPTIONS]` runs this.
#
#   (no option)        install or update the kiosk, then (re)start the app
#   --uninstall        remove everything the kiosk installed; saved games stay
#   --user NAME        the user the app runs as (default: you; under sudo, SUDO_USER)
#   --rotation 0|180   the screen rotation seeded into the app's settings (first run only)
#   --chroot           for a system that is not running (an image in a chroot): the
#                      service is enabled but not started, and no display is probed
#
#   bash deploy/kiosk.sh render-unit USER HOME KIVY_HOME INSTALL_DIR [DRM_INDEX]
#   bash deploy/kiosk.sh render-rules USER
#                      print the systemd unit or polkit rule the kiosk would install
#
# Idempotent. Every change to the system is recorded in $MANIFEST so that
# --uninstall removes exactly that. Never reads standard input.
set -euo pipefail
shopt -u patsub_replacement 2>/dev/null || true  # bash 5.2: '&' in ${x//a/b} stays '&'

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
# shellcheck source-path=SCRIPTDIR source=common.sh
. "$here/deploy/common.sh"

SERVICE=exploration-companion-kiosk.service
UNIT_PATH=/etc/systemd/system/$SERVICE
RULES_PATH=/etc/polkit-1/rules.d/50-exploration-companion-kiosk.rules
STATE_DIR=/var/lib/exploration-companion-kiosk
MANIFEST=$STATE_DIR/installed
TEMPLATES="$here/deploy/kiosk"

done_lines=()
# What changed, listed at the end (and, if a step fails, what had changed by then).
did() { done_lines+=("$*"); }

fail() { say "$*"; exit 1; }

report_partial() {
    local status=$? line
    if [ "$status" -ne 0 ] && [ "${#done_lines[@]}" -gt 0 ]; then
        say "stopped; what had been done before:"
        for line in "${done_lines[@]}"; do printf '  - %s\n' "$line" >&2; done
    fi
}
trap report_partial EXIT

# ---- rendering ------------------------------------------------------------------------

systemd_escape() {
    # systemd reads '%' as a specifier in unit values.
    printf '%s' "${1//%/%%}"
}

render_unit() {
    # $1 user, $2 home, $3 KIVY_HOME, $4 install dir, $5 DRM card index or "".
    local text drm
    text="$(cat "$TEMPLATES/exploration-companion-kiosk.service.in")"
    if [ -n "${5:-}" ] && [ "$5" != 0 ]; then
        drm="Environment=SDL_KMSDRM_DEVICE_INDEX=$5"
    else
        drm="# SDL_KMSDRM_DEVICE_INDEX is not needed: /dev/dri/card0 drives the screen."
    fi
    text="${text//@USER@/$(systemd_escape "$1")}"
    text="${text//@HOME@/$(systemd_escape "$2")}"
    text="${text//@KIVY_HOME@/$(systemd_escape "$3")}"
    text="${text//@INSTALL_DIR@/$(systemd_escape "$4")}"
    printf '%s\n' "${text//@DRM_DEVICE@/$drm}"
}

render_rules() {
    local text
    text="$(cat "$TEMPLATES/50-exploration-companion-kiosk.rules.in")"
    printf '%s\n' "${text//@USER@/$1}"
}

# ---- who and where --------------------------------------------------------------------

kiosk_user=""
kiosk_home=""

choose_user() {
    local wanted="$1"
    if [ -z "$wanted" ]; then
        if [ "$(id -u)" -eq 0 ] && [ -n "${SUDO_USER:-}" ]; then
            wanted="$SUDO_USER"
        else
            wanted="$(id -un)"
        fi
    fi
    [[ "$wanted" =~ ^[a-z_][a-z0-9_-]*$ ]] || fail "'$wanted' is not a user name this kiosk accepts."
    [ "$wanted" != root ] || fail "the app should not run as root: run this as the player's user (with sudo), or pass --user NAME."
    kiosk_home="$(getent passwd "$wanted" | cut -d: -f6 || true)"
    [ -n "$kiosk_home" ] || fail "there is no user '$wanted' on this system."
    kiosk_user="$wanted"
}

as_user() {
    # Run a command as the kiosk user, with the environment the service will have.
    if [ "$(id -un)" = "$kiosk_user" ]; then
        env -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u KIVY_HOME "$@"
    elif [ "$(id -u)" -eq 0 ]; then
        local keep=()
        while IFS= read -r line; do keep+=("$line"); done \
            < <(env | grep -E '^(https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY|PIP_[A-Z_]+)=' || true)
        runuser -u "$kiosk_user" -- env -i HOME="$kiosk_home" USER="$kiosk_user" \
            LOGNAME="$kiosk_user" PATH=/usr/local/bin:/usr/bin:/bin "${keep[@]}" "$@"
    else
        fail "to set up the kiosk for $kiosk_user, run this as $kiosk_user or with sudo."
    fi
}

check_paths() {
    [[ "$here" =~ ^/[A-Za-z0-9._/+-]+$ ]] \
        || fail "the project folder '$here' has a space or unusual character in its path; move it to a plain one such as ~/exploration-companion."
    # The service reads the project folder as the kiosk user.
    as_user test -r "$here/pyproject.toml" \
        || fail "$kiosk_user cannot read $here; clone the project as $kiosk_user, in their home."
}

# ---- the manifest of what was installed ------------------------------------------------

recorded() { [ -f "$MANIFEST" ] && grep -qxF "$*" "$MANIFEST"; }

record() {
    recorded "$@" && return 0
    as_root mkdir -p "$STATE_DIR"
    printf '%s\n' "$*" | as_root tee -a "$MANIFEST" >/dev/null
}

recorded_values() {
    # The values of every "$1 VALUE" line.
    [ -f "$MANIFEST" ] || return 0
    sed -n "s/^$1 //p" "$MANIFEST"
}

install_system_file() {
    # $1 path, $2 content: written only when different, recorded either way.
    # Read as root: /etc/polkit-1/rules.d is closed to other users.
    if as_root test -f "$1" && [ "$(as_root cat "$1")" = "$2" ]; then
        say "$1 is up to date"
    else
        as_root mkdir -p "$(dirname "$1")"
        printf '%s\n' "$2" | as_root tee "$1" >/dev/null
        as_root chmod 0644 "$1"
        did "wrote $1"
    fi
    record file "$1"
}

# ---- installing -----------------------------------------------------------------------

install_packages() {
    local before=" "
    for package in $APT_BASE $APT_RUN $APT_KIOSK; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" \
            || before="$before$package "
    done
    apt_packages "$APT_RUN $APT_KIOSK"
    for package in $before; do
        record package "$package"
        did "installed the system package $package"
    done
}

install_venv() {
    [ -d .venv ] || record venv "$here/.venv"
    local before
    before="$(cat .venv/.installed-* 2>/dev/null || true)"
    # No pip cache: it would keep a second copy of every wheel on the SD card.
    # shellcheck disable=SC2016  # expanded by the inner shell
    as_user env PIP_NO_CACHE_DIR=1 bash -c \
        'set -euo pipefail; cd "$1"; . deploy/common.sh; python_env "$2"' \
        _ "$here" "$EXTRA_RUN"
    if [ "$before" != "$(cat .venv/.installed-* 2>/dev/null || true)" ]; then
        did "installed the companion in $here/.venv"
    fi
}

join_groups() {
    local have
    have=" $(id -nG "$kiosk_user") "
    for group in video render input; do
        if ! getent group "$group" >/dev/null; then
            say "there is no '$group' group on this system; skipped (a Raspberry Pi has one)"
        elif [[ "$have" != *" $group "* ]]; then
            as_root usermod -aG "$group" "$kiosk_user"
            record group "$group"
            did "added $kiosk_user to the $group group"
        fi
    done
}

install_kivy_config() {
    local kivy_home="$1"
    record dir "$kivy_home"
    if as_user cmp -s "$TEMPLATES/kivy-config.ini" "$kivy_home/config.ini"; then
        say "Kivy's configuration in $kivy_home is up to date"
        return
    fi
    as_user mkdir -p "$kivy_home"
    as_user install -m 0644 "$TEMPLATES/kivy-config.ini" "$kivy_home/config.ini"
    did "wrote Kivy's configuration to $kivy_home/config.ini (one touch provider)"
}

seed_settings() {
    local file="$1" rotation="$2"
    if as_user test -e "$file"; then
        say "kept the app's settings in $file as they are"
        return
    fi
    as_user mkdir -p "$(dirname "$file")"
    # The app's own file and format (companion/ui/settings.py: JSON); it fills in the rest.
    printf '{"rotation": %s}\n' "$rotation" | as_user tee "$file" >/dev/null
    record settings "$file $(sha256sum < "$file" | cut -d' ' -f1)"
    did "seeded the app's settings in $file (rotation $rotation)"
}

drm_card_index() {
    # The first /dev/dri/cardN with display connectors (on a Pi 5, card0 is the 3D
    # engine only and the screen hangs off card1).
    local card name
    for card in /sys/class/drm/card[0-9]*; do
        name="${card##*/}"
        [[ "$name" =~ ^card[0-9]+$ ]] || continue
        if compgen -G "/sys/class/drm/$name-*" >/dev/null; then
            printf '%s\n' "${name#card}"
            return
        fi
    done
}

boot_to_console() {
    # Kivy's wheels have no Wayland backend: with a desktop, boot to the console.
    [ -e /etc/systemd/system/display-manager.service ] || return 0
    [ "$(systemctl get-default)" = graphical.target ] || return 0
    as_root systemctl set-default multi-user.target >/dev/null
    record target graphical.target
    did "the desktop no longer starts at boot (multi-user target): the kiosk needs the screen; --uninstall switches it back"
}

start_service() {
    local chroot="$1"
    if [ "$chroot" = 1 ]; then
        as_root systemctl enable "$SERVICE" >/dev/null 2>&1 \
            || as_root systemctl --root=/ enable "$SERVICE" >/dev/null
        did "enabled $SERVICE (not started: --chroot)"
        return
    fi
    as_root systemctl daemon-reload
    as_root systemctl enable "$SERVICE" >/dev/null 2>&1
    if systemctl is-active --quiet display-manager.service 2>/dev/null; then
        did "enabled $SERVICE; reboot to start the kiosk (the desktop holds the screen until then)"
    else
        as_root systemctl restart "$SERVICE"
        did "enabled and (re)started $SERVICE"
    fi
}

install_kiosk() {
    local rotation="$1" chroot="$2"
    if [ "$chroot" != 1 ] && [ ! -d /run/systemd/system ]; then
        fail "systemd is not running here; for an image in a chroot, add --chroot."
    fi
    check_paths
    install_packages
    install_venv
    local paths kivy_home settings drm=""
    paths="$(as_user "$here/.venv/bin/python" -I -c \
        'from companion import kiosk; print(kiosk.kivy_home({})); print(kiosk.settings_file({}))')"
    kivy_home="$(sed -n 1p <<<"$paths")"
    settings="$(sed -n 2p <<<"$paths")"
    join_groups
    record configdir "$(dirname "$settings")"
    install_kivy_config "$kivy_home"
    seed_settings "$settings" "$rotation"
    [ "$chroot" = 1 ] || drm="$(drm_card_index)"
    install_system_file "$UNIT_PATH" "$(render_unit "$kiosk_user" "$kiosk_home" "$kivy_home" "$here" "$drm")"
    install_system_file "$RULES_PATH" "$(render_rules "$kiosk_user")"
    record user "$kiosk_user"
    boot_to_console
    start_service "$chroot"
    summary "The kiosk is installed for $kiosk_user. Saved games: $kiosk_home/.local/share/exploration-companion/."
}

# ---- uninstalling ---------------------------------------------------------------------

remove_settings() {
    local file sum
    while read -r file sum; do
        [ -n "$file" ] || continue
        if [ ! -e "$file" ]; then
            continue
        elif [ "$(sha256sum < "$file" | cut -d' ' -f1)" = "$sum" ]; then
            as_root rm -f "$file"
            did "removed the seeded settings $file"
        else
            say "kept $file: it was changed in the app's Settings since the kiosk seeded it"
        fi
    done < <(recorded_values settings)
}

uninstall_kiosk() {
    local chroot="$1" owner
    owner="$(recorded_values user | head -n 1)"
    [ -f "$MANIFEST" ] || say "no kiosk install is recorded in $MANIFEST; removing what is there"
    if systemctl is-enabled --quiet "$SERVICE" 2>/dev/null; then
        if [ "$chroot" = 1 ] || [ ! -d /run/systemd/system ]; then
            as_root systemctl disable "$SERVICE" >/dev/null 2>&1
        else
            as_root systemctl disable --now "$SERVICE" >/dev/null 2>&1
        fi
        did "stopped and disabled $SERVICE"
    fi
    local path
    while read -r path; do
        if [ -n "$path" ] && as_root test -e "$path"; then
            as_root rm -f "$path"
            did "removed $path"
        fi
    done < <(printf '%s\n' "$UNIT_PATH" "$RULES_PATH"; recorded_values file)
    if [ "$chroot" != 1 ] && [ -d /run/systemd/system ]; then
        as_root systemctl daemon-reload
    fi
    while read -r path; do
        if [ -n "$path" ] && [ -d "$path" ]; then
            as_root rm -rf "$path"
            did "removed $path"
        fi
    done < <(recorded_values dir; recorded_values venv)
    remove_settings
    while read -r path; do
        # The app's own folder goes only if nothing else (a player's file) is in it.
        if [ -n "$path" ] && [ -d "$path" ] && as_root rmdir "$path" 2>/dev/null; then
            did "removed $path"
        fi
    done < <(recorded_values configdir)
    local group target
    while read -r group; do
        if [ -n "$group" ] && [ -n "$owner" ]; then
            as_root gpasswd -d "$owner" "$group" >/dev/null
            did "removed $owner from the $group group"
        fi
    done < <(recorded_values group)
    while read -r target; do
        if [ -n "$target" ]; then
            as_root systemctl set-default "$target" >/dev/null
            did "the desktop starts at boot again ($target)"
        fi
    done < <(recorded_values target)
    local packages
    packages="$(recorded_values package | tr '\n' ' ')"
    as_root rm -rf "$STATE_DIR"
    [ -z "$packages" ] || say "system packages the kiosk installed stay (others may use them): $packages"
    summary "The kiosk is removed; every saved game is kept."
}

summary() {
    printf '%s\n' "$1"
    [ "${#done_lines[@]}" -gt 0 ] || printf '  - nothing needed changing\n'
    local line
    for line in "${done_lines[@]}"; do
        printf '  - %s\n' "$line"
    done
}

main() {
    case "${1:-}" in
        render-unit)
            [ $# -ge 5 ] || fail "usage: kiosk.sh render-unit USER HOME KIVY_HOME INSTALL_DIR [DRM_INDEX]"
            shift
            render_unit "$@"
            return ;;
        render-rules)
            [ $# -eq 2 ] || fail "usage: kiosk.sh render-rules USER"
            render_rules "$2"
            return ;;
    esac
    local uninstall=0 user="" rotation=0 chroot=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --uninstall) uninstall=1 ;;
            --chroot) chroot=1 ;;
            --user) user="${2:-}"; shift ;;
            --rotation)
                rotation="${2:-}"; shift
                [[ "$rotation" =~ ^(0|180)$ ]] || fail "--rotation takes 0 or 180." ;;
            *) fail "unknown kiosk option '$1': use --uninstall, --user NAME, --rotation 0|180 or --chroot." ;;
        esac
        shift
    done
    if [ "$uninstall" = 1 ]; then
        uninstall_kiosk "$chroot"
    else
        choose_user "$user"
        install_kiosk "$rotation" "$chroot"
    fi
}

main "$@"
