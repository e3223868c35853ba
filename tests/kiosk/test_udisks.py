"""The real USB mechanism against a fake /sys, /dev and /proc/mounts describing a Pi."""

import os
import subprocess
from pathlib import Path

import pytest

from companion.kiosk.udisks import UdisksSticks
from companion.kiosk.usb import UsbError

USB_PATH = "devices/platform/scb/fd500000.pcie/pci0000:00/0000:01:00.0/usb2/2-1/2-1:1.0/host0"


def _disk(root: Path, name: str, parent: str, parts: dict[str, int]) -> None:
    """A block device under `parent` in sysfs, with partitions of the given sizes (sectors)."""
    real = root / "sys" / parent / name
    real.mkdir(parents=True)
    (real / "size").write_text(str(sum(parts.values()) or 1000))
    for part, sectors in parts.items():
        (real / part).mkdir()
        (real / part / "partition").write_text("1")
        (real / part / "size").write_text(str(sectors))
    (root / "sys" / "block").mkdir(parents=True, exist_ok=True)
    os.symlink(real, root / "sys" / "block" / name)


@pytest.fixture
def pi(tmp_path):
    """SD card (system), a USB stick with a label and a space, a USB SSD holding swap."""
    _disk(tmp_path, "mmcblk0", "devices/platform/emmc2bus/mmc0/block",
          {"mmcblk0p1": 1_048_576, "mmcblk0p2": 60_000_000})
    _disk(tmp_path, "sda", f"{USB_PATH}/block", {"sda1": 31_000_000})
    _disk(tmp_path, "sdb", f"{USB_PATH}/b/block", {"sdb1": 2, "sdb5": 4_000_000,
                                                   "sdb6": 4_000_000})
    _disk(tmp_path, "sdc", f"{USB_PATH}/c/block", {})
    labels = tmp_path / "dev" / "disk" / "by-label"
    labels.mkdir(parents=True)
    os.symlink("../../sda1", labels / "GAME\\x20NIGHT")
    (tmp_path / "mounts").write_text(
        "/dev/mmcblk0p2 / ext4 rw 0 0\n/dev/mmcblk0p1 /boot/firmware vfat rw 0 0\n"
        "proc /proc proc rw 0 0\n")
    (tmp_path / "swaps").write_text("Filename Type Size Used Priority\n"
                                    "/dev/sdb6 partition 2000000 0 -2\n")
    calls = []

    def run(argv):
        calls.append(list(argv))
        if argv[1] == "mount":
            with (tmp_path / "mounts").open("a") as mounts:
                mounts.write(f"{argv[-1]} /media/pi/GAME\\040NIGHT vfat rw 0 0\n")
            return subprocess.CompletedProcess(argv, 0, f"Mounted {argv[-1]} at ...", "")
        if argv[1] == "unmount":
            lines = (tmp_path / "mounts").read_text().splitlines(keepends=True)
            (tmp_path / "mounts").write_text("".join(x for x in lines if argv[-1] not in x))
        return subprocess.CompletedProcess(argv, 0, "", "")
    mechanism = UdisksSticks(sys_root=tmp_path / "sys", labels_dir=labels,
                             mounts_file=tmp_path / "mounts", swaps_file=tmp_path / "swaps",
                             run=run, which=lambda name: f"/usr/bin/{name}")
    return mechanism, calls, tmp_path


def test_only_usb_partitions_outside_the_system_are_offered(pi):
    mechanism, _, _ = pi
    found = mechanism.sticks()
    # The SD card is not on USB; sdb holds swap (a USB system disk); sdc has no medium
    # worth offering (a card reader with 1000 sectors); sdb1 is an extended-partition stub.
    assert [(s.device, s.label, s.size_bytes) for s in found] == \
        [("/dev/sda1", "GAME NIGHT", 31_000_000 * 512)]


def test_mounting_goes_through_udisksctl_and_reads_the_mount_point(pi):
    mechanism, calls, _ = pi
    [stick] = mechanism.sticks()
    stick_path = mechanism.mount(stick)
    assert stick_path == Path("/media/pi/GAME NIGHT")
    assert calls == [["udisksctl", "mount", "--no-user-interaction", "-b", "/dev/sda1"]]
    mechanism.release(stick)
    assert calls[1:] == [["udisksctl", "unmount", "--no-user-interaction", "-b", "/dev/sda1"],
                         ["udisksctl", "power-off", "--no-user-interaction", "-b", "/dev/sda"]]


def test_an_already_mounted_stick_is_used_where_it_is(pi):
    mechanism, calls, root = pi
    with (root / "mounts").open("a") as mounts:
        mounts.write("/dev/sda1 /media/pi/STICK vfat rw 0 0\n")
    [stick] = mechanism.sticks()
    assert stick.mount_point == "/media/pi/STICK"
    assert mechanism.mount(stick) == Path("/media/pi/STICK") and calls == []


def test_an_unreadable_stick_is_a_sentence_and_safe_to_remove(pi):
    mechanism, _, _ = pi
    mechanism.run = lambda argv: subprocess.CompletedProcess(
        argv, 1, "", "Error mounting /dev/sda1: wrong fs type\nmore")
    [stick] = mechanism.sticks()
    with pytest.raises(UsbError) as refused:
        mechanism.mount(stick)
    assert str(refused.value) == ("GAME NIGHT (16 GB) could not be opened (Error mounting "
                                  "/dev/sda1: wrong fs type); it is safe to remove. A stick "
                                  "formatted FAT32, exFAT or ext4 works.")


def test_without_udisks_the_sentence_says_how_to_get_it(pi):
    mechanism, _, _ = pi
    mechanism.which = lambda name: None
    [stick] = mechanism.sticks()
    with pytest.raises(UsbError, match="udisks2 is not installed"):
        mechanism.mount(stick)


def test_a_busy_stick_is_not_called_safe(pi):
    mechanism, _, _ = pi
    [stick] = mechanism.sticks()
    mechanism.mount(stick)
    mechanism.run = lambda argv: subprocess.CompletedProcess(argv, 1, "", "target is busy")
    with pytest.raises(UsbError, match="do not remove it yet"):
        mechanism.release(stick)


def test_export_through_udisks_mounts_copies_and_powers_the_stick_down(pi):
    from companion.kiosk import usb
    from companion.session import open_session

    mechanism, calls, root = pi
    mount_point = root / "media" / "pi" / "GAME NIGHT"
    mount_point.mkdir(parents=True)
    real_run = mechanism.run

    def run(argv):
        result = real_run(argv)
        if argv[1] == "mount":  # udisks mounts where the fake /proc/mounts says
            text = (root / "mounts").read_text().replace("/media/pi/GAME\\040NIGHT",
                                                         str(mount_point).replace(" ", "\\040"))
            (root / "mounts").write_text(text)
        return result
    mechanism.run = run
    db = root / "data" / "games.db"
    session = open_session(db, "ti4", new=True, seed=5)
    session.close()
    usb.use(mechanism)
    try:
        [stick] = usb.sticks()
        report = usb.export_to(stick, db)
    finally:
        usb.use(None)
    assert len(list((mount_point / report.folder).glob("*.json"))) == 1
    assert [c[1] for c in calls] == ["mount", "unmount", "power-off"]
    assert report.message.endswith("You can remove the stick now.")
